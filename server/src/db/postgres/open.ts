import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR, readMigrations } from '../database';
import { PgPoolDb } from './pool';

/** PostgreSQL's migrations: the same numbers and names as db/migrations, in PostgreSQL's dialect. */
export const PG_MIGRATIONS_DIR = join(ROOT_DIR, 'db', 'postgres', 'migrations');

/** The url of database `name` on the server of `url`. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

/** A fresh copy of `template` on the server of `url`, made before its first connection (see PgPoolDb). */
function copyOf(url: string, template: string): PgPoolDb {
  const name = `t_${process.pid}_${randomBytes(6).toString('hex')}`;
  return new PgPoolDb(databaseUrl(url, name), { admin: databaseUrl(url, 'postgres'), template, name });
}

/** Per server and template, the copy made ahead for the next openPostgres(..., { ahead: true }). */
const spares = new Map<string, PgPoolDb>();

/**
 * Opens the PostgreSQL database of `url`. With `template` (tests), a fresh database copied from that
 * template on the same server instead, dropped when the returned database is closed. With `ahead` too,
 * the copy for the next call is started at once, so a test app does not wait for its database: the
 * process keeps one such copy (and its connection) open in advance, left behind when the process ends.
 */
export function openPostgres(url: string, options: { template?: string; ahead?: boolean } = {}): PgPoolDb {
  const { template, ahead = false } = options;
  if (!template) return new PgPoolDb(url);
  const key = `${databaseUrl(url, 'postgres')} ${template}`;
  const db = spares.get(key) ?? copyOf(url, template);
  spares.delete(key);
  if (ahead) spares.set(key, copyOf(url, template));
  return db;
}

/** Every process migrating the same database takes this lock first (pg_advisory_xact_lock): one at a time. */
const MIGRATION_LOCK = 7_316_021;

/**
 * Applies, forward only and each in its own transaction, the PostgreSQL migrations not yet applied. Several
 * processes may start at once on one database: each migration is applied under an advisory lock, after
 * looking again whether another process applied it meanwhile.
 */
export async function migratePostgres(db: PgPoolDb, dir = PG_MIGRATIONS_DIR): Promise<string[]> {
  const done: string[] = [];
  if (!existsSync(dir)) return done;
  const locked = async <T>(work: () => Promise<T>) =>
    db.transaction(async () => {
      await db.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      return work();
    })();
  await locked(() =>
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`),
  );
  const appliedVersions = async () =>
    new Set((await db.query('SELECT version FROM schema_migrations')).rows.map((r) => Number(r[0])));
  const applied = await appliedVersions();
  for (const migration of readMigrations(dir)) {
    if (applied.has(migration.version)) continue;
    const ran = await locked(async () => {
      if ((await appliedVersions()).has(migration.version)) return false;
      await db.exec(migration.sql);
      // The baseline (0032) records the SQLite versions it stands for itself.
      await db.query(
        'INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3) ON CONFLICT (version) DO NOTHING',
        [migration.version, migration.name, new Date().toISOString()],
      );
      return true;
    });
    if (ran) done.push(migration.name);
  }
  return done;
}
