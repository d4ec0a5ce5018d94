import { seedConfig } from '../domains/config/seed';
import { seedPayments } from '../domains/deposit/seed';
import { registerSeeder } from './seed';

/** Every seeder, in order. The db plugin imports this module before it runs the seeds. */
registerSeeder(seedConfig);
registerSeeder(seedPayments);
