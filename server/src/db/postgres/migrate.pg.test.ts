import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { md5 } from 'js-md5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDomains } from '../../domains';
import { ledgerProblems } from '../../domains/ledger/whole';
import { createTestApp, type Player, type TestApp } from '../../test/harness';
import { TRADE_PASSWORD } from '../../test/world';
import { migrate, openDatabase, ROOT_DIR, readMigrations } from '../database';
import { migrateDb } from '../migrate';
import { serialize } from '../serial';
import {
  MIGRATION_FILLED_TABLES,
  type MigrateOptions,
  MigrationRefused,
  migrateSqliteToPostgres as moveToPostgres,
} from './from-sqlite';
import { databaseUrl, openPostgres } from './open';

/** The command as scripts/migrate-to-postgres.ts runs it: with the ledger's own check. */
const migrateSqliteToPostgres = (options: Omit<MigrateOptions, 'ledgerProblems'>) =>
  moveToPostgres({ ...options, ledgerProblems });

/**
 * npm run migrate-to-postgres (from-sqlite.ts): a SQLite install with real activity, built through the
 * real app, moves to PostgreSQL; the app on PostgreSQL then shows the same players the same balances,
 * records and journal. Plus every refusal. Runs in `npm run test:stores` (the set-up's PostgreSQL server).
 */

const SERVER = process.env.TEST_DATABASE_URL ?? '';
const dir = mkdtempSync(join(tmpdir(), 'casino-migrate-'));
const admin = openPostgres(databaseUrl(SERVER, 'postgres'));
const created: string[] = [];

/** A new, empty database on the test server (dropped after the file's tests). */
async function newDatabase(): Promise<string> {
  const name = `m_${process.pid}_${randomBytes(5).toString('hex')}`;
  await admin.exec(`CREATE DATABASE "${name}" ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0`);
  created.push(name);
  return databaseUrl(SERVER, name);
}

/** A SQLite file migrated (up to `upTo` migrations) and seeded, as a fresh install leaves it. */
async function sqliteFile(upTo = readMigrations().length): Promise<string> {
  const file = join(dir, `${randomBytes(5).toString('hex')}.db`);
  const db = openDatabase(file);
  migrate(db, readMigrations().slice(0, upTo));
  if (upTo === readMigrations().length) {
    migrate(db); // then what was written after the chain, once for both engines
    await seedDomains(serialize(db));
  }
  db.close();
  return file;
}

/** Every row of every table (keys sorted: the engines order columns added later differently), rows sorted. */
async function everything(
  read: (sql: string) => Record<string, unknown>[] | Promise<Record<string, unknown>[]>,
  tables: string[],
): Promise<Record<string, string[]>> {
  const all: [string, string[]][] = [];
  for (const t of tables)
    all.push([
      t,
      (await read(`SELECT * FROM "${t}"`))
        .map((row) => JSON.stringify(Object.entries(row).sort(([a], [b]) => (a < b ? -1 : 1))))
        .sort(),
    ]);
  return Object.fromEntries(all);
}

/** A PostgreSQL answer's rows as objects. */
const objects = ({ fields, rows }: { fields: string[]; rows: unknown[][] }) =>
  rows.map((row) => Object.fromEntries(fields.map((f, i) => [f, row[i]])));

/** How many tables the database of `url` has (0: untouched, not even migrated). */
async function tableCount(url: string): Promise<number> {
  const target = openPostgres(url);
  try {
    return Number(
      (await target.query("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'public'", []))
        .rows[0]?.[0],
    );
  } finally {
    await target.close();
  }
}

const sqliteTables = (db: Database.Database) =>
  db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'schema_migrations'",
    )
    .pluck()
    .all() as string[];

afterAll(async () => {
  for (const name of created) await admin.exec(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a SQLite install with real activity, moved to PostgreSQL', () => {
  const file = join(dir, 'casino.db');
  const sqliteOnly = { dbFile: file, databaseUrl: undefined, databaseTemplate: undefined };
  const personas = ['boss0001', 'ref00001', 'ref00002', 'ref00003', 'sub00001'];
  let now: Date;
  let withdrawer: string;
  const seen = new Map<string, { balance: unknown; journal: unknown; withdrawals: unknown; deposits: unknown }>();

  /** What a player sees of their money: balance, balance records, withdrawal and deposit records. */
  async function view(t: TestApp, player: Player) {
    const read = async (url: string) => (await t.call('GET', url, { cookie: player.cookie })).body;
    const balance = (await read('/api/balance')) as { data: { fbEvent?: unknown } };
    // The pixel events are told once (the first read consumes them): not part of the money.
    delete balance.data.fbEvent;
    return {
      balance,
      journal: await read('/api/user/balanceJournal/fetch?size=100'),
      withdrawals: await read('/api/withdraw/fetch?size=100'),
      deposits: await read('/api/recharge/fetch?size=100'),
    };
  }

  beforeAll(async () => {
    // Referrals, deposits, slot play, rebates and a ranking prize (the scenario), then a withdrawal.
    const t = await createTestApp({ config: sqliteOnly });
    await t.loadScenario('referral-network');
    const ana = await t.register();
    await t.readyToWithdraw(ana);
    await t.deposit(ana, 3000);
    const captcha = await t.captcha(ana);
    const asked = await t.call('POST', '/api/withdraw/create', {
      cookie: ana.cookie,
      ip: ana.ip,
      body: { amount: 1200, password: md5(TRADE_PASSWORD), captcha, smsCode: await t.withdrawCode(ana) },
    });
    expect(asked.body.success).toBe(true);
    withdrawer = ana.username;
    now = t.app.clock.now();
    for (const username of [...personas, withdrawer]) {
      const player = await t.logIn(username, username === withdrawer ? 'harness1' : undefined);
      seen.set(username, await view(t, player));
    }
    expect(await ledgerProblems(t.app.db)).toEqual([]);
    await t.close();
  });

  it('copies every row, verifies, and the app on PostgreSQL shows the same money', async () => {
    const url = await newDatabase();
    // The command itself, as an operator runs it (a small batch: several INSERTs per table).
    const printed = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/migrate-to-postgres.ts', '--from', file, '--to', url, '--batch', '7', '--quiet'],
      { cwd: ROOT_DIR, encoding: 'utf8' },
    );
    expect(printed).toMatch(/^Migrated\./);
    expect(printed).toMatch(/Verified: row counts per table equal; \d+ player accounts equal/);
    expect(printed).toMatch(/ledger whole over \d+ journal entries/);

    // Every row of every table is the same on both (the migrations' rows replaced by the source's).
    const source = new Database(file, { readonly: true });
    const target = openPostgres(url);
    try {
      const tables = sqliteTables(source);
      const before = await everything((sql) => source.prepare(sql).all() as Record<string, unknown>[], tables);
      const after = await everything(async (sql) => objects(await target.query(sql, [])), tables);
      expect(Object.keys(after).length).toBeGreaterThan(40);
      expect(before.balance_journal?.length).toBeGreaterThan(10);
      expect(before.withdrawals?.length).toBe(1);
      expect(after).toEqual(before);
    } finally {
      source.close();
      await target.close();
    }

    const pg = await createTestApp({ config: { databaseUrl: url, databaseTemplate: undefined }, now });
    try {
      for (const username of [...personas, withdrawer]) {
        const player = await pg.logIn(username, username === withdrawer ? 'harness1' : undefined);
        const shown = await view(pg, player);
        expect(shown, username).toEqual(seen.get(username));
      }
      const accountOf = (username: string) =>
        (seen.get(username) as { balance: { data: { userAccountVO: { balance: number; deposit: number } } } }).balance
          .data.userAccountVO;
      expect(accountOf(withdrawer).balance).toBe(1800);
      expect(accountOf('ref00002').deposit).toBeGreaterThan(0);
      // New rows take ids past the copied ones (the identity sequences were moved).
      const newcomer = await pg.register();
      await pg.deposit(newcomer, 500);
      const balance = await pg.call<{ userAccountVO: { balance: number } }>('GET', '/api/balance', {
        cookie: newcomer.cookie,
      });
      expect(balance.body.data.userAccountVO.balance).toBe(500);
      expect(await ledgerProblems(pg.app.db)).toEqual([]);
    } finally {
      await pg.close();
    }
  });

  it('refuses a target that already holds data, and changes nothing there', async () => {
    const url = await newDatabase();
    const seeded = openPostgres(url);
    await migrateDb(seeded);
    await seedDomains(seeded);
    const games = async () => (await seeded.query('SELECT COUNT(*) FROM games', [])).rows[0]?.[0];
    const before = await games();
    try {
      await expect(migrateSqliteToPostgres({ from: file, to: url })).rejects.toThrow(
        /The target is not empty \(rows in \w+, .* and \d+ more tables\): migrate into a new database/,
      );
      expect(await games()).toBe(before);
      expect((await seeded.query('SELECT COUNT(*) FROM users', [])).rows[0]?.[0]).toBe(0);
    } finally {
      await seeded.close();
    }
  });

  it('a dry run copies and verifies, then leaves the target untouched', async () => {
    const url = await newDatabase();
    const summary = await migrateSqliteToPostgres({ from: file, to: url, dryRun: true });
    expect(summary.dryRun).toBe(true);
    expect(summary.rows).toBeGreaterThan(100);
    expect(summary.players).toBe(6);
    expect(await tableCount(url)).toBe(0);
  });
});

describe('refusals and the seeds rule', () => {
  it('accepts a target holding only what the migrations insert (the listed tables); sequences pass every id given', async () => {
    const url = await newDatabase();
    const target = openPostgres(url);
    try {
      await migrateDb(target);
      const tables = (
        await target.query(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name != 'schema_migrations'",
          [],
        )
      ).rows as [string][];
      const filled: string[] = [];
      for (const [t] of tables)
        if (Number((await target.query(`SELECT COUNT(*) FROM "${t}"`, [])).rows[0]?.[0]) > 0) filled.push(t);
      filled.sort();
      expect(filled).toEqual([...MIGRATION_FILLED_TABLES].sort());
    } finally {
      await target.close();
    }
    // Letters 1..500 were given and deleted: AUTOINCREMENT never gives those ids again, nor must PostgreSQL.
    const file = await sqliteFile();
    const sqlite = new Database(file);
    sqlite.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('letters', 500)").run();
    sqlite.close();
    const summary = await migrateSqliteToPostgres({ from: file, to: url });
    expect(summary.dryRun).toBe(false);
    expect(summary.tables.find((t) => t.name === 'ledger_accounts')?.rows).toBe(5);
    const migrated = openPostgres(url);
    try {
      expect((await migrated.query("SELECT nextval(pg_get_serial_sequence('letters', 'id'))", [])).rows[0]?.[0]).toBe(
        501,
      );
      expect((await migrated.query("SELECT nextval(pg_get_serial_sequence('games', 'id'))", [])).rows[0]?.[0]).toBe(
        Number((await migrated.query('SELECT MAX(id) FROM games', [])).rows[0]?.[0]) + 1,
      );
    } finally {
      await migrated.close();
    }
  });

  it('refuses a source whose migrations are not all applied', async () => {
    const last = readMigrations().at(-1)?.version;
    const file = await sqliteFile(readMigrations().length - 1);
    await expect(migrateSqliteToPostgres({ from: file, to: await newDatabase() })).rejects.toThrow(
      new RegExp(`lacks migrations ${last}`),
    );
  });

  it('refuses a source whose migrations are newer than the code', async () => {
    const file = await sqliteFile();
    const db = new Database(file);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (9999, '9999_future', 'x')").run();
    db.close();
    await expect(migrateSqliteToPostgres({ from: file, to: await newDatabase() })).rejects.toThrow(
      /newer than this code \(9999\)/,
    );
  });

  it('refuses a source a running server holds, and a missing file', async () => {
    const file = await sqliteFile();
    const held = openDatabase(file);
    held.prepare('SELECT COUNT(*) FROM users').get();
    try {
      await expect(migrateSqliteToPostgres({ from: file, to: await newDatabase() })).rejects.toThrow(
        /in use .*stop the server/,
      );
    } finally {
      held.close();
    }
    await expect(migrateSqliteToPostgres({ from: join(dir, 'none.db'), to: await newDatabase() })).rejects.toThrow(
      MigrationRefused,
    );
  });

  it('refuses a source whose ledger is not whole', async () => {
    const file = await sqliteFile();
    const db = new Database(file);
    db.prepare("UPDATE ledger_account_slots SET balance = 100 WHERE code = 'house' AND slot = 0").run();
    db.close();
    await expect(migrateSqliteToPostgres({ from: file, to: await newDatabase() })).rejects.toThrow(
      /ledger is not whole/,
    );
  });

  it('a value PostgreSQL refuses fails the run, naming the table, and keeps nothing', async () => {
    const file = await sqliteFile();
    const db = new Database(file);
    // SQLite keeps a NUL inside text; PostgreSQL's text cannot hold one.
    db.prepare(
      "UPDATE app_config SET value = 'a' || char(0) || 'b' WHERE key = (SELECT MIN(key) FROM app_config)",
    ).run();
    db.close();
    const url = await newDatabase();
    await expect(migrateSqliteToPostgres({ from: file, to: url })).rejects.toThrow(
      /^copying app_config \(rows 1\.\.\d+\): /,
    );
    expect(await tableCount(url)).toBe(0);
  });

  it('refuses a target database that is not UTF8 (text must read back as written)', async () => {
    const name = `m_${process.pid}_${randomBytes(5).toString('hex')}`;
    await admin.exec(`CREATE DATABASE "${name}" ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0`);
    created.push(name);
    const file = await sqliteFile();
    await expect(migrateSqliteToPostgres({ from: file, to: databaseUrl(SERVER, name) })).rejects.toThrow(
      /is SQL_ASCII .*create it with ENCODING 'UTF8' LC_COLLATE 'C'/,
    );
  });
});
