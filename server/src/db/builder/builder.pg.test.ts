import { openPostgres } from '../postgres/open';
import { describeCompiledQueries } from './cases';

// A fresh copy of the stores' template (server/src/test/stores-setup.ts): the product's schema, migrated.
describeCompiledQueries(
  'PostgreSQL',
  async () => openPostgres(process.env.TEST_DATABASE_URL as string, { template: process.env.TEST_DATABASE_TEMPLATE }),
  (db) => db.close(),
);
