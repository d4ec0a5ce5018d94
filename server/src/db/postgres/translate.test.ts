import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../database';
import { NOCASE_KEYS, translate } from './translate';

// SQLite's dialect as the repos write it, to PostgreSQL's (no server needed: the adapter's own tests,
// adapter.pg.test.ts, run the results on one).
describe("translating the repos' SQL for PostgreSQL", () => {
  it('numbers positional and named parameters, one per occurrence, leaving strings and casts alone', () => {
    expect(translate("SELECT * FROM t WHERE a = ? AND b = '?' AND c = ?")).toMatchObject({
      sql: "SELECT * FROM t WHERE a = $1 AND b = '?' AND c = $2",
      slots: [0, 1],
      named: false,
    });
    expect(translate('SELECT * FROM t WHERE (@q IS NULL OR name = @q) AND day = :day')).toMatchObject({
      sql: 'SELECT * FROM t WHERE ($1::text IS NULL OR name = $2) AND day = $3',
      slots: ['q', 'q', 'day'],
      named: true,
    });
  });

  it('keeps camelCase names, SQLite LIKE, scalar min/max, total and IS comparisons meaning the same', () => {
    expect(translate('SELECT created_at AS createdAt FROM t ORDER BY createdAt').sql).toBe(
      'SELECT created_at AS "createdAt" FROM t ORDER BY "createdAt"',
    );
    expect(translate('SELECT 1 FROM t WHERE name LIKE ?').sql).toBe('SELECT 1 FROM t WHERE name ILIKE $1');
    expect(translate('SELECT max(a, ?), MIN(b), total(c) FROM t').sql).toBe(
      'SELECT GREATEST(a, $1), MIN(b), COALESCE(SUM(c), 0) FROM t',
    );
    expect(translate('SELECT 1 FROM t WHERE a IS ? AND b IS NOT c AND d IS NOT NULL').sql).toBe(
      'SELECT 1 FROM t WHERE a IS NOT DISTINCT FROM $1 AND b IS DISTINCT FROM  c AND d IS NOT NULL',
    );
  });

  it('turns SQLite upserts into PostgreSQL ones and notes the table an INSERT may answer an id of', () => {
    expect(translate('INSERT OR IGNORE INTO t (a) VALUES (?)')).toMatchObject({
      sql: 'INSERT INTO t (a) VALUES ($1) ON CONFLICT DO NOTHING',
      insertInto: 't',
    });
    expect(
      translate(
        'INSERT INTO t (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v WHERE v IS NOT excluded.v',
      ).sql,
    ).toBe(
      'INSERT INTO t (k, v) VALUES ($1, $2) ON CONFLICT (k) DO UPDATE SET v = excluded.v WHERE t.v IS DISTINCT FROM  excluded.v',
    );
    expect(translate('INSERT INTO redemption_codes (code) VALUES (?) ON CONFLICT (code) DO NOTHING').sql).toContain(
      'ON CONFLICT (lower(code))',
    );
    expect(translate('INSERT OR REPLACE INTO s (key, value) VALUES (?, ?)').orReplace).toEqual({
      table: 's',
      columns: ['key', 'value'],
    });
    expect(translate('INSERT INTO t (a) VALUES (?) RETURNING id').insertInto).toBeUndefined();
  });

  it('binds a JSON list as text elements and inlines the aliases HAVING names', () => {
    expect(translate('DELETE FROM t WHERE id NOT IN (SELECT value FROM json_each(?))').sql).toBe(
      'DELETE FROM t WHERE id::text NOT IN (SELECT value FROM json_array_elements_text($1::json))',
    );
    expect(translate('DELETE FROM t WHERE id NOT IN (SELECT CAST(value AS BIGINT) FROM json_each(?))').sql).toBe(
      'DELETE FROM t WHERE id NOT IN (SELECT CAST(value AS BIGINT) FROM json_array_elements_text($1::json) AS json_each(value))',
    );
    expect(translate('SELECT a, SUM(b) AS s FROM t GROUP BY a HAVING s > 0 ORDER BY a').sql).toBe(
      'SELECT a, SUM(b) AS s FROM t GROUP BY a HAVING (SUM(b)) > 0 ORDER BY a',
    );
  });

  it("knows every case-insensitive key of the schema: the hand list equals what SQLite's migrations declare", () => {
    // Each UNIQUE single-column index whose key compares COLLATE NOCASE, read from the migrated schema.
    const db = new Database(':memory:');
    migrate(db);
    const declared: Record<string, string[]> = {};
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all() as string[];
    for (const table of tables) {
      const unique = (db.pragma(`index_list("${table}")`) as { name: string; unique: number }[]).filter(
        (i) => i.unique === 1,
      );
      for (const index of unique) {
        const keys = (
          db.pragma(`index_xinfo("${index.name}")`) as { key: number; name: string; coll: string }[]
        ).filter((k) => k.key === 1);
        const [only] = keys;
        if (keys.length === 1 && only && only.coll === 'NOCASE')
          declared[table] = [...(declared[table] ?? []), only.name];
      }
    }
    db.close();
    for (const columns of Object.values(declared)) columns.sort();
    expect(declared).toEqual(Object.fromEntries(Object.entries(NOCASE_KEYS).map(([t, c]) => [t, [...c].sort()])));
    expect(
      translate('INSERT INTO users (invitation_code) VALUES (?) ON CONFLICT (invitation_code) DO NOTHING').sql,
    ).toContain('ON CONFLICT (lower(invitation_code))');
  });
});
