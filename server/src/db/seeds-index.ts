import { seedPayments } from '../domains/deposit/seed';
import { registerSeeder } from './seed';

/** Every seeder, in order. The db plugin imports this module before it runs the seeds. */
registerSeeder(seedPayments);
