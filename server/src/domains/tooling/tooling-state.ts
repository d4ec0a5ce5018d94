import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Faults } from './faults';
import type { RequestLogStore } from './request-log';
import type { Stubs } from './stubs';

const VERSION = 1;
/** How long the request log may be behind its file: a burst of requests is written once. */
const LOG_WRITE_DELAY_MS = 1000;

/**
 * The files beside the database that keep the tester's state across a restart (none for :memory:), named
 * after the database file: `casino.db` keeps `casino.tooling-state.json` and `casino.request-log.json`, so
 * two servers whose databases share a folder never share a request log or erase each other's faults.
 */
export function toolingStateFiles(dbFile: string) {
  if (dbFile === ':memory:') return null;
  const base = join(dirname(dbFile), basename(dbFile, extname(dbFile)));
  return { state: `${base}.tooling-state.json`, log: `${base}.request-log.json` };
}

function writeText(file: string, text: string) {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  writeFileSync(partial, text);
  renameSync(partial, file);
}

/** writeText without blocking the event loop (the request log's saves after a burst). */
async function writeTextAsync(file: string, text: string) {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  await writeFile(partial, text);
  await rename(partial, file);
}

function readJson<T>(file: string): T | undefined {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

type StateFile = {
  version: number;
  faults: ReturnType<Faults['state']>;
  /**
   * Gateway callbacks held back in memory by runs before they moved to the gateway's outbox (deposit.late is
   * an outbox row now, kept in the database): only counted, as lost.
   */
  held?: unknown[];
  /** Absent in the files of runs before stubs existed. */
  stubs?: ReturnType<Stubs['state']>;
};
type LogFile = { version: number; clean: boolean; savedAt: string } & ReturnType<RequestLogStore['state']>;

/**
 * Faults, stubs and the request log survive a restart (npm run dev restarts on every change; a held gateway
 * callback, fault deposit.late, is a row of the gateway's outbox, in the database): faults and stubs are
 * written on every change (tooling-state.json, small), the request
 * log a second after a burst and when the server closes (request-log.json). `load` at start-up takes them
 * back and returns what to tell the tester: what came back, and what was lost (the log's last second when
 * the server was killed; live sockets always, players reconnect).
 *
 * The request log's save after a burst is cheap for the requests being answered: each entry is serialized
 * once in its life (RequestLogStore.stateJson), the file is written asynchronously, one save at a time (a
 * burst during a save gets one more save after it), and `close` waits for a save in flight before the last,
 * clean one, so an older save can never land on top of it.
 */
export function createToolingState(deps: {
  files: { state: string; log: string } | null;
  log: FastifyBaseLogger;
  faults: () => Faults;
  stubs: () => Stubs;
  requestLog: () => RequestLogStore | null;
}) {
  const { files } = deps;
  let loading = false;
  let closed = false;
  let logTimer: NodeJS.Timeout | undefined;
  /** The save in flight, and whether the log changed again meanwhile. */
  let saving: Promise<void> | undefined;
  let changedWhileSaving = false;

  const writeState = () => {
    if (!files || loading) return;
    writeText(
      files.state,
      JSON.stringify({
        version: VERSION,
        faults: deps.faults().state(),
        stubs: deps.stubs().state(),
      }),
    );
  };
  /** The log file's text: the header, then the entries as the store serialized them. */
  const logText = (clean: boolean, requestLog: RequestLogStore) => {
    const head = JSON.stringify({ version: VERSION, clean, savedAt: new Date().toISOString() });
    return `${head.slice(0, -1)},${requestLog.stateJson().slice(1)}`;
  };

  const saveLog = () => {
    logTimer = undefined;
    const requestLog = deps.requestLog();
    if (!files || loading || closed || !requestLog) return;
    if (saving) {
      changedWhileSaving = true;
      return;
    }
    saving = writeTextAsync(files.log, logText(false, requestLog))
      .catch((error) => deps.log.warn({ err: error }, 'tooling: could not write the request log'))
      .finally(() => {
        saving = undefined;
        if (changedWhileSaving && !closed) {
          changedWhileSaving = false;
          saveLog();
        }
      });
  };

  return {
    stateChanged: () => {
      try {
        writeState();
      } catch (error) {
        deps.log.warn({ err: error }, 'tooling: could not write the faults and stubs');
      }
    },
    logChanged: () => {
      if (!files || loading || closed || logTimer) return;
      logTimer = setTimeout(saveLog, LOG_WRITE_DELAY_MS);
      logTimer.unref();
    },

    /** Takes back the previous run's state; returns the lines the tester is told at start-up. */
    load(): string[] {
      if (!files) return [];
      const lines: string[] = [];
      loading = true;
      try {
        const state = readJson<StateFile>(files.state);
        if (state?.version === VERSION) {
          const { faults } = state.faults;
          deps.faults().load(state.faults);
          const stubs = state.stubs ?? { nextId: 1, stubs: [] };
          deps.stubs().load(stubs);
          if (stubs.stubs.length) {
            const named = stubs.stubs.map((s) => `#${s.id} ${s.method} ${s.path}`).join(', ');
            lines.push(`kept from the last run: ${stubs.stubs.length} stub(s) (${named})`);
          }
          if (faults.length) {
            const named = faults.map((f) => `#${f.id} ${f.kind}${f.route ? ` ${f.route}` : ''}`).join(', ');
            lines.push(`kept from the last run: ${faults.length} fault(s) (${named})`);
          }
          if (state.held?.length) {
            lines.push(
              `lost: ${state.held.length} gateway callback(s) held in memory by an older version (deposit.late now waits in the gateway's outbox); settle those orders by hand`,
            );
          }
        }
        const saved = readJson<LogFile>(files.log);
        const requestLog = deps.requestLog();
        if (saved?.version === VERSION && requestLog) {
          requestLog.load(saved);
          lines.push(`kept from the last run: ${saved.requests.length} logged request(s)`);
          if (!saved.clean) {
            lines.push(
              `lost: the last run stopped without closing; requests of its last second (after ${saved.savedAt}) are not in the log`,
            );
          }
        }
      } catch (error) {
        lines.push(
          `lost: the tooling state of the last run could not be read (${(error as Error).message}); faults, stubs and the request log start empty`,
        );
        deps.faults().load({ nextId: 1, faults: [] });
        deps.stubs().load({ nextId: 1, stubs: [] });
      } finally {
        loading = false;
      }
      if (lines.length) lines.push('lost: live sockets (players reconnect) and frames they had not acknowledged');
      return lines;
    },

    /** Writes everything once more as the server closes, after the log's save in flight, if any. */
    async close() {
      closed = true;
      clearTimeout(logTimer);
      logTimer = undefined;
      await saving;
      try {
        writeState();
        const requestLog = deps.requestLog();
        if (files && requestLog) writeText(files.log, logText(true, requestLog));
      } catch (error) {
        deps.log.warn({ err: error }, 'tooling: could not write its state at close');
      }
    },
  };
}
