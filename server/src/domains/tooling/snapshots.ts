import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { Code } from '../../../../shared/codes';
import type { Clock } from '../../clock';
import { type Db, migrate } from '../../db/database';
import { isPostgres } from '../../db/port';
import { serialize } from '../../db/serial';
import { AppError } from '../../errors';
import { createPgSnapshots } from './pg-snapshots';
import { SNAPSHOT_META_KEY, type SnapshotRepo, writeMaskedCopy } from './snapshot.repo';

export interface SnapshotMeta {
  name: string;
  note: string;
  savedAt: string;
  clock: string;
  frozen: boolean;
  bytes: number;
  tookMs: number;
}

let pristineFile: string | undefined;

/**
 * A fresh install (migrations and seeds, no player) as a file, built once per process: loading a
 * scenario starts from it, so "fresh" means exactly what `npm start` creates on an empty disk.
 */
async function pristine(seed: (db: Db) => Promise<void>): Promise<string> {
  if (pristineFile && existsSync(pristineFile)) return pristineFile;
  const dir = mkdtempSync(join(tmpdir(), 'casino-pristine-'));
  const file = join(dir, 'fresh.db');
  const db = new Database(':memory:');
  try {
    migrate(db);
    await seed(serialize(db));
    db.prepare('VACUUM INTO ?').run(file);
  } finally {
    db.close();
  }
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  pristineFile = file;
  return file;
}

const elapsed = (start: number) => Math.round(performance.now() - start);

/** The first 16 bytes of every SQLite database file. */
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

type FileMeta = Pick<SnapshotMeta, 'name' | 'note' | 'savedAt' | 'clock' | 'frozen'>;

function writeFileMeta(file: string, meta: FileMeta) {
  const db = new Database(file);
  try {
    db.prepare(
      'INSERT INTO app_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(SNAPSHOT_META_KEY, JSON.stringify(meta));
  } finally {
    db.close();
  }
}

/** What an uploaded file holds, or undefined when it is not a sound database of this app. */
function inspectFile(file: string): { migrations: string; meta: Partial<FileMeta> | undefined } | undefined {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    if (db.pragma('quick_check', { simple: true }) !== 'ok') return undefined;
    const migrations = (
      db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all() as number[]
    ).join(',');
    const raw = db.prepare('SELECT value FROM app_state WHERE key = ?').pluck().get(SNAPSHOT_META_KEY) as
      | string
      | undefined;
    let meta: Partial<FileMeta> | undefined;
    try {
      meta = raw ? (JSON.parse(raw) as Partial<FileMeta>) : undefined;
    } catch {
      meta = undefined;
    }
    return { migrations, meta };
  } catch {
    return undefined; // not a database, a damaged one, or one without this app's tables
  } finally {
    db?.close();
  }
}

/**
 * Named snapshots of the whole database: files beside the database (data/snapshots/<name>.db with a
 * .json of metadata), or in a temporary folder for an in-memory database. `swapped` runs after every
 * restore, so in-memory state (sockets, limits, caches) follows the new data.
 */
export function createSnapshots(deps: {
  db: Db;
  dbFile: string;
  /** The folder (SNAPSHOT_DIR); default: `snapshots` beside the database, a temporary one for :memory:. */
  dir?: string;
  clock: Clock;
  repo: SnapshotRepo;
  swapped: (source: 'snapshot' | 'scenario', name: string) => void;
  /** What a start writes after migrating (app.seed): a fresh install is migrations and these. */
  seed: (db: Db) => Promise<void>;
}) {
  // PostgreSQL: snapshots are schemas of the database itself (pg-snapshots.ts), with the same answers.
  if (isPostgres(deps.db)) return createPgSnapshots(deps);
  const { clock, repo } = deps;
  const temporary = deps.dir === undefined && deps.dbFile === ':memory:';
  let dir = deps.dir ?? (temporary ? '' : join(dirname(deps.dbFile), 'snapshots'));
  const folder = () => {
    if (!dir) dir = mkdtempSync(join(tmpdir(), 'casino-snapshots-'));
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  const files = (name: string) => ({ db: join(folder(), `${name}.db`), meta: join(folder(), `${name}.json`) });

  function read(name: string): SnapshotMeta | undefined {
    const f = files(name);
    if (!existsSync(f.db) || !existsSync(f.meta)) return undefined;
    return JSON.parse(readFileSync(f.meta, 'utf8')) as SnapshotMeta;
  }

  async function swapIn(file: string) {
    if (!(await repo.restoreFrom(file))) throw new AppError(Code.SNAPSHOT_INCOMPATIBLE);
  }

  return {
    async list(): Promise<SnapshotMeta[]> {
      return readdirSync(folder())
        .filter((f) => f.endsWith('.json'))
        .flatMap((f) => read(f.slice(0, -5)) ?? [])
        .sort((a, b) => b.savedAt.localeCompare(a.savedAt));
    },

    async save(name: string, note: string): Promise<SnapshotMeta> {
      const start = performance.now();
      const f = files(name);
      const partial = `${f.db}.partial`;
      rmSync(partial, { force: true });
      await repo.saveTo(partial);
      const described = { name, note, savedAt: new Date().toISOString(), clock: clock.iso(), frozen: clock.frozen };
      // The file describes itself, so an exported copy imported elsewhere keeps its note and instant.
      writeFileMeta(partial, described);
      renameSync(partial, f.db);
      const meta: SnapshotMeta = { ...described, bytes: statSync(f.db).size, tookMs: elapsed(start) };
      writeFileSync(f.meta, JSON.stringify(meta, null, 2));
      return meta;
    },

    /**
     * The file of a saved snapshot, to download (GET /ops/snapshots/:name/file): `masked` (the default of
     * the route) is a copy with ID numbers, KYC photos, phone and e-wallet numbers masked and the operator
     * tables left out (writeMaskedCopy), made for this download and removed by `done`; `full` is the saved file.
     */
    exportFile(
      name: string,
      copy: 'masked' | 'full' = 'masked',
    ): { file: string; meta: SnapshotMeta; done: () => void } {
      const meta = read(name);
      if (!meta) throw new AppError(Code.SNAPSHOT_NOT_FOUND);
      if (copy === 'full') return { file: files(name).db, meta, done: () => {} };
      const dir = mkdtempSync(join(tmpdir(), 'casino-snapshot-masked-'));
      const done = () => rmSync(dir, { recursive: true, force: true });
      try {
        const file = join(dir, `${name}.db`);
        writeMaskedCopy(files(name).db, file, randomBytes(32));
        return { file, meta, done };
      } catch (error) {
        done();
        throw error;
      }
    },

    /**
     * Stores an uploaded snapshot file under `name` (replacing one of that name), after checking it is an
     * SQLite database whose pages are sound and which was saved under this server's migrations. Its
     * note and instant come from the file (a snapshot saved by any server of this app carries them).
     */
    async importFile(name: string, bytes: Buffer): Promise<SnapshotMeta> {
      const start = performance.now();
      if (!bytes.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) throw new AppError(Code.SNAPSHOT_FILE_INVALID);
      const f = files(name);
      const partial = `${f.db}.upload`;
      writeFileSync(partial, bytes);
      try {
        const inFile = inspectFile(partial);
        if (!inFile) throw new AppError(Code.SNAPSHOT_FILE_INVALID);
        if (inFile.migrations !== (await repo.migrations())) throw new AppError(Code.SNAPSHOT_INCOMPATIBLE);
        renameSync(partial, f.db);
        const meta: SnapshotMeta = {
          name,
          note: inFile.meta?.note ?? 'imported',
          savedAt: inFile.meta?.savedAt ?? new Date().toISOString(),
          clock: inFile.meta?.clock ?? clock.iso(),
          frozen: inFile.meta?.frozen ?? false,
          bytes: bytes.length,
          tookMs: elapsed(start),
        };
        writeFileSync(f.meta, JSON.stringify(meta, null, 2));
        return meta;
      } finally {
        rmSync(partial, { force: true });
      }
    },

    /** The folder snapshots are kept in. */
    folder,

    /** Swaps the snapshot's rows in; the clock goes back to its instant unless `keepClock`. */
    async restore(name: string, keepClock: boolean): Promise<SnapshotMeta & { restoreMs: number }> {
      const meta = read(name);
      if (!meta) throw new AppError(Code.SNAPSHOT_NOT_FOUND);
      const start = performance.now();
      const instant = keepClock ? clock.now() : new Date(meta.clock);
      await swapIn(files(name).db);
      // Memory first (sockets, caches), so clock listeners never meet players of the old world; then
      // the clock: app_state now holds the saved offset, and setting the clock writes the one that applies.
      deps.swapped('snapshot', name);
      clock.set(instant);
      return { ...meta, restoreMs: elapsed(start) };
    },

    /** Where a snapshot's database file is (tests, and testers who want to copy one). */
    fileOf: (name: string) => files(name).db,

    async remove(name: string): Promise<void> {
      if (!read(name)) throw new AppError(Code.SNAPSHOT_NOT_FOUND);
      const f = files(name);
      rmSync(f.db, { force: true });
      rmSync(f.meta, { force: true });
    },

    /** Back to a fresh install (keeping the clock where it is); scenarios build on it. */
    async reset(): Promise<void> {
      await swapIn(await pristine(deps.seed));
      clock.set(clock.now());
    },

    /** Removes a temporary folder (in-memory databases); files beside a real database stay. */
    close(): void {
      if (temporary && dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Snapshots = ReturnType<typeof createSnapshots>;
