import type { Db } from './database';

/** A seeder writes reference data from db/seeds; it must be idempotent (upserts), as it runs at every start. */
export type Seeder = (db: Db) => void;

const seeders: Seeder[] = [];

export function registerSeeder(seeder: Seeder): void {
  if (!seeders.includes(seeder)) seeders.push(seeder);
}

export function runSeeds(db: Db): void {
  db.transaction(() => {
    for (const seeder of seeders) seeder(db);
  })();
}
