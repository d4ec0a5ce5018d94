import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR, readMigrations } from '../database';
import { SyncBridge } from './bridge';
import { PgDatabase } from './database';

/** PostgreSQL's migrations: the same numbers and names as db/migrations, in PostgreSQL's dialect. */
export const PG_MIGRATIONS_DIR = join(ROOT_DIR, 'db', 'postgres', 'migrations');

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The url of database `name` on the server of `url`. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

/** One connection per server for creating and dropping the test databases, kept for the process's life. */
const admins = new Map<string, SyncBridge>();
function admin(url: string): SyncBridge {
  const key = databaseUrl(url, 'postgres');
  let bridge = admins.get(key);
  if (!bridge) {
    bridge = new SyncBridge(key);
    admins.set(key, bridge);
  }
  return bridge;
}

/**
 * Opens the PostgreSQL database of `url`. With `template` (tests), first makes a fresh database copied
 * from that template on the same server, and drops it when the returned database is closed.
 */
export function openPostgres(url: string, options: { template?: string } = {}): PgDatabase {
  if (!options.template) return new PgDatabase(url);
  const name = `t_${process.pid}_${randomBytes(6).toString('hex')}`;
  const server = admin(url);
  server.exec(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(options.template)}`);
  const db = new PgDatabase(databaseUrl(url, name));
  db.afterClose = () => server.exec(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
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
