import type { Db, SyncDb } from '../../db/database';

/** The app_state key a snapshot file describes itself under (snapshots.ts); a restore removes it again. */
export const SNAPSHOT_META_KEY = 'snapshot.meta';

/**
 * Tables a restore (and a scenario load) leaves as they are: the operator audit trail records the restore
 * itself, and survives it; operator accounts and their sessions are the back office's, not test data (the
 * tester who loads a scenario stays signed in).
 */
export const KEPT_ACROSS_RESTORES = new Set(['ops_audit', 'operators', 'operator_sessions']);

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** What the connection holds: its tables, migrations, sequences and columns (run on the connection itself). */
function catalog(sync: SyncDb) {
  return {
    tables: (schema: 'main' | 'snap') =>
      sync
        .prepare(`SELECT name FROM ${schema}.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
        .pluck()
        .all() as string[],
    migrations: (schema: 'main' | 'snap') =>
      (sync.prepare(`SELECT version FROM ${schema}.schema_migrations ORDER BY version`).pluck().all() as number[]).join(
        ',',
      ),
    hasSequence: (schema: 'main' | 'snap') =>
      sync.prepare(`SELECT 1 FROM ${schema}.sqlite_master WHERE name = 'sqlite_sequence'`).get() !== undefined,
    columns: (table: string) =>
      (sync.prepare(`PRAGMA main.table_info(${quote(table)})`).all() as { name: string }[]).map((c) => quote(c.name)),
  };
}

/**
 * SQL for whole-database snapshots: VACUUM INTO to save, and a copy of every table from an attached file
 * to restore, inside one transaction on the same connection. Services keep their prepared statements,
 * because the schema stays the one they were prepared on. The restore runs on the connection itself
 * (`db.exclusive`), in one synchronous block: no other statement comes between the ATTACH and the DETACH.
 */
export function createSnapshotRepo(db: Db) {
  return {
    /** A consistent copy of the whole database in a new file (which must not exist). */
    async saveTo(file: string): Promise<void> {
      await db.prepare('VACUUM INTO ?').run(file);
    },

    /** The applied migrations of the open database, e.g. "1,2,3". */
    migrations: () => db.exclusive((sync) => catalog(sync).migrations('main')),

    /**
     * Replaces every row of every table with the rows of `file`. Refuses (returns false) when the file was
     * saved under other migrations. Triggers are dropped for the copy and created again, so the copy
     * writes exactly the saved rows; foreign keys are checked after it, not row by row.
     */
    async restoreFrom(file: string): Promise<boolean> {
      if (db.inTransaction) throw new Error('restoreFrom must not run inside a transaction');
      return db.exclusive((sync) => {
        const { tables, migrations, hasSequence, columns } = catalog(sync);
        sync.pragma('foreign_keys = OFF');
        sync.prepare('ATTACH DATABASE ? AS snap').run(file);
        try {
          if (migrations('snap') !== migrations('main')) return false;
          sync.transaction(() => {
            const catalogBefore = Number(
              sync.prepare('SELECT version FROM main.game_catalog_version WHERE id = 1').pluck().get() ?? 0,
            );
            const triggers = sync
              .prepare(`SELECT name, sql FROM main.sqlite_master WHERE type = 'trigger' AND sql IS NOT NULL`)
              .all() as { name: string; sql: string }[];
            for (const t of triggers) sync.exec(`DROP TRIGGER main.${quote(t.name)}`);
            const saved = new Set(tables('snap'));
            for (const table of tables('main')) {
              if (KEPT_ACROSS_RESTORES.has(table)) continue;
              sync.exec(`DELETE FROM main.${quote(table)}`);
              if (!saved.has(table)) continue;
              const cols = columns(table).join(', ');
              sync.exec(`INSERT INTO main.${quote(table)} (${cols}) SELECT ${cols} FROM snap.${quote(table)}`);
            }
            if (hasSequence('main')) {
              sync.exec('DELETE FROM main.sqlite_sequence');
              if (hasSequence('snap')) sync.exec('INSERT INTO main.sqlite_sequence SELECT * FROM snap.sqlite_sequence');
            }
            // The file's description of itself (snapshots.ts) is not state of the restored world.
            sync.prepare('DELETE FROM main.app_state WHERE key = ?').run(SNAPSHOT_META_KEY);
            for (const t of triggers) sync.exec(t.sql);
            // A number the in-memory game catalog has never seen, so it reloads whatever the file held.
            sync
              .prepare('UPDATE main.game_catalog_version SET version = max(version, ?) + 1 WHERE id = 1')
              .run(catalogBefore);
            const broken = sync.prepare('PRAGMA main.foreign_key_check').all();
            if (broken.length) throw new Error(`snapshot breaks ${broken.length} foreign keys`);
          })();
          return true;
        } finally {
          sync.exec('DETACH DATABASE snap');
          sync.pragma('foreign_keys = ON');
        }
      });
    },
  };
}

export type SnapshotRepo = ReturnType<typeof createSnapshotRepo>;
