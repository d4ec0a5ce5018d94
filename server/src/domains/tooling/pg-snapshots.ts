import { randomBytes } from 'node:crypto';
import { Code } from '../../../../shared/codes';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { migrateDb } from '../../db/migrate';
import { openPostgres } from '../../db/postgres/open';
import { type PgPoolDb, withSessionOptions } from '../../db/postgres/pool';
import { AppError } from '../../errors';
import { createPgSnapshotRepo, PRISTINE_SCHEMA } from './pg-snapshot.repo';
import type { SnapshotMeta } from './snapshots';

const elapsed = (start: number) => Math.round(performance.now() - start);

/** `url` with every connection's search_path set to `schema` (the connection string's `options`). */
const withSearchPath = (url: string, schema: string) => withSessionOptions(url, `-c search_path="${schema}"`);

/**
 * A fresh install (migrations and seeds, no player) in the schema PRISTINE_SCHEMA of the same database,
 * built once per database (and again when the migrations moved on): loading a scenario starts from it.
 * It is built in a new schema by a pool of its own whose every connection has that schema as its
 * search_path (set in the connection string), by the same migrations and seeds `npm start` runs, then
 * renamed into place, so a build that dies half-way leaves nothing in use.
 */
async function ensurePristine(
  db: Db,
  url: string,
  repo: ReturnType<typeof createPgSnapshotRepo>,
  seed: (db: Db) => Promise<void>,
) {
  const wanted = await repo.migrations();
  if ((await repo.schemaExists(PRISTINE_SCHEMA)) && (await repo.migrations(PRISTINE_SCHEMA)) === wanted) return;
  const building = `${PRISTINE_SCHEMA}_${randomBytes(4).toString('hex')}`;
  await db.exec(`CREATE SCHEMA "${building}"`);
  const builder = openPostgres(withSearchPath(url, building));
  try {
    await migrateDb(builder);
    await seed(builder);
  } catch (error) {
    await builder.close();
    await repo.drop(building);
    throw error;
  } finally {
    await builder.close();
  }
  await repo.seal(building, JSON.stringify({ name: 'pristine' }));
  await db.transaction(async () => {
    // Two processes may build at once: the last rename wins, both copies are the same fresh install.
    await repo.drop(PRISTINE_SCHEMA);
    await repo.rename(building, PRISTINE_SCHEMA);
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
  seed: (db: Db) => Promise<void>;
}) {
  const { db, clock } = deps;
  const repo = createPgSnapshotRepo(db);
  const url = (db as PgPoolDb).url;

  async function read(name: string): Promise<SnapshotMeta | undefined> {
    const raw = await repo.meta(repo.schemaOf(name));
    return raw ? (JSON.parse(raw) as SnapshotMeta) : undefined;
  }

  async function swapIn(schema: string) {
    if (!(await repo.restoreFrom(schema))) throw new AppError(Code.SNAPSHOT_INCOMPATIBLE);
  }

  const unsupported = (): never => {
    throw new AppError(Code.SNAPSHOT_FILE_UNSUPPORTED);
  };

  return {
    async list(): Promise<SnapshotMeta[]> {
      const found: SnapshotMeta[] = [];
      for (const name of await repo.names()) {
        const meta = await read(name);
        if (meta) found.push(meta);
      }
      return found.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
    },

    async save(name: string, note: string): Promise<SnapshotMeta> {
      const start = performance.now();
      const schema = repo.schemaOf(name);
      const described = { name, note, savedAt: new Date().toISOString(), clock: clock.iso(), frozen: clock.frozen };
      await repo.save(schema, JSON.stringify({ ...described, bytes: 0, tookMs: 0 }));
      const meta: SnapshotMeta = { ...described, bytes: await repo.bytes(schema), tookMs: elapsed(start) };
      await repo.describe(schema, JSON.stringify(meta));
      return meta;
    },

    exportFile: (_name: string, _copy?: 'masked' | 'full'): { file: string; meta: SnapshotMeta; done: () => void } =>
      unsupported(),
    importFile: async (_name: string, _bytes: Buffer): Promise<SnapshotMeta> => unsupported(),
    folder: (): string => unsupported(),
    fileOf: (_name: string): string => unsupported(),

    async restore(name: string, keepClock: boolean): Promise<SnapshotMeta & { restoreMs: number }> {
      const saved = await read(name);
      if (!saved) throw new AppError(Code.SNAPSHOT_NOT_FOUND);
      const start = performance.now();
      const instant = keepClock ? clock.now() : new Date(saved.clock);
      await swapIn(repo.schemaOf(name));
      deps.swapped('snapshot', name);
      clock.set(instant);
      return { ...saved, restoreMs: elapsed(start) };
    },

    async remove(name: string): Promise<void> {
      if (!(await read(name))) throw new AppError(Code.SNAPSHOT_NOT_FOUND);
      await repo.drop(repo.schemaOf(name));
    },

    async reset(): Promise<void> {
      await ensurePristine(db, url, repo, deps.seed);
      await swapIn(PRISTINE_SCHEMA);
      clock.set(clock.now());
    },

    close(): void {},
  };
}
