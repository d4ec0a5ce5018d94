import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrateDb, openDatabase, type SyncDb } from '../database';
import { MIGRATIONS } from '../schema';
import { openPostgres } from './open';

// One schema, two engines (docs/deployment.md): the baseline (db/schema), written once, must build the same
// schema on both (schema/schema.test.ts holds SQLite's equal to the old chain's). Runs in `npm run test:stores`, whose set-up starts a PostgreSQL
// server (TEST_DATABASE_URL); by hand, PG_TEST_URL names another, e.g. postgres://postgres@localhost:55432/postgres.
// The test builds a fresh database beside the one named.

const PG_URL = process.env.PG_TEST_URL ?? process.env.TEST_DATABASE_URL;

/**
 * The key of a one-expression index as written in its CREATE INDEX (`lower(name)`), as PostgreSQL's catalog
 * reads it back: SQLite's pragmas name no expression.
 */
function expressionOf(db: SyncDb, indexName: string): string {
  const { sql } = db.prepare('SELECT sql FROM sqlite_master WHERE type = ? AND name = ?').get('index', indexName) as {
    sql: string;
  };
  const on = /\bon\s+"?\w+"?\s*\((.+)\)\s*(where\b.*)?$/is.exec(sql);
  return on?.[1] ? on[1].replace(/["\s]/g, '') : 'expr';
}

/**
 * SQLite's copies of PostgreSQL's unique lower() indexes (db/migrations/0041): on SQLite the UNIQUE COLLATE
 * NOCASE column already stands for them (read below as unique on lower(column)).
 */
const SQLITE_NOCASE_COPIES = ['users_username_nocase', 'users_invitation_code_nocase', 'redemption_codes_code_nocase'];

/** Runs SQL through psql (Debian's PostgreSQL client) and returns what it printed. */
function psql(url: string, args: string[], input?: string): string {
  return execFileSync('psql', [url, '-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', ...args], {
    encoding: 'utf8',
    input,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** A query whose one value is JSON (json_agg), parsed. */
function pgJson<T>(url: string, sql: string): T {
  const out = psql(url, ['-c', sql]).trim();
  return (out === '' ? [] : JSON.parse(out)) as T;
}

interface Column {
  name: string;
  notNull: boolean;
  family: string;
  hasDefault: boolean;
}

interface Schema {
  tables: string[];
  columns: Record<string, Column[]>;
  primaryKeys: string[];
  uniques: string[];
  foreignKeys: string[];
  indexes: string[];
  checks: Record<string, number>;
  triggers: string[];
}

const family = (type: string): string => {
  const t = type.toLowerCase();
  if (/int/.test(t)) return 'integer';
  if (/text|char|clob/.test(t)) return 'text';
  if (/real|double|float|numeric|decimal/.test(t)) return 'real';
  if (/blob|bytea/.test(t)) return 'bytes';
  return t;
};

const sorted = (list: string[]) => [...list].sort();

function sqliteSchema(db: SyncDb): Schema {
  const tables = db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    )
    .all() as { name: string; sql: string }[];
  const schema: Schema = {
    tables: tables.map((t) => t.name),
    columns: {},
    primaryKeys: [],
    uniques: [],
    foreignKeys: [],
    indexes: [],
    checks: {},
    triggers: sorted(db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").pluck().all() as string[]),
  };
  for (const { name: table, sql } of tables) {
    const info = db.prepare(`PRAGMA table_info("${table}")`).all() as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }[];
    schema.columns[table] = info
      .map((c) => ({
        name: c.name,
        notNull: c.notnull === 1 || c.pk > 0,
        family: family(c.type),
        // An INTEGER PRIMARY KEY id takes the next rowid: PostgreSQL's identity.
        hasDefault: c.dflt_value !== null || (c.pk === 1 && c.name === 'id' && family(c.type) === 'integer'),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const pk = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    schema.primaryKeys.push(`${table}(${pk.map((c) => c.name).join(',')})`);
    schema.checks[table] = (sql.replace(/--[^\n]*/g, '').match(/\bCHECK\s*\(/gi) ?? []).length;

    const indexes = db.prepare(`PRAGMA index_list("${table}")`).all() as {
      name: string;
      unique: number;
      origin: string;
      partial: number;
    }[];
    for (const index of indexes) {
      if (index.origin === 'pk' || SQLITE_NOCASE_COPIES.includes(index.name)) continue;
      const keys = (
        db.prepare(`PRAGMA index_xinfo("${index.name}")`).all() as {
          key: number;
          cid: number;
          name: string | null;
          coll: string;
        }[]
      )
        .filter((k) => k.key === 1)
        .map((k) =>
          k.cid === -2 ? expressionOf(db, index.name) : k.coll === 'NOCASE' ? `lower(${k.name})` : (k.name ?? '?'),
        );
      if (index.unique) {
        schema.uniques.push(`${table}(${keys.join(',')})${index.partial ? ' partial' : ''}`);
      } else {
        schema.indexes.push(`${table}.${index.name}(${keys.join(',')})${index.partial ? ' partial' : ''}`);
      }
    }
    const fks = db.prepare(`PRAGMA foreign_key_list("${table}")`).all() as {
      id: number;
      seq: number;
      table: string;
      from: string;
      to: string;
      on_delete: string;
    }[];
    const byId = new Map<number, typeof fks>();
    for (const fk of fks) byId.set(fk.id, [...(byId.get(fk.id) ?? []), fk]);
    for (const parts of byId.values()) {
      parts.sort((a, b) => a.seq - b.seq);
      const [first] = parts as [(typeof parts)[number]];
      schema.foreignKeys.push(
        `${table}(${parts.map((p) => p.from).join(',')}) -> ${first.table}(${parts.map((p) => p.to).join(',')}) on delete ${first.on_delete.toLowerCase()}`,
      );
    }
  }
  for (const list of [schema.primaryKeys, schema.uniques, schema.foreignKeys, schema.indexes]) list.sort();
  return schema;
}

const ON_DELETE: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

function pgSchema(url: string): Schema {
  const tables = pgJson<string[]>(
    url,
    `SELECT json_agg(table_name ORDER BY table_name) FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const columns = pgJson<
    { table: string; name: string; nullable: string; type: string; dflt: string | null; identity: string }[]
  >(
    url,
    `SELECT json_agg(json_build_object('table', table_name, 'name', column_name, 'nullable', is_nullable,
       'type', data_type, 'dflt', column_default, 'identity', is_identity))
     FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  // Each index with its columns (or expressions) in key order, unique or not, and partial or not.
  const indexes = pgJson<
    { table: string; name: string; keys: string[]; unique: boolean; pk: boolean; partial: boolean }[]
  >(
    url,
    `SELECT json_agg(json_build_object('table', t.relname, 'name', i.relname, 'unique', x.indisunique,
       'pk', x.indisprimary, 'partial', x.indpred IS NOT NULL,
       'keys', (SELECT json_agg(pg_get_indexdef(x.indexrelid, k, true) ORDER BY k)
                  FROM generate_series(1, x.indnkeyatts) AS k)))
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = 'public'`,
  );
  const fks = pgJson<{ table: string; from: string[]; ref: string; to: string[]; del: string }[]>(
    url,
    `SELECT json_agg(json_build_object('table', t.relname, 'ref', r.relname, 'del', c.confdeltype,
       'from', (SELECT json_agg(a.attname ORDER BY k.i) FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
                  JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n),
       'to', (SELECT json_agg(a.attname ORDER BY k.i) FROM unnest(c.confkey) WITH ORDINALITY k(n, i)
                JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n)))
     FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = 'public' AND c.contype = 'f'`,
  );
  const checks = pgJson<{ table: string; count: number }[]>(
    url,
    `SELECT json_agg(json_build_object('table', t.relname, 'count', x.count)) FROM
       (SELECT conrelid, COUNT(*) AS count FROM pg_constraint WHERE contype = 'c' GROUP BY conrelid) x
     JOIN pg_class t ON t.oid = x.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = 'public'`,
  );
  const triggers = pgJson<string[]>(
    url,
    `SELECT json_agg(g.tgname) FROM pg_trigger g JOIN pg_class t ON t.oid = g.tgrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = 'public' AND NOT g.tgisinternal
       AND g.tgtype & 32 = 0`, // TRUNCATE triggers have no SQLite counterpart
  );

  const schema: Schema = {
    tables,
    columns: {},
    primaryKeys: [],
    uniques: [],
    foreignKeys: [],
    indexes: [],
    checks: {},
    triggers: sorted(triggers),
  };
  for (const table of tables) {
    schema.columns[table] = columns
      .filter((c) => c.table === table)
      .map((c) => ({
        name: c.name,
        notNull: c.nullable === 'NO',
        family: family(c.type),
        hasDefault: c.dflt !== null || c.identity === 'YES',
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    schema.checks[table] = checks.find((c) => c.table === table)?.count ?? 0;
  }
  for (const index of indexes) {
    // PostgreSQL's catalog writes trim(x) in the standard's words, TRIM(BOTH FROM x).
    const keys = index.keys.map((k) =>
      k
        .replace(/^\((.*)\)$/, '$1')
        .replace(/ (ASC|DESC)$/, '')
        .replace(/TRIM\(BOTH FROM /g, 'trim('),
    );
    if (index.pk) schema.primaryKeys.push(`${index.table}(${keys.join(',')})`);
    else if (index.unique) schema.uniques.push(`${index.table}(${keys.join(',')})${index.partial ? ' partial' : ''}`);
    else schema.indexes.push(`${index.table}.${index.name}(${keys.join(',')})${index.partial ? ' partial' : ''}`);
  }
  for (const fk of fks) {
    schema.foreignKeys.push(
      `${fk.table}(${fk.from.join(',')}) -> ${fk.ref}(${fk.to.join(',')}) on delete ${ON_DELETE[fk.del]}`,
    );
  }
  for (const list of [schema.primaryKeys, schema.uniques, schema.foreignKeys, schema.indexes]) list.sort();
  return schema;
}

describe('one schema on SQLite and PostgreSQL', () => {
  if (!PG_URL) throw new Error('No PostgreSQL server: run it with npm run test:stores (or set PG_TEST_URL)');
  const dbName = `schema_test_${process.pid}`;
  let url = '';
  let sqlite: Schema;
  let pg: Schema;
  let sqliteDb: SyncDb;

  beforeAll(async () => {
    const admin = PG_URL as string;
    psql(admin, ['-c', `DROP DATABASE IF EXISTS ${dbName}`]);
    psql(admin, ['-c', `CREATE DATABASE ${dbName}`]);
    const target = new URL(admin);
    target.pathname = `/${dbName}`;
    url = target.toString();
    const pgDb = openPostgres(url);
    try {
      expect(await migrateDb(pgDb)).toEqual(MIGRATIONS.map((m) => m.name));
      expect(await migrateDb(pgDb)).toEqual([]);
    } finally {
      await pgDb.close();
    }
    pg = pgSchema(url);
    sqliteDb = openDatabase(':memory:');
    migrate(sqliteDb);
    sqlite = sqliteSchema(sqliteDb);
  });

  afterAll(() => {
    sqliteDb?.close();
    if (PG_URL) psql(PG_URL, ['-c', `DROP DATABASE IF EXISTS ${dbName}`]);
  });

  it('has the same tables', () => {
    expect(sqlite.tables.length).toBeGreaterThan(60);
    expect(pg.tables).toEqual(sqlite.tables);
  });

  it('has the same columns: name, nullability, type family, whether there is a default', () => {
    for (const table of sqlite.tables)
      expect({ table, columns: pg.columns[table] }).toEqual({ table, columns: sqlite.columns[table] });
  });

  it('has the same primary keys, unique constraints and unique indexes', () => {
    expect(pg.primaryKeys).toEqual(sqlite.primaryKeys);
    expect(pg.uniques).toEqual(sqlite.uniques);
    // The case-insensitive keys are unique on lower(column) on both.
    expect(pg.uniques).toContain('users(lower(username))');
    expect(pg.uniques).toContain('redemption_codes(lower(code))');
  });

  it('has the same foreign keys, with their ON DELETE', () => {
    expect(pg.foreignKeys).toEqual(sqlite.foreignKeys);
    expect(pg.foreignKeys).toContain('faq_texts(faq_id) -> faq(id) on delete cascade');
  });

  it('has the same other indexes, partial ones too, and as many CHECK constraints per table', () => {
    expect(pg.indexes).toEqual(sqlite.indexes);
    expect(pg.checks).toEqual(sqlite.checks);
  });

  it('has the same triggers, and they act alike', () => {
    expect(pg.triggers).toEqual(sqlite.triggers);
    const version = () => Number(psql(url, ['-c', 'SELECT version FROM game_catalog_version']).trim());
    const before = version();
    psql(url, ['-c', "INSERT INTO providers (code, name, logo_url) VALUES ('p1', 'P1', ''), ('p2', 'P2', '')"]);
    expect(version()).toBe(before + 2);
    psql(url, [
      '-c',
      "INSERT INTO ops_audit (at, operator, method, route, path, status, code) VALUES ('t', 'o', 'POST', '/r', '/r', 200, 0)",
    ]);
    expect(() => psql(url, ['-c', 'DELETE FROM ops_audit'])).toThrow(/append-only/);
    expect(() => psql(url, ['-c', "UPDATE ops_audit SET operator = 'x'"])).toThrow(/append-only/);
  });

  it('holds the rows the migrations insert and records the same migration versions and names', () => {
    const rows = (sql: string) => psql(url, ['-F', '|', '-c', sql]).trim().split('\n');
    const sqliteRows = (sql: string) =>
      (sqliteDb.prepare(sql).raw().all() as unknown[][]).map((r) => r.map((v) => String(v)).join('|'));
    for (const sql of [
      'SELECT code, name FROM ledger_accounts ORDER BY code',
      'SELECT code, slot, balance, point FROM ledger_account_slots ORDER BY code, slot',
      'SELECT version, name FROM schema_migrations ORDER BY version',
    ]) {
      expect(rows(sql)).toEqual(sqliteRows(sql));
    }
  });

  it('several processes migrating one fresh database at once: one applies the baseline, the others nothing', async () => {
    const name = `${dbName}_race`;
    psql(PG_URL as string, ['-c', `DROP DATABASE IF EXISTS ${name}`]);
    psql(PG_URL as string, ['-c', `CREATE DATABASE ${name}`]);
    const raceUrl = new URL(PG_URL as string);
    raceUrl.pathname = `/${name}`;
    const pools = [1, 2, 3, 4].map(() => openPostgres(raceUrl.toString()));
    try {
      const applied = await Promise.all(pools.map((p) => migrateDb(p)));
      expect(applied.flat().sort()).toEqual(MIGRATIONS.map((m) => m.name));
      // A database at 52 (this one, or one built from the former db/postgres/migrations) applies nothing.
      expect(await migrateDb(pools[0] as (typeof pools)[number])).toEqual([]);
      expect(psql(raceUrl.toString(), ['-c', 'SELECT COUNT(*) FROM schema_migrations']).trim()).toBe(
        String(psql(url, ['-c', 'SELECT COUNT(*) FROM schema_migrations']).trim()),
      );
    } finally {
      await Promise.all(pools.map((p) => p.close()));
      psql(PG_URL as string, ['-c', `DROP DATABASE IF EXISTS ${name}`]);
    }
  });
});
