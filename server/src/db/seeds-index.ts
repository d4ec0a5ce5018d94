import { seedConfig } from '../domains/config/seed';
import { seedPayments } from '../domains/deposit/seed';
import { seedCatalog } from '../domains/game/catalog.seed';
import { seedMall } from '../domains/mall/seed';
import { seedPoker } from '../domains/poker/seed';
import { seedRedemptionCodes } from '../domains/redemption/seed';
import { seedTasks } from '../domains/task/seed';
import { seedVip } from '../domains/vip/seed';
import { seedWithdrawals } from '../domains/withdraw/seed';
import { registerSeeder } from './seed';

/** Every seeder, in order. The db plugin imports this module before it runs the seeds. */
registerSeeder(seedConfig);
registerSeeder(seedPayments);
registerSeeder(seedWithdrawals);
registerSeeder(seedCatalog);

// --- VIP, friends, ranking seeders ---
registerSeeder(seedVip);

// --- end VIP ---

// --- poker, codes, mall seeders ---
registerSeeder(seedPoker);
registerSeeder(seedRedemptionCodes);
registerSeeder(seedMall);

// --- end poker ---

// --- inbox, tasks, bonuses seeders ---
registerSeeder(seedTasks);

// --- end inbox ---
