import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { SyncDb } from './port';

export type { LegacyMigration } from './migrate';
export { knownMigrations, MIGRATIONS_DIR, migrate, migrateDb, readMigrations } from './migrate';
export type { Db, SyncDb } from './port';

export const ROOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const SEEDS_DIR = join(ROOT_DIR, 'db', 'seeds');

/** Opens (creating its folder) the SQLite file, or an in-memory database for ':memory:'. */
export function openDatabase(file: string): SyncDb {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db: Database.Database = new Database(file);
  // One process owns the file: with the lock held for the connection's life (set before WAL is entered,
  // so no shared-memory index is used), a statement no longer pays a lock and unlock round of system
  // calls, which halved the cost of a primary-key read. Other processes cannot open the file meanwhile.
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // A checkpoint copies the WAL into the file and syncs both, blocking the event loop meanwhile. Every
  // 10,000 pages (40 MB of WAL) instead of 1,000: a hot page (an account, the tail of an index) is copied
  // once per checkpoint however often it was written, so money writes pay about half the sync time.
  db.pragma('wal_autocheckpoint = 10000');
  // Savepoints (a unit of the money writes' group commit, a nested transaction) keep the pages they
  // change in a sub-journal, a temporary file by default: in memory, a unit costs a copy, not system calls.
  db.pragma('temp_store = MEMORY');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}
