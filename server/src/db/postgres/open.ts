import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR, readMigrations } from '../database';
import { PgDatabase } from './database';

/** PostgreSQL's migrations: the same numbers and names as db/migrations, in PostgreSQL's dialect. */
export const PG_MIGRATIONS_DIR = join(ROOT_DIR, 'db', 'postgres', 'migrations');

/** The url of database `name` on the server of `url`. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

/** A fresh copy of `template` on the server of `url`, made by the connection's worker (see SyncBridge). */
function copyOf(url: string, template: string): PgDatabase {
  const name = `t_${process.pid}_${randomBytes(6).toString('hex')}`;
  return new PgDatabase(databaseUrl(url, name), { admin: databaseUrl(url, 'postgres'), template, name });
}

/** Per server and template, the copy made ahead for the next openPostgres(..., { ahead: true }). */
const spares = new Map<string, PgDatabase>();

/**
 * Opens the PostgreSQL database of `url`. With `template` (tests), a fresh database copied from that
 * template on the same server instead, dropped when the returned database is closed. With `ahead` too,
 * the copy for the next call is started at once, so a test app does not wait for its database: the
 * process keeps one such copy (and its connection) open in advance, left behind when the process ends.
 */
export function openPostgres(url: string, options: { template?: string; ahead?: boolean } = {}): PgDatabase {
  const { template, ahead = false } = options;
  if (!template) return new PgDatabase(url);
  const key = `${databaseUrl(url, 'postgres')} ${template}`;
  const db = spares.get(key) ?? copyOf(url, template);
  spares.delete(key);
  if (ahead) spares.set(key, copyOf(url, template));
  return db;
}

/** Applies, forward only and each in its own transaction, the PostgreSQL migrations not yet applied. */
export function migratePostgres(db: PgDatabase, dir = PG_MIGRATIONS_DIR): string[] {
  db.execRaw(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .pluck()
      .all()
      .map((v) => Number(v)),
  );
  const done: string[] = [];
  if (!existsSync(dir)) return done;
  for (const migration of readMigrations(dir)) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.execRaw(migration.sql);
      // The baseline (0032) records the SQLite versions it stands for itself.
      db.prepare(
        'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?) ON CONFLICT (version) DO NOTHING',
      ).run(migration.version, migration.name, new Date().toISOString());
    })();
    done.push(migration.name);
  }
  return done;
}
