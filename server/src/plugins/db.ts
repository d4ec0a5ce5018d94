import fp from 'fastify-plugin';
import type { Config } from '../config';
import { type Db, migrate, openDatabase } from '../db/database';
import { PgDatabase } from '../db/postgres/database';
import { migratePostgres, openPostgres } from '../db/postgres/open';
import '../db/seeds-index';
import { runSeeds } from '../db/seed';

/** Opens the store the config names, SQLite's file by default or PostgreSQL with DATABASE_URL. */
function openStore(config: Config) {
  if (config.databaseUrl)
    return openPostgres(config.databaseUrl, { template: config.databaseTemplate, ahead: config.databaseTemplateReady });
  return openDatabase(config.dbFile);
}

/** Opens the database (or takes the one given), applies migrations and seeds, and closes it with the app. */
export const dbPlugin = fp<{ db?: Db }>(
  async (app, options) => {
    const db = options.db ?? openStore(app.config);
    const applied = db instanceof PgDatabase ? migratePostgres(db) : migrate(db);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    // A copy of a template the stores' set-up seeded holds the seeds already (seeding is idempotent).
    const seeded =
      !options.db && app.config.databaseUrl && app.config.databaseTemplate && app.config.databaseTemplateReady;
    if (!seeded) runSeeds(db);
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      if (!options.db) db.close();
    });
  },
  { name: 'db' },
);
