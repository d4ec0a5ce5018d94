import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { knownMigrations } from '../database';
import { migrateDb } from '../migrate';
import type { Db } from '../port';
import { serialize } from '../serial';
import { isRetryable } from './errors';
import { openPostgres } from './open';
import type { PgPoolDb } from './pool';

/**
 * Moves a SQLite install (the file of `DB_FILE`) into an empty PostgreSQL database (`npm run
 * migrate-to-postgres`, docs/deployment.md "Moving a SQLite install to PostgreSQL").
 *
 * In one PostgreSQL transaction: applies the PostgreSQL migrations, checks the target holds nothing but
 * the rows those migrations insert, copies every table in foreign-key order in batches, moves every
 * identity sequence past the copied ids, then verifies (row counts per table, every player's account
 * row, the ledger's invariants) and commits, or rolls everything back: a failed or dry run leaves the
 * target as it was. The source is read in one read transaction (one consistent state) and never written.
 */

/** A refusal: the command explains why and changes nothing. */
export class MigrationRefused extends Error {
  override name = 'MigrationRefused';
}

/**
 * The tables the migrations themselves fill (0052_baseline: the catalog version row, the
 * ledger's counterparty accounts and their slots, 0052). A target whose other tables are all empty is empty: these rows are
 * replaced by the source's. migrate.pg.test.ts holds this list equal to what the migrations insert.
 */
export const MIGRATION_FILLED_TABLES = ['game_catalog_version', 'ledger_accounts', 'ledger_account_slots'];

export interface MigrateOptions {
  /** The SQLite file (a stopped server's DB_FILE). */
  from: string;
  /** The PostgreSQL database's url; the database must exist (UTF8, collation C). */
  to: string;
  /** Do everything, verify, then roll back. */
  dryRun?: boolean;
  /** Rows per INSERT (capped so one statement has at most 65,535 parameters). Default 1,000. */
  batchRows?: number;
  /** Progress lines. */
  log?: (line: string) => void;
  /**
   * What is wrong with a database's ledger (none when whole): the ledger domain's check (ledger/whole.ts),
   * given by the command, as this storage layer knows no domain. Run on the source before and the target after.
   */
  ledgerProblems: (db: Db) => Promise<string[]>;
}

export interface MigrateSummary {
  dryRun: boolean;
  tables: { name: string; rows: number }[];
  rows: number;
  sequences: number;
  players: number;
  /** The sum of the players' balances, in centavos. */
  balances: number;
  journalEntries: number;
  migrations: number;
  ms: number;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The database's own bookkeeping, never copied: the target's migrations record themselves. */
const BOOKKEEPING = 'schema_migrations';

class DryRunDone extends Error {}

/** Opens the SQLite file for reading: refuses a missing file or one a running server holds. */
function openSource(file: string): Database.Database {
  if (!existsSync(file)) throw new MigrationRefused(`The SQLite file ${file} does not exist.`);
  const source = new Database(file, { fileMustExist: true });
  try {
    source.pragma('query_only = ON');
    // A deferred read transaction: the first read takes the snapshot every later read sees.
    source.exec('BEGIN');
    source.prepare('SELECT COUNT(*) FROM sqlite_master').get();
  } catch (error) {
    source.close();
    if (/locked|busy/i.test(String((error as Error).message)))
      throw new MigrationRefused(
        `The SQLite file ${file} is in use (a running server holds it): stop the server first. (${(error as Error).message})`,
      );
    throw error;
  }
  return source;
}

/** Refuses a source whose migrations are not exactly the code's: some not applied, or newer than the code. */
function checkSourceMigrations(source: Database.Database): number[] {
  const hasTable = source
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
    .get();
  if (!hasTable) throw new MigrationRefused('The source has no schema_migrations table: it is not a casino database.');
  const applied = (source.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all() as unknown[])
    .map(Number)
    .sort((a, b) => a - b);
  const known = knownMigrations().map((m) => m.version);
  const newer = applied.filter((v) => !known.includes(v));
  if (newer.length)
    throw new MigrationRefused(
      `The source has migrations newer than this code (${newer.join(', ')}): run this command from the code that wrote it.`,
    );
  const missing = known.filter((v) => !applied.includes(v));
  if (missing.length)
    throw new MigrationRefused(
      `The source lacks migrations ${missing.join(', ')}: start this version's server on it once (it applies them), stop it, then migrate.`,
    );
  return applied;
}

/** Refuses a target that is not UTF8 with C collation (text must compare and fold as on SQLite). */
async function checkTargetDatabase(target: PgPoolDb): Promise<void> {
  const row = (
    await target.query(
      'SELECT pg_encoding_to_char(encoding), datcollate, datctype FROM pg_database WHERE datname = current_database()',
      [],
    )
  ).rows[0] as [string, string, string];
  const [encoding, collate, ctype] = row;
  const isC = (locale: string) => /^(C|POSIX|C\.UTF-?8)$/i.test(locale);
  if (encoding !== 'UTF8' || !isC(collate) || !isC(ctype))
    throw new MigrationRefused(
      `The target database is ${encoding} with collation ${collate} / ${ctype}: create it with ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0.`,
    );
}

async function targetTables(target: PgPoolDb): Promise<string[]> {
  return (
    await target.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
      [],
    )
  ).rows.map((r) => String(r[0]));
}

async function countOf(target: PgPoolDb, table: string): Promise<number> {
  return Number((await target.query(`SELECT COUNT(*) FROM ${quote(table)}`, [])).rows[0]?.[0]);
}

/** The tables in an order where every table comes after the tables its foreign keys name. */
async function foreignKeyOrder(target: PgPoolDb, tables: string[]): Promise<string[]> {
  const edges = (
    await target.query(
      `SELECT child.relname, parent.relname FROM pg_constraint c
         JOIN pg_class child ON child.oid = c.conrelid JOIN pg_class parent ON parent.oid = c.confrelid
       WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
      [],
    )
  ).rows as [string, string][];
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  // A table naming itself (users.superior_id) is copied in primary-key order: a row's parent comes first.
  for (const [child, parent] of edges) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...(parents.get(t) ?? [])].every((p) => placed.has(p)));
    if (!ready.length)
      throw new Error(`The foreign keys form a cycle among ${tables.filter((t) => !placed.has(t)).join(', ')}`);
    for (const t of ready) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

/** The columns of a source table, and its primary key (for a stable copy order). */
function sourceColumns(source: Database.Database, table: string) {
  const info = source.prepare(`SELECT name, pk FROM pragma_table_info(?)`).all(table) as { name: string; pk: number }[];
  const key = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  return { columns: info.map((c) => c.name), key: key.map((c) => c.name) };
}

async function targetColumns(target: PgPoolDb, table: string): Promise<string[]> {
  return (
    await target.query(
      'SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position',
      [table],
    )
  ).rows.map((r) => String(r[0]));
}

/** A SQLite value as pg sends it: 64-bit integers as text (exact beyond 2^53), the rest as is. */
const toPg = (value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

/**
 * Copies one table in batches. The source's rows are read one by one (its iterator stays open across the
 * awaited INSERTs: nothing else uses the source meanwhile).
 */
async function copyTable(
  source: Database.Database,
  target: PgPoolDb,
  table: string,
  columns: string[],
  key: string[],
  batchRows: number,
): Promise<number> {
  const list = columns.map(quote).join(', ');
  const order = key.length ? ` ORDER BY ${key.map(quote).join(', ')}` : ' ORDER BY rowid';
  const read = source
    .prepare(`SELECT ${list} FROM ${quote(table)}${order}`)
    .raw(true)
    .safeIntegers(true);
  const perBatch = Math.max(1, Math.min(batchRows, Math.floor(65_535 / columns.length)));
  let batch: unknown[][] = [];
  let copied = 0;
  const flush = async () => {
    if (!batch.length) return;
    const values: unknown[] = [];
    const tuples = batch.map((row) => {
      const marks = row.map((v) => {
        values.push(toPg(v));
        return `$${values.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    try {
      await target.query(`INSERT INTO ${quote(table)} (${list}) VALUES ${tuples.join(', ')}`, values);
    } catch (error) {
      // A serialization failure passes as is (the transaction runs again); anything else names the table.
      if (isRetryable(error)) throw error;
      throw new Error(`copying ${table} (rows ${copied + 1}..${copied + batch.length}): ${(error as Error).message}`);
    }
    copied += batch.length;
    batch = [];
  };
  for (const row of read.iterate() as IterableIterator<unknown[]>) {
    batch.push(row);
    if (batch.length >= perBatch) await flush();
  }
  await flush();
  return copied;
}

/**
 * Moves every identity sequence past the largest copied id, and past SQLite's AUTOINCREMENT high-water
 * mark (sqlite_sequence: ids of deleted rows are never given again), so the next insert takes a fresh id.
 */
async function resetSequences(source: Database.Database, target: PgPoolDb): Promise<number> {
  const hasMarks = source.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get();
  const marks = new Map(
    hasMarks ? (source.prepare('SELECT name, seq FROM sqlite_sequence').raw(true).all() as [string, number][]) : [],
  );
  const identities = (
    await target.query(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'",
      [],
    )
  ).rows as [string, string][];
  for (const [table, column] of identities) {
    await target.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), GREATEST(COALESCE(MAX(${quote(column)}), 0), $3::bigint) + 1, false) FROM ${quote(table)}`,
      [quote(table), column, marks.get(table) ?? 0],
    );
  }
  return identities.length;
}

type AccountRow = [number, number, number, number];
const ACCOUNTS = 'SELECT user_id, balance, frozen, point FROM accounts ORDER BY user_id';

/** Copies `from` into `to` (see the top of this file); rejects with MigrationRefused when it will not. */
export async function migrateSqliteToPostgres(options: MigrateOptions): Promise<MigrateSummary> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const batchRows = options.batchRows ?? 1000;
  const source = openSource(options.from);
  let target: PgPoolDb | undefined;
  try {
    const versions = checkSourceMigrations(source);
    // The ledger's check speaks the async port: here over the source's open read transaction.
    const problems = await options.ledgerProblems(serialize(source));
    if (problems.length)
      throw new MigrationRefused(`The source's ledger is not whole; repair it first:\n${problems.join('\n')}`);
    try {
      // The pool connects on the first statement: a target that cannot be reached fails here.
      target = openPostgres(options.to);
      await checkTargetDatabase(target);
    } catch (error) {
      if (error instanceof MigrationRefused) throw error;
      throw new MigrationRefused(`Cannot open the target ${options.to}: ${(error as Error).message}`);
    }
    const pg = target;
    // The copy is one transaction of the target (SERIALIZABLE, its function run again after a serialization
    // failure): every statement awaited inside it, the migrations' and the ledger check's too, runs on the
    // transaction's own connection (found from the async context), the migrations' transactions as savepoints.
    const summary: MigrateSummary = {
      dryRun: Boolean(options.dryRun),
      tables: [],
      rows: 0,
      sequences: 0,
      players: 0,
      balances: 0,
      journalEntries: 0,
      migrations: versions.length,
      ms: 0,
    };
    try {
      await pg.transaction(async () => {
        summary.tables = [];
        summary.rows = 0;
        const applied = await migrateDb(pg);
        if (applied.length) log(`applied the PostgreSQL migrations: ${applied.join(', ')}`);
        const targetVersions = (
          (await pg.query('SELECT version FROM schema_migrations ORDER BY version', [])).rows as unknown[][]
        )
          .map((r) => Number(r[0]))
          .sort((a, b) => a - b);
        if (targetVersions.join(',') !== versions.join(','))
          throw new MigrationRefused(
            `The target's migrations (${targetVersions.join(', ')}) are not the source's (${versions.join(', ')}).`,
          );

        const tables = (await targetTables(pg)).filter((t) => t !== BOOKKEEPING);
        const held: string[] = [];
        for (const t of tables) if (!MIGRATION_FILLED_TABLES.includes(t) && (await countOf(pg, t)) > 0) held.push(t);
        if (held.length)
          throw new MigrationRefused(
            `The target is not empty (rows in ${held.slice(0, 5).join(', ')}${held.length > 5 ? ` and ${held.length - 5} more tables` : ''}): migrate into a new database (or drop and recreate this one).`,
          );
        const sourceTables = (
          source
            .prepare(
              "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != ? ORDER BY name",
            )
            .pluck()
            .all(BOOKKEEPING) as string[]
        ).sort();
        const missing = sourceTables.filter((t) => !tables.includes(t));
        const extra = tables.filter((t) => !sourceTables.includes(t));
        if (missing.length || extra.length)
          throw new MigrationRefused(
            `The schemas differ: only in SQLite ${missing.join(', ') || '-'}; only in PostgreSQL ${extra.join(', ') || '-'}.`,
          );

        const order = await foreignKeyOrder(pg, tables);
        // Triggers keep derived values (catalog version, open wagering counts): the copied values already
        // are those, so the triggers must not add to them. Foreign keys stay checked.
        for (const t of tables) await pg.exec(`ALTER TABLE ${quote(t)} DISABLE TRIGGER USER`);
        for (const t of [...MIGRATION_FILLED_TABLES].reverse()) await pg.exec(`DELETE FROM ${quote(t)}`);
        for (const table of order) {
          const { columns, key } = sourceColumns(source, table);
          const wanted = await targetColumns(pg, table);
          if ([...columns].sort().join(',') !== [...wanted].sort().join(','))
            throw new MigrationRefused(
              `The columns of ${table} differ: SQLite (${columns.join(', ')}), PostgreSQL (${wanted.join(', ')}).`,
            );
          const rows = await copyTable(source, pg, table, wanted, key, batchRows);
          summary.tables.push({ name: table, rows });
          summary.rows += rows;
          if (rows) log(`${table}: ${rows} rows`);
        }
        for (const t of tables) await pg.exec(`ALTER TABLE ${quote(t)} ENABLE TRIGGER USER`);
        summary.sequences = await resetSequences(source, pg);

        // Verification, before the commit: a difference rolls everything back.
        const differences: string[] = [];
        for (const { name } of summary.tables) {
          const want = Number(
            source
              .prepare(`SELECT COUNT(*) FROM ${quote(name)}`)
              .pluck()
              .get(),
          );
          const got = await countOf(pg, name);
          if (want !== got) differences.push(`${name}: ${want} rows in SQLite, ${got} in PostgreSQL`);
        }
        const sourceAccounts = source.prepare(ACCOUNTS).raw(true).all() as AccountRow[];
        const targetAccounts = (await pg.query(ACCOUNTS, [])).rows as AccountRow[];
        if (JSON.stringify(sourceAccounts) !== JSON.stringify(targetAccounts))
          differences.push("the players' accounts (balance, frozen, points) differ");
        differences.push(...(await options.ledgerProblems(pg)));
        if (differences.length)
          throw new Error(`The copy does not verify; nothing was kept:\n${differences.join('\n')}`);
        summary.players = targetAccounts.length;
        summary.balances = targetAccounts.reduce((sum, [, balance]) => sum + balance, 0);
        summary.journalEntries = await countOf(pg, 'balance_journal');
        if (options.dryRun) throw new DryRunDone();
      })();
    } catch (error) {
      if (!(error instanceof DryRunDone)) throw error;
    }
    summary.ms = Date.now() - started;
    return summary;
  } finally {
    if (source.inTransaction) source.exec('COMMIT');
    source.close();
    await target?.close();
  }
}

/** The summary as the command prints it. */
export function formatSummary(summary: MigrateSummary): string {
  const width = Math.max(...summary.tables.map((t) => t.name.length), 5);
  const lines = summary.tables.filter((t) => t.rows > 0).map((t) => `  ${t.name.padEnd(width)} ${t.rows}`);
  const empty = summary.tables.filter((t) => t.rows === 0).map((t) => t.name);
  const pesos = (summary.balances / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  return [
    summary.dryRun ? 'Dry run: copied and verified, then rolled back (the target is unchanged).' : 'Migrated.',
    `${summary.tables.length} tables, ${summary.rows} rows (${summary.migrations} migrations), ${summary.sequences} identity sequences moved past the copied ids, ${summary.ms} ms.`,
    ...lines,
    ...(empty.length ? [`  empty: ${empty.join(', ')}`] : []),
    `Verified: row counts per table equal; ${summary.players} player accounts equal (balances ${pesos} PHP); ledger whole over ${summary.journalEntries} journal entries.`,
  ].join('\n');
}
