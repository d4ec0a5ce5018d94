import { adHoc, sql } from '../../db/builder';
import type { Db } from '../../db/database';
import { KEPT_ACROSS_RESTORES, SNAPSHOT_META_KEY } from './snapshot.repo';

/** Every snapshot lives in a schema of the database named with this prefix; the fresh install in PRISTINE. */
export const SNAPSHOT_SCHEMA_PREFIX = 'snap_';
export const PRISTINE_SCHEMA = 'casino_pristine';
/** A snapshot schema's table of its own description (one row: the metadata as JSON). */
const META_TABLE = '_snapshot';
/** A snapshot schema's table of the identity sequences' positions when it was saved. */
const SEQUENCES_TABLE = '_sequences';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * SQL for whole-database snapshots on PostgreSQL: a snapshot is a schema of the same database holding a
 * copy of every table of the app's schema (`CREATE TABLE ... AS SELECT`), its identity sequences'
 * positions and its description. Restoring copies the rows back, in one SERIALIZABLE transaction: the
 * tables are never dropped, so every process's prepared statements stay valid, and the other processes of
 * a cluster only wait on the row locks (docs/deployment.md, "Snapshots"). `restoreFrom` compares the
 * migrations and copies the rows inside that one transaction, so no statement of another request comes
 * between its check and its copy; `save` and `seal` each write their schema in one transaction too.
 */
export function createPgSnapshotRepo(db: Db) {
  const tablesOf = async (schema: string) =>
    (
      await adHoc(
        db,
        sql<{ relname: string }>`SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = ${schema} AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
      ).all()
    ).map((r) => r.relname);
  const current = async () =>
    (await adHoc(db, sql<{ schema: string }>`SELECT current_schema() AS schema`).get())?.schema as string;

  /** The insertable columns of every table of `schema`, in order (one query). */
  async function columnsOf(schema: string): Promise<Map<string, string[]>> {
    const rows = await adHoc(
      db,
      sql<{ tbl: string; col: string }>`SELECT table_name AS tbl, column_name AS col FROM information_schema.columns
        WHERE table_schema = ${schema} AND is_generated = 'NEVER' ORDER BY table_name, ordinal_position`,
    ).all();
    const map = new Map<string, string[]>();
    for (const { tbl, col } of rows) map.set(tbl, [...(map.get(tbl) ?? []), col]);
    return map;
  }

  /** The app's tables, each after the tables it refers to (foreign keys), so rows go in parents first. */
  async function ordered(schema: string): Promise<string[]> {
    const edges = await adHoc(
      db,
      sql<{ child: string; parent: string }>`SELECT child.relname AS child, parent.relname AS parent
        FROM pg_constraint k
        JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
        JOIN pg_namespace n ON n.oid = child.relnamespace
        WHERE k.contype = 'f' AND n.nspname = ${schema} AND child.oid <> parent.oid`,
    ).all();
    const done = new Set<string>();
    const result: string[] = [];
    const visit = (table: string, path: Set<string>) => {
      if (done.has(table) || path.has(table)) return;
      path.add(table);
      for (const e of edges) if (e.child === table) visit(e.parent, path);
      done.add(table);
      result.push(table);
    };
    for (const table of await tablesOf(schema)) visit(table, new Set());
    return result;
  }

  async function migrationsOf(schema: string): Promise<string> {
    if (!(await tablesOf(schema)).includes('schema_migrations')) return '';
    const versions = sql<{ version: number }>`SELECT version FROM ${sql.id(schema, 'schema_migrations')}
      ORDER BY version`;
    return (await adHoc(db, versions).all()).map((r) => r.version).join(',');
  }

  /** The identity sequences of `source`'s tables and where they stand, written into `target`. */
  async function recordSequences(source: string, target: string) {
    await db.exec(
      `CREATE TABLE ${quote(target)}.${SEQUENCES_TABLE} (tbl TEXT NOT NULL, col TEXT NOT NULL, last_value BIGINT NOT NULL, is_called INTEGER NOT NULL)`,
    );
    const identities = await adHoc(
      db,
      sql<{ tbl: string; col: string }>`SELECT table_name AS tbl, column_name AS col FROM information_schema.columns
        WHERE table_schema = ${source} AND is_identity = 'YES'`,
    ).all();
    for (const { tbl, col } of identities) {
      const table = `${quote(source)}.${quote(tbl)}`;
      const { sequence } = (await adHoc(
        db,
        sql<{ sequence: string | null }>`SELECT pg_get_serial_sequence(${table}, ${col}) AS sequence`,
      ).get()) ?? { sequence: null };
      if (!sequence) continue;
      const at = (await adHoc(
        db,
        sql<{ last_value: number; is_called: number }>`SELECT last_value,
          CASE WHEN is_called THEN 1 ELSE 0 END AS is_called FROM ${sql.raw(sequence)}`,
      ).get()) as { last_value: number; is_called: number };
      await adHoc(
        db,
        sql`INSERT INTO ${sql.id(target, SEQUENCES_TABLE)} (tbl, col, last_value, is_called)
          VALUES (${tbl}, ${col}, ${at.last_value}, ${at.is_called})`,
      ).run();
    }
  }

  /** Writes a snapshot schema's description table (inside the caller's transaction). */
  async function writeMeta(schema: string, meta: string) {
    await db.exec(`CREATE TABLE ${quote(schema)}.${META_TABLE} (meta TEXT NOT NULL)`);
    await adHoc(db, sql`INSERT INTO ${sql.id(schema, META_TABLE)} (meta) VALUES (${meta})`).run();
  }

  return {
    schemaOf: (name: string) => `${SNAPSHOT_SCHEMA_PREFIX}${name}`,
    schemaExists: async (schema: string) =>
      (await adHoc(db, sql`SELECT 1 FROM pg_namespace WHERE nspname = ${schema}`).get()) !== undefined,
    /** The applied migrations of the app's schema (or of `schema`), e.g. "1,2,3". */
    migrations: async (schema?: string) => migrationsOf(schema ?? (await current())),

    /** The names of the snapshot schemas, without their prefix. */
    names: async () =>
      (
        await adHoc(
          db,
          sql<{ nspname: string }>`SELECT nspname FROM pg_namespace
            WHERE left(nspname, ${SNAPSHOT_SCHEMA_PREFIX.length}) = ${SNAPSHOT_SCHEMA_PREFIX} ORDER BY nspname`,
        ).all()
      ).map((r) => r.nspname.slice(SNAPSHOT_SCHEMA_PREFIX.length)),

    /** The description a snapshot schema holds, or undefined (no such schema, or one being written). */
    async meta(schema: string): Promise<string | undefined> {
      if (!(await tablesOf(schema)).includes(META_TABLE)) return undefined;
      return (await adHoc(db, sql<{ meta: string }>`SELECT meta FROM ${sql.id(schema, META_TABLE)}`).get())?.meta;
    },

    /** On-disk size of a schema's tables. */
    bytes: async (schema: string) =>
      Number(
        (
          await adHoc(
            db,
            sql<{ bytes: number }>`SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) AS bytes FROM pg_class c
              JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ${schema} AND c.relkind = 'r'`,
          ).get()
        )?.bytes,
      ),

    /** A consistent copy of every table (one transaction) into `schema`, replacing one of that name. */
    async save(schema: string, meta: string): Promise<void> {
      await db.transaction(async () => {
        const source = await current();
        await db.exec(
          [
            `DROP SCHEMA IF EXISTS ${quote(schema)} CASCADE`,
            `CREATE SCHEMA ${quote(schema)}`,
            ...(await tablesOf(source)).map(
              (t) => `CREATE TABLE ${quote(schema)}.${quote(t)} AS SELECT * FROM ${quote(source)}.${quote(t)}`,
            ),
          ].join(';\n'),
        );
        await recordSequences(source, schema);
        await writeMeta(schema, meta);
      })();
    },

    /** Rewrites a snapshot's description (its size is known only once it is written). */
    async describe(schema: string, meta: string): Promise<void> {
      await adHoc(db, sql`UPDATE ${sql.id(schema, META_TABLE)} SET meta = ${meta}`).run();
    },

    async drop(schema: string): Promise<void> {
      await db.exec(`DROP SCHEMA IF EXISTS ${quote(schema)} CASCADE`);
    },

    /** After a fresh install was migrated and seeded into `schema` (pristine): its sequences and description. */
    async seal(schema: string, meta: string): Promise<void> {
      await db.transaction(async () => {
        await recordSequences(schema, schema);
        await writeMeta(schema, meta);
      })();
    },

    async rename(from: string, to: string): Promise<void> {
      await db.exec(`ALTER SCHEMA ${quote(from)} RENAME TO ${quote(to)}`);
    },

    /**
     * Replaces every row of every table of the app's schema with the rows `schema` holds, and sets the
     * identity sequences where they stood. Refuses (false) a schema saved under other migrations. The
     * check and the copy are one SERIALIZABLE transaction (run again whole after a serialization failure),
     * so no other request's statement comes between them. Tables are emptied children first and filled
     * parents first, so every foreign key holds at every statement.
     */
    async restoreFrom(schema: string): Promise<boolean> {
      if (db.inTransaction) throw new Error('restoreFrom must not run inside a transaction');
      return db.transaction(async () => {
        const target = await current();
        if ((await migrationsOf(schema)) !== (await migrationsOf(target))) return false;
        const catalog = sql<{ version: number }>`SELECT version FROM game_catalog_version WHERE id = 1`;
        const catalogBefore = Number((await adHoc(db, catalog).get())?.version ?? 0);
        const saved = new Set(await tablesOf(schema));
        const tables = (await ordered(target)).filter((t) => !KEPT_ACROSS_RESTORES.has(t));
        const from = await columnsOf(schema);
        const to = await columnsOf(target);
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
        await db.exec(statements.join(';\n'));
        if (saved.has(SEQUENCES_TABLE))
          await adHoc(
            db,
            sql`SELECT setval(pg_get_serial_sequence(quote_ident(${target}) || '.' || quote_ident(tbl), col),
                last_value, is_called = 1)
              FROM ${sql.id(schema, SEQUENCES_TABLE)} WHERE tbl <> ALL(string_to_array(${[...KEPT_ACROSS_RESTORES].join(',')}, ','))`,
          ).all();
        await adHoc(db, sql`DELETE FROM app_state WHERE key = ${SNAPSHOT_META_KEY}`).run();
        // A number the in-memory game catalog has never seen, so it reloads whatever the snapshot held.
        await adHoc(
          db,
          sql`UPDATE game_catalog_version SET version = GREATEST(version, ${catalogBefore}) + 1 WHERE id = 1`,
        ).run();
        return true;
      })();
    },
  };
}

export type PgSnapshotRepo = ReturnType<typeof createPgSnapshotRepo>;
