import fp from 'fastify-plugin';
import type { Config } from '../config';
import { type Db, migrateDb, openDatabase, type SyncDb } from '../db/database';
import { openPostgres } from '../db/postgres/open';
import { serialize } from '../db/serial';

/**
 * Opens the store the config names (SQLite's file by default, served by the async port over its one
 * connection, db/serial.ts; or PostgreSQL's pool with DATABASE_URL) and applies its migrations.
 */
async function openStore(config: Config, given: SyncDb | undefined): Promise<{ db: Db; applied: string[] }> {
  if (config.databaseUrl && !given) {
    const db = openPostgres(config.databaseUrl, {
      template: config.databaseTemplate,
      ahead: config.databaseTemplateReady,
    });
    try {
      return { db, applied: await migrateDb(db) };
    } catch (error) {
      await db.close();
      throw error;
    }
  }
  const db = serialize(given ?? openDatabase(config.dbFile));
  return { db, applied: await migrateDb(db) };
}

/**
 * Opens the database (or takes the SQLite connection given), applies migrations and `seed` (the domains'
 * reference data, given by app.ts: this plugin knows no domain), and closes it with the app.
 */
export const dbPlugin = fp<{ db?: SyncDb; seed: (db: Db) => Promise<void> }>(
  async (app, options) => {
    const { db, applied } = await openStore(app.config, options.db);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    // A copy of a template the stores' set-up seeded holds the seeds already (seeding is idempotent).
    const seeded =
      !options.db && app.config.databaseUrl && app.config.databaseTemplate && app.config.databaseTemplateReady;
    if (!seeded) await options.seed(db);
    app.decorate('db', db);
    app.decorate('seed', options.seed);
    app.addHook('onClose', async () => {
      if (!options.db) await db.close();
    });
  },
  { name: 'db' },
);
