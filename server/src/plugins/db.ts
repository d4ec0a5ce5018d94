import fp from 'fastify-plugin';
import { type Db, migrate, openDatabase } from '../db/database';
import '../db/seeds-index';
import { runSeeds } from '../db/seed';

/** Opens the database (or takes the one given), applies migrations and seeds, and closes it with the app. */
export const dbPlugin = fp<{ db?: Db }>(
  async (app, options) => {
    const db = options.db ?? openDatabase(app.config.dbFile);
    const applied = migrate(db);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    runSeeds(db);
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      if (!options.db) db.close();
    });
  },
  { name: 'db' },
);
