import type { Db } from './database';

/**
 * A seeder writes a domain's reference data (from db/seeds); it must be idempotent (upserts), as it runs at
 * every start. Each domain names its own as `seed` beside its `register` (server/src/domains/index.ts).
 */
export type Seeder = (db: Db) => Promise<void>;

/** Runs `seeders`, one after the other, in one transaction. */
export async function runSeeds(db: Db, seeders: readonly Seeder[]): Promise<void> {
  await db.transaction(async () => {
    for (const seeder of seeders) await seeder(db);
  })();
}
