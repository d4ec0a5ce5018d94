import { describe, expect, it } from 'vitest';
import { migrate, openDatabase, readMigrations, type SyncDb } from '../database';
import { BASELINE_STANDS_FOR } from './baseline';

/** Text compared regardless of case, quotes, spacing and comments. */
const normal = (text: string | null): string | null =>
  text === null
    ? null
    : text
        .replace(/--[^\n]*/g, '')
        .replace(/"/g, '')
        .replace(/\s+/g, ' ')
        .replace(/\s*([(),])\s*/g, '$1')
        .trim()
        .toLowerCase();

/** `CHECK (...)` expressions of a CREATE TABLE text, each balanced, normalized. */
function checks(tableSql: string): string[] {
  const text = tableSql.replace(/--[^\n]*/g, '');
  const found: string[] = [];
  for (const match of text.matchAll(/\bcheck\s*\(/gi)) {
    let depth = 0;
    const open = (match.index ?? 0) + match[0].length - 1;
    for (let i = open; i < text.length; i++) {
      if (text[i] === "'") i = text.indexOf("'", i + 1);
      else if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0) {
        found.push(normal(text.slice(open + 1, i)) as string);
        break;
      }
    }
  }
  return found.sort();
}

/** Everything SQLite says about the schema, per table, in a form two equal schemas share. */
function describeSchema(db: SyncDb) {
  const all = <T>(source: string) => db.prepare(source).all() as T[];
  const tables = all<{ name: string; sql: string }>(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
  );
  const described: Record<string, unknown> = {};
  for (const { name, sql } of tables) {
    const [options] = all<{ strict: number; wr: number }>(`PRAGMA table_list("${name}")`);
    const text = normal(sql) as string;
    const columns = all<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(
      `PRAGMA table_xinfo("${name}")`,
    ).map((c) => ({
      ...c,
      type: c.type.toLowerCase(),
      dflt_value: normal(c.dflt_value),
      // The column's collation, which no pragma tells.
      nocase: new RegExp(`[(,]${c.name} [^,]*collate nocase`).test(text),
    }));
    const indexes = all<{ name: string; unique: number; origin: string; partial: number }>(
      `PRAGMA index_list("${name}")`,
    )
      .map((index) => ({
        // SQLite names the indexes of UNIQUE and PRIMARY KEY constraints by their place in the text.
        name: index.origin === 'c' ? index.name : index.origin,
        unique: index.unique,
        keys: all<{ key: number; cid: number; name: string | null; desc: number; coll: string }>(
          `PRAGMA index_xinfo("${index.name}")`,
        )
          .filter((k) => k.key === 1)
          .map((k) => `${k.name ?? k.cid} ${k.desc ? 'desc' : 'asc'} ${k.coll}`),
        sql: normal(
          (db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?").pluck().get(index.name) as
            | string
            | undefined) ?? null,
        ),
      }))
      .sort((a, b) => `${a.name}${a.keys}`.localeCompare(`${b.name}${b.keys}`));
    const foreignKeys = all<Record<string, unknown>>(`PRAGMA foreign_key_list("${name}")`)
      .map(({ id: _id, ...fk }) => JSON.stringify(fk))
      .sort();
    described[name] = {
      strict: options?.strict,
      withoutRowid: options?.wr,
      autoincrement: / autoincrement\b/.test(text),
      columns,
      indexes,
      foreignKeys,
      checks: checks(sql),
    };
  }
  described['(triggers)'] = all<{ name: string; sql: string }>(
    "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name",
  ).map((t) => ({ name: t.name, sql: normal(t.sql) }));
  return described;
}

const rows = (db: SyncDb, table: string, order: string) =>
  db.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).raw().all();

describe('the baseline (db/schema, written once for both engines)', () => {
  // The old chain, then what was written once for both engines after it (0053 on).
  const chain = openDatabase(':memory:');
  migrate(chain, readMigrations());
  const later = migrate(chain);
  const fresh = openDatabase(':memory:');
  const applied = migrate(fresh);

  it('is what a fresh database gets, recording the SQLite versions and names it stands for', () => {
    expect(later).toEqual([
      '0053_coupon_expiry',
      '0054_sandbox_payments',
      '0055_round_raises',
      '0056_play_limits',
      '0057_withdraw_sms',
      '0058_operator_accounts',
      '0059_kyc_documents',
      '0060_risk_links',
      '0061_crash_rounds',
      '0062_table_draws',
      '0063_fishing_pond',
      '0064_table_seats',
      '0065_sandbox_webhooks',
      '0066_void_bets',
      '0067_provider_sessions',
      '0068_sandbox_webhook_lookups',
    ]);
    expect(applied).toEqual(['0052_baseline', ...later]);
    const recorded = 'SELECT version, name FROM schema_migrations ORDER BY version';
    expect(fresh.prepare(recorded).all()).toEqual(chain.prepare(recorded).all());
    expect(BASELINE_STANDS_FOR).toEqual(readMigrations().map((m) => m.name));
  });

  it('builds on SQLite exactly the schema of the old chain 0001..0052', () => {
    const built = describeSchema(fresh);
    const expected = describeSchema(chain);
    expect(Object.keys(built)).toEqual(Object.keys(expected));
    for (const table of Object.keys(expected))
      expect({ table, ...(built[table] as object) }).toEqual({ table, ...(expected[table] as object) });
  });

  it('holds the rows the chain inserts', () => {
    for (const [table, order] of [
      ['game_catalog_version', 'id'],
      ['ledger_accounts', 'code'],
      ['ledger_account_slots', 'code, slot'],
    ] as const)
      expect(rows(fresh, table, order)).toEqual(rows(chain, table, order));
  });

  it('applies nothing a second time, nor to a file the chain brought to 0052', () => {
    expect(migrate(fresh)).toEqual([]);
    expect(migrate(chain)).toEqual([]);
  });

  it('brings a file older than 0052 up by the rest of the chain', () => {
    const old = openDatabase(':memory:');
    try {
      const chainFiles = readMigrations();
      migrate(old, chainFiles.slice(0, 10));
      expect(migrate(old)).toEqual([...chainFiles.slice(10).map((m) => m.name), ...later]);
      expect(describeSchema(old)).toEqual(describeSchema(chain));
      expect(migrate(old)).toEqual([]);
    } finally {
      old.close();
    }
  });
});
