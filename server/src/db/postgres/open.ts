import { randomBytes } from 'node:crypto';
import { PgPoolDb } from './pool';

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
