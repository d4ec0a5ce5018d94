import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adHoc, type Engine, sql } from './builder';
import type { Db, SyncDb } from './port';
import { baseline, MIGRATIONS, type SchemaMigration } from './schema';

/**
 * Migrations, one list and one rule for both engines (docs/deployment.md, "One schema, two engines").
 *
 * - A fresh database (no schema_migrations, or an empty one) gets every migration of db/schema: the baseline
 *   0052_baseline (recording the SQLite versions 1..52 it stands for), then the later ones.
 * - A SQLite file older than the baseline (versions recorded, the newest below 52) takes the rest of SQLite's
 *   old chain, db/migrations/*.sql (frozen: an upgrade path only), then the later ones.
 * - Any other database (SQLite or PostgreSQL, at 52 or later) takes the migrations of db/schema it has not
 *   recorded.
 *
 * Each migration is applied in its own transaction with its versions recorded. `migrateDb` runs over the
 * async port (both engines; on PostgreSQL each one under an advisory lock, looking again under it, as several
 * processes may start at once); `migrate` applies the same statements through SQLite's synchronous handle,
 * for the call sites that are synchronous.
 */

/** SQLite's old chain: the frozen files, applied only to a file that has some of them already. */
export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'db', 'migrations');

/** A file of SQLite's old chain (db/migrations/NNNN_name.sql). */
export interface LegacyMigration {
  version: number;
  name: string;
  sql: string;
}

let cachedMigrations: LegacyMigration[] | undefined;

/** SQLite's old chain, in order (the upgrade path; tests build an old file from part of it). */
export function readMigrations(dir = MIGRATIONS_DIR): LegacyMigration[] {
  if (dir === MIGRATIONS_DIR && cachedMigrations) return cachedMigrations;
  const migrations = readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 4)),
      name: file.replace(/\.sql$/, ''),
      sql: readFileSync(join(dir, file), 'utf8'),
    }));
  if (dir === MIGRATIONS_DIR) cachedMigrations = migrations;
  return migrations;
}

/** One migration to apply: its name, its statements for the engine, and the versions it records. */
interface Step {
  name: string;
  statements: string[];
  records: readonly { version: number; name: string }[];
}

const ownRecord = (m: { version: number; name: string }) => [{ version: m.version, name: m.name }];

const legacyStep = (m: LegacyMigration): Step => ({ name: m.name, statements: [m.sql], records: ownRecord(m) });

/**
 * A migration's statements for an engine, compiled once per process: every fresh database (each test app's
 * in-memory one, each snapshot's pristine build) would otherwise build the baseline's 140-odd statements again.
 */
const compiled = new Map<SchemaMigration, Partial<Record<Engine, string[]>>>();
function statementsOf(m: SchemaMigration, engine: Engine): string[] {
  const byEngine = compiled.get(m) ?? {};
  compiled.set(m, byEngine);
  byEngine[engine] ??= m.up(engine);
  return byEngine[engine];
}

/** The rule: what a database with `applied` versions recorded takes, in order. */
function pending(engine: Engine, applied: ReadonlySet<number>): Step[] {
  const newest = Math.max(0, ...applied);
  const later = (after: number) =>
    MIGRATIONS.filter((m) => m.version > after && !applied.has(m.version)).map(
      (m): Step => ({ name: m.name, statements: statementsOf(m, engine), records: m.standsFor ?? ownRecord(m) }),
    );
  if (applied.size === 0) return later(0);
  if (newest >= baseline.version) return later(baseline.version);
  if (engine !== 'sqlite')
    throw new Error(`The database records migrations up to ${newest} only: PostgreSQL starts at 0052_baseline.`);
  return [
    ...readMigrations()
      .filter((m) => !applied.has(m.version))
      .map(legacyStep),
    ...later(baseline.version),
  ];
}

/** The versions and names a database at the newest schema has recorded (whichever way it got there). */
export function knownMigrations(): { version: number; name: string }[] {
  return MIGRATIONS.flatMap((m) => m.standsFor ?? ownRecord(m));
}

const BOOKKEEPING: Record<Engine, string> = {
  sqlite: `CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT`,
  postgres: `CREATE TABLE IF NOT EXISTS schema_migrations (
    version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`,
};

/**
 * Applies, through SQLite's synchronous handle, the migrations the rule gives (above). With `legacy` (tests
 * building an old file), exactly those files of the old chain not yet applied instead.
 */
export function migrate(db: SyncDb, legacy?: readonly LegacyMigration[]): string[] {
  db.exec(BOOKKEEPING.sqlite);
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .pluck()
      .all()
      .map((v) => Number(v)),
  );
  const steps = legacy ? legacy.filter((m) => !applied.has(m.version)).map(legacyStep) : pending('sqlite', applied);
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const step of steps)
    db.transaction(() => {
      for (const statement of step.statements) db.exec(statement);
      const at = new Date().toISOString();
      for (const r of step.records) record.run(r.version, r.name, at);
    })();
  return steps.map((s) => s.name);
}

/** Every process migrating the same PostgreSQL database takes this lock first (pg_advisory_xact_lock). */
const MIGRATION_LOCK = 7_316_021;

/**
 * Applies the migrations the rule gives (above) over the async port, each in its own transaction. On
 * PostgreSQL several processes may start at once on one database: each migration is applied under an
 * advisory lock, after looking again at what another process applied meanwhile.
 */
export async function migrateDb(db: Db): Promise<string[]> {
  const postgres = db.engine === 'postgres';
  // The port's PostgreSQL transactions are SERIALIZABLE: their snapshot is taken at their first statement,
  // the lock's, before it waits, so what another process applied meanwhile would stay unseen. READ
  // COMMITTED (still settable before the first statement) gives each statement after the lock a new one.
  // Inside a caller's transaction (migrate-to-postgres: all or nothing) the caller's isolation stands.
  const own = !db.inTransaction;
  const lock = async () => {
    if (!postgres) return;
    if (own) await db.exec('SET TRANSACTION ISOLATION LEVEL READ COMMITTED');
    await db.prepare(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`).get();
  };
  const appliedVersions = async () =>
    new Set(
      (await adHoc<{ version: number }>(db, sql`SELECT version FROM schema_migrations`).all()).map((r) =>
        Number(r.version),
      ),
    );
  await db.transaction(async () => {
    await lock();
    await db.exec(BOOKKEEPING[db.engine]);
  })();
  const done: string[] = [];
  if (pending(db.engine, await appliedVersions()).length === 0) return done;
  for (;;) {
    const name = await db.transaction(async () => {
      await lock();
      const [step] = pending(db.engine, await appliedVersions());
      if (!step) return undefined;
      for (const statement of step.statements) await db.exec(statement);
      const at = new Date().toISOString();
      for (const r of step.records)
        await adHoc(
          db,
          sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (${r.version}, ${r.name}, ${at})`,
        ).run();
      return step.name;
    })();
    if (name === undefined) return done;
    done.push(name);
  }
}
