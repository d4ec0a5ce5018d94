import type { Db } from './database';

/** A seeder writes reference data from db/seeds; it must be idempotent (upserts), as it runs at every start. */
export type Seeder = (db: Db) => Promise<void>;

const seeders: Seeder[] = [];

export function registerSeeder(seeder: Seeder): void {
  if (!seeders.includes(seeder)) seeders.push(seeder);
}

/** Runs every seeder, one after the other, in one transaction. */
export async function runSeeds(db: Db): Promise<void> {
  await db.transaction(async () => {
    for (const seeder of seeders) await seeder(db);
  })();
}
