import { seedConfig } from '../domains/config/seed';
import { seedPayments } from '../domains/deposit/seed';
import { seedCatalog } from '../domains/game/catalog.seed';
import { seedTasks } from '../domains/task/seed';
import { seedWithdrawals } from '../domains/withdraw/seed';
import { registerSeeder } from './seed';

/** Every seeder, in order. The db plugin imports this module before it runs the seeds. */
registerSeeder(seedConfig);
registerSeeder(seedPayments);
registerSeeder(seedWithdrawals);
registerSeeder(seedCatalog);

// --- VIP, friends, ranking seeders ---

// --- end VIP ---

// --- poker, codes, mall seeders ---

// --- end poker ---

// --- inbox, tasks, bonuses seeders ---
registerSeeder(seedTasks);

// --- end inbox ---
