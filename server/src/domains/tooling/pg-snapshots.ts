import { randomBytes } from 'node:crypto';
import { Code } from '../../../../shared/codes';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { PgDatabase } from '../../db/postgres/database';
import { migratePostgres } from '../../db/postgres/open';
import { runSeeds } from '../../db/seed';
import { AppError } from '../../errors';
import { createPgSnapshotRepo, PRISTINE_SCHEMA } from './pg-snapshot.repo';
import type { SnapshotMeta } from './snapshots';

const elapsed = (start: number) => Math.round(performance.now() - start);

/**
 * A fresh install (migrations and seeds, no player) in the schema PRISTINE_SCHEMA of the same database,
 * built once per database (and again when the migrations moved on): loading a scenario starts from it.
 * It is built on a connection of its own whose search_path is a new schema, by the same migrations and
 * seeds `npm start` runs, then renamed into place, so a build that dies half-way leaves nothing in use.
 */
function ensurePristine(db: Db, url: string, repo: ReturnType<typeof createPgSnapshotRepo>) {
  const wanted = repo.migrations();
  if (repo.schemaExists(PRISTINE_SCHEMA) && repo.migrations(PRISTINE_SCHEMA) === wanted) return;
  const building = `${PRISTINE_SCHEMA}_${randomBytes(4).toString('hex')}`;
  const builder = new PgDatabase(url);
  try {
    builder.execRaw(`CREATE SCHEMA "${building}"; SET search_path TO "${building}"`);
    migratePostgres(builder);
    runSeeds(builder);
  } catch (error) {
    builder.execRaw(`DROP SCHEMA IF EXISTS "${building}" CASCADE`);
    throw error;
  } finally {
    builder.close();
  }
  repo.seal(building, JSON.stringify({ name: 'pristine' }));
  db.transaction(() => {
    // Two processes may build at once: the last rename wins, both copies are the same fresh install.
    repo.drop(PRISTINE_SCHEMA);
    repo.rename(building, PRISTINE_SCHEMA);
  })();
}

/**
 * Named snapshots on PostgreSQL, with the same answers as the SQLite files (snapshots.ts): each one a
 * schema `snap_<name>` of the database itself (pg-snapshot.repo.ts), so every process of a cluster lists,
 * restores and deletes the same snapshots. Snapshot files (download, upload) are SQLite databases and
 * are refused with SNAPSHOT_FILE_UNSUPPORTED; `pg_dump --schema=snap_<name>` moves one between servers.
 */
export function createPgSnapshots(deps: {
  db: Db;
  clock: Clock;
  swapped: (source: 'snapshot' | 'scenario', name: string) => void;
}) {
  const { db, clock } = deps;
  const repo = createPgSnapshotRepo(db);
  const url = (db as PgDatabase).url;

  function read(name: string): SnapshotMeta | undefined {
    const raw = repo.meta(repo.schemaOf(name));
    return raw ? (JSON.parse(raw) as SnapshotMeta) : undefined;
  }

  function swapIn(schema: string) {
    if (!repo.restoreFrom(schema)) throw new AppError(Code.SNAPSHOT_INCOMPATIBLE);
  }

  const unsupported = (): never => {
    throw new AppError(Code.SNAPSHOT_FILE_UNSUPPORTED);
  };

  return {
    list(): SnapshotMeta[] {
      return repo
        .names()
        .flatMap((name) => read(name) ?? [])
        .sort((a, b) => b.savedAt.localeCompare(a.savedAt));
    },

    save(name: string, note: string): SnapshotMeta {
      const start = performance.now();
      const schema = repo.schemaOf(name);
      const described = { name, note, savedAt: new Date().toISOString(), clock: clock.iso(), frozen: clock.frozen };
      repo.save(schema, JSON.stringify({ ...described, bytes: 0, tookMs: 0 }));
      const meta: SnapshotMeta = { ...described, bytes: repo.bytes(schema), tookMs: elapsed(start) };
      repo.describe(schema, JSON.stringify(meta));
      return meta;
    },

    exportFile: (_name: string): { file: string; meta: SnapshotMeta } => unsupported(),
    importFile: (_name: string, _bytes: Buffer): SnapshotMeta => unsupported(),
    folder: (): string => unsupported(),
    fileOf: (_name: string): string => unsupported(),

    restore(name: string, keepClock: boolean): SnapshotMeta & { restoreMs: number } {
      const saved = read(name);
      if (!saved) throw new AppError(Code.SNAPSHOT_NOT_FOUND);
      const start = performance.now();
      const instant = keepClock ? clock.now() : new Date(saved.clock);
      swapIn(repo.schemaOf(name));
      deps.swapped('snapshot', name);
      clock.set(instant);
      return { ...saved, restoreMs: elapsed(start) };
    },

    remove(name: string): void {
      if (!read(name)) throw new AppError(Code.SNAPSHOT_NOT_FOUND);
      repo.drop(repo.schemaOf(name));
    },

    reset(): void {
      ensurePristine(db, url, repo);
      swapIn(PRISTINE_SCHEMA);
      clock.set(clock.now());
    },

    close(): void {},
  };
}
