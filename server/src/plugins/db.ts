import fp from 'fastify-plugin';
import type { Config } from '../config';
import { migrate, openDatabase, type SyncDb } from '../db/database';
import { PgDatabase } from '../db/postgres/database';
import { migratePostgres, openPostgres } from '../db/postgres/open';
import '../db/seeds-index';
import { runSeeds } from '../db/seed';
import { serialize } from '../db/serial';

/** Opens the store the config names, SQLite's file by default or PostgreSQL with DATABASE_URL. */
function openStore(config: Config) {
  if (config.databaseUrl)
    return openPostgres(config.databaseUrl, { template: config.databaseTemplate, ahead: config.databaseTemplateReady });
  return openDatabase(config.dbFile);
}

/** Opens the database (or takes the connection given), applies migrations and seeds, serves the async port
 * over it (db/serial.ts) and closes it with the app. */
export const dbPlugin = fp<{ db?: SyncDb }>(
  async (app, options) => {
    const connection = options.db ?? openStore(app.config);
    const applied = connection instanceof PgDatabase ? migratePostgres(connection) : migrate(connection);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    // A copy of a template the stores' set-up seeded holds the seeds already (seeding is idempotent).
    const seeded =
      !options.db && app.config.databaseUrl && app.config.databaseTemplate && app.config.databaseTemplateReady;
    const db = serialize(connection);
    if (!seeded) await runSeeds(db);
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      if (!options.db) await db.close();
    });
  },
  { name: 'db' },
);
