import type { Db, SyncDb } from '../../db/database';
import { KEPT_ACROSS_RESTORES, SNAPSHOT_META_KEY } from './snapshot.repo';

/** Every snapshot lives in a schema of the database named with this prefix; the fresh install in PRISTINE. */
export const SNAPSHOT_SCHEMA_PREFIX = 'snap_';
export const PRISTINE_SCHEMA = 'casino_pristine';
/** A snapshot schema's table of its own description (one row: the metadata as JSON). */
const META_TABLE = '_snapshot';
/** A snapshot schema's table of the identity sequences' positions when it was saved. */
const SEQUENCES_TABLE = '_sequences';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The snapshots' SQL on the connection itself, each call one synchronous block (see createPgSnapshotRepo). */
function snapshotSql(sync: SyncDb) {
  const tablesOf = (schema: string) =>
    sync
      .prepare(
        `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = ? AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
      )
      .pluck()
      .all(schema) as string[];
  const current = () => sync.prepare('SELECT current_schema()').pluck().get() as string;
  const schemaExists = (schema: string) =>
    sync.prepare('SELECT 1 FROM pg_namespace WHERE nspname = ?').get(schema) !== undefined;
  /** The insertable columns of every table of `schema`, in order (one query). */
  function columnsOf(schema: string): Map<string, string[]> {
    const rows = sync
      .prepare(
        `SELECT table_name AS tbl, column_name AS col FROM information_schema.columns
         WHERE table_schema = ? AND is_generated = 'NEVER' ORDER BY table_name, ordinal_position`,
      )
      .all(schema) as { tbl: string; col: string }[];
    const map = new Map<string, string[]>();
    for (const { tbl, col } of rows) map.set(tbl, [...(map.get(tbl) ?? []), col]);
    return map;
  }

  /** The app's tables, each after the tables it refers to (foreign keys), so rows go in parents first. */
  function ordered(schema: string): string[] {
    const edges = sync
      .prepare(
        `SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint k
         JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
         JOIN pg_namespace n ON n.oid = child.relnamespace
         WHERE k.contype = 'f' AND n.nspname = ? AND child.oid <> parent.oid`,
      )
      .all(schema) as { child: string; parent: string }[];
    const done = new Set<string>();
    const result: string[] = [];
    const visit = (table: string, path: Set<string>) => {
      if (done.has(table) || path.has(table)) return;
      path.add(table);
      for (const e of edges) if (e.child === table) visit(e.parent, path);
      done.add(table);
      result.push(table);
    };
    for (const table of tablesOf(schema)) visit(table, new Set());
    return result;
  }

  function migrationsOf(schema: string): string {
    if (!tablesOf(schema).includes('schema_migrations')) return '';
    return (
      sync
        .prepare(`SELECT version FROM ${quote(schema)}.schema_migrations ORDER BY version`)
        .pluck()
        .all() as number[]
    ).join(',');
  }

  /** The identity sequences of `source`'s tables and where they stand, written into `target`. */
  function recordSequences(source: string, target: string) {
    sync.exec(
      `CREATE TABLE ${quote(target)}.${SEQUENCES_TABLE} (tbl TEXT NOT NULL, col TEXT NOT NULL, last_value BIGINT NOT NULL, is_called INTEGER NOT NULL)`,
    );
    const identities = sync
      .prepare(
        `SELECT table_name AS tbl, column_name AS col FROM information_schema.columns
         WHERE table_schema = ? AND is_identity = 'YES'`,
      )
      .all(source) as { tbl: string; col: string }[];
    for (const { tbl, col } of identities) {
      const sequence = sync
        .prepare('SELECT pg_get_serial_sequence(?, ?)')
        .pluck()
        .get(`${quote(source)}.${quote(tbl)}`, col) as string | null;
      if (!sequence) continue;
      const at = sync
        .prepare(`SELECT last_value, CASE WHEN is_called THEN 1 ELSE 0 END AS is_called FROM ${sequence}`)
        .get() as { last_value: number; is_called: number };
      sync
        .prepare(
          `INSERT INTO ${quote(target)}.${SEQUENCES_TABLE} (tbl, col, last_value, is_called) VALUES (?, ?, ?, ?)`,
        )
        .run(tbl, col, at.last_value, at.is_called);
    }
  }

  return {
    schemaOf: (name: string) => `${SNAPSHOT_SCHEMA_PREFIX}${name}`,
    schemaExists,
    /** The applied migrations of the app's schema (or of `schema`), e.g. "1,2,3". */
    migrations: (schema?: string) => migrationsOf(schema ?? current()),

    /** The names of the snapshot schemas, without their prefix. */
    names: () =>
      (
        sync
          .prepare('SELECT nspname FROM pg_namespace WHERE left(nspname, ?) = ? ORDER BY nspname')
          .pluck()
          .all(SNAPSHOT_SCHEMA_PREFIX.length, SNAPSHOT_SCHEMA_PREFIX) as string[]
      ).map((s) => s.slice(SNAPSHOT_SCHEMA_PREFIX.length)),

    /** The description a snapshot schema holds, or undefined (no such schema, or one being written). */
    meta(schema: string): string | undefined {
      if (!tablesOf(schema).includes(META_TABLE)) return undefined;
      return sync
        .prepare(`SELECT meta FROM ${quote(schema)}.${META_TABLE}`)
        .pluck()
        .get() as string | undefined;
    },

    /** On-disk size of a schema's tables. */
    bytes: (schema: string) =>
      Number(
        sync
          .prepare(
            `SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) FROM pg_class c
             JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relkind = 'r'`,
          )
          .pluck()
          .get(schema),
      ),

    /** A consistent copy of every table (one transaction) into `schema`, replacing one of that name. */
    save(schema: string, meta: string): void {
      sync.transaction(() => {
        const source = current();
        sync.exec(
          [
            `DROP SCHEMA IF EXISTS ${quote(schema)} CASCADE`,
            `CREATE SCHEMA ${quote(schema)}`,
            ...tablesOf(source).map(
              (t) => `CREATE TABLE ${quote(schema)}.${quote(t)} AS SELECT * FROM ${quote(source)}.${quote(t)}`,
            ),
          ].join(';\n'),
        );
        recordSequences(source, schema);
        sync.exec(`CREATE TABLE ${quote(schema)}.${META_TABLE} (meta TEXT NOT NULL)`);
        sync.prepare(`INSERT INTO ${quote(schema)}.${META_TABLE} (meta) VALUES (?)`).run(meta);
      })();
    },

    /** Rewrites a snapshot's description (its size is known only once it is written). */
    describe(schema: string, meta: string): void {
      sync.prepare(`UPDATE ${quote(schema)}.${META_TABLE} SET meta = ?`).run(meta);
    },

    drop(schema: string): void {
      sync.exec(`DROP SCHEMA IF EXISTS ${quote(schema)} CASCADE`);
    },

    /** After a fresh install was migrated and seeded into `schema` (pristine): its sequences and description. */
    seal(schema: string, meta: string): void {
      sync.transaction(() => {
        recordSequences(schema, schema);
        sync.exec(`CREATE TABLE ${quote(schema)}.${META_TABLE} (meta TEXT NOT NULL)`);
        sync.prepare(`INSERT INTO ${quote(schema)}.${META_TABLE} (meta) VALUES (?)`).run(meta);
      })();
    },

    rename(from: string, to: string): void {
      sync.exec(`ALTER SCHEMA ${quote(from)} RENAME TO ${quote(to)}`);
    },

    /**
     * Replaces every row of every table of the app's schema with the rows `schema` holds, and sets the
     * identity sequences where they stood. Refuses (false) a schema saved under other migrations. Tables
     * are emptied children first and filled parents first, so every foreign key holds at every statement.
     */
    restoreFrom(schema: string): boolean {
      const target = current();
      if (migrationsOf(schema) !== migrationsOf(target)) return false;
      sync.transaction(() => {
        const catalogBefore = Number(
          sync.prepare('SELECT version FROM game_catalog_version WHERE id = 1').pluck().get() ?? 0,
        );
        const saved = new Set(tablesOf(schema));
        const tables = ordered(target).filter((t) => !KEPT_ACROSS_RESTORES.has(t));
        const from = columnsOf(schema);
        const to = columnsOf(target);
        // One round trip: every table emptied (children first), then filled (parents first).
        const statements = [...tables].reverse().map((t) => `DELETE FROM ${quote(target)}.${quote(t)}`);
        for (const table of tables) {
          if (!saved.has(table)) continue;
          const kept = new Set(from.get(table) ?? []);
          const cols = (to.get(table) ?? [])
            .filter((c) => kept.has(c))
            .map(quote)
            .join(', ');
          statements.push(
            `INSERT INTO ${quote(target)}.${quote(table)} (${cols}) OVERRIDING SYSTEM VALUE SELECT ${cols} FROM ${quote(schema)}.${quote(table)}`,
          );
        }
        sync.exec(statements.join(';\n'));
        if (saved.has(SEQUENCES_TABLE))
          sync
            .prepare(
              `SELECT setval(pg_get_serial_sequence(quote_ident(?) || '.' || quote_ident(tbl), col), last_value, is_called = 1)
             FROM ${quote(schema)}.${SEQUENCES_TABLE} WHERE tbl <> ALL(string_to_array(?, ','))`,
            )
            .all(target, [...KEPT_ACROSS_RESTORES].join(','));
        sync.prepare('DELETE FROM app_state WHERE key = ?').run(SNAPSHOT_META_KEY);
        // A number the in-memory game catalog has never seen, so it reloads whatever the snapshot held.
        sync
          .prepare('UPDATE game_catalog_version SET version = GREATEST(version, ?) + 1 WHERE id = 1')
          .run(catalogBefore);
      })();
      return true;
    },
  };
}

/**
 * SQL for whole-database snapshots on PostgreSQL: a snapshot is a schema of the same database holding a
 * copy of every table of the app's schema (`CREATE TABLE ... AS SELECT`), its identity sequences'
 * positions and its description. Restoring copies the rows back, in one SERIALIZABLE transaction on the
 * app's own connection: the tables are never dropped, so every process's prepared statements stay valid,
 * and the other processes of a cluster only wait on the row locks (docs/deployment.md, "Snapshots").
 * Every call runs on the connection itself (`db.exclusive`), in one synchronous block: no statement of
 * another request comes between its reads and its transaction.
 */
export function createPgSnapshotRepo(db: Db) {
  const on = <T>(work: (sql: ReturnType<typeof snapshotSql>) => T) => db.exclusive((sync) => work(snapshotSql(sync)));
  return {
    schemaOf: (name: string) => `${SNAPSHOT_SCHEMA_PREFIX}${name}`,
    schemaExists: (schema: string) => on((sql) => sql.schemaExists(schema)),
    /** The applied migrations of the app's schema (or of `schema`), e.g. "1,2,3". */
    migrations: (schema?: string) => on((sql) => sql.migrations(schema)),
    /** The names of the snapshot schemas, without their prefix. */
    names: () => on((sql) => sql.names()),
    /** The description a snapshot schema holds, or undefined (no such schema, or one being written). */
    meta: (schema: string) => on((sql) => sql.meta(schema)),
    /** On-disk size of a schema's tables. */
    bytes: (schema: string) => on((sql) => sql.bytes(schema)),
    /** A consistent copy of every table (one transaction) into `schema`, replacing one of that name. */
    save: (schema: string, meta: string) => on((sql) => sql.save(schema, meta)),
    /** Rewrites a snapshot's description (its size is known only once it is written). */
    describe: (schema: string, meta: string) => on((sql) => sql.describe(schema, meta)),
    drop: (schema: string) => on((sql) => sql.drop(schema)),
    /** After a fresh install was migrated and seeded into `schema` (pristine): its sequences and description. */
    seal: (schema: string, meta: string) => on((sql) => sql.seal(schema, meta)),
    rename: (from: string, to: string) => on((sql) => sql.rename(from, to)),
    /**
     * Replaces every row of every table of the app's schema with the rows `schema` holds, and sets the
     * identity sequences where they stood. Refuses (false) a schema saved under other migrations.
     */
    async restoreFrom(schema: string): Promise<boolean> {
      if (db.inTransaction) throw new Error('restoreFrom must not run inside a transaction');
      return on((sql) => sql.restoreFrom(schema));
    },
  };
}

export type PgSnapshotRepo = ReturnType<typeof createPgSnapshotRepo>;
