import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Faults } from './faults';
import type { HeldCallbacks } from './held-callbacks';
import type { RequestLogStore } from './request-log';

const VERSION = 1;
/** How long the request log may be behind its file: a burst of requests is written once. */
const LOG_WRITE_DELAY_MS = 1000;

/** The files beside the database that keep the tester's state across a restart (none for :memory:). */
export function toolingStateFiles(dbFile: string) {
  if (dbFile === ':memory:') return null;
  const dir = dirname(dbFile);
  return { state: join(dir, 'tooling-state.json'), log: join(dir, 'request-log.json') };
}

function writeJson(file: string, value: unknown) {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  writeFileSync(partial, JSON.stringify(value));
  renameSync(partial, file);
}

function readJson<T>(file: string): T | undefined {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

type StateFile = {
  version: number;
  faults: ReturnType<Faults['state']>;
  held: ReturnType<HeldCallbacks['state']>;
};
type LogFile = { version: number; clean: boolean; savedAt: string } & ReturnType<RequestLogStore['state']>;

/**
 * Faults, held gateway callbacks and the request log survive a restart (npm run dev restarts on every
 * change): faults and held callbacks are written on every change (tooling-state.json, small), the request
 * log a second after a burst and when the server closes (request-log.json). `load` at start-up takes them
 * back and returns what to tell the tester: what came back, and what was lost (the log's last second when
 * the server was killed; live sockets always, players reconnect).
 */
export function createToolingState(deps: {
  files: { state: string; log: string } | null;
  log: FastifyBaseLogger;
  faults: () => Faults;
  held: () => HeldCallbacks;
  requestLog: () => RequestLogStore | null;
}) {
  const { files } = deps;
  let loading = false;
  let logTimer: NodeJS.Timeout | undefined;

  const writeState = () => {
    if (!files || loading) return;
    writeJson(files.state, { version: VERSION, faults: deps.faults().state(), held: deps.held().state() });
  };
  const writeLog = (clean: boolean) => {
    const requestLog = deps.requestLog();
    if (!files || loading || !requestLog) return;
    writeJson(files.log, { version: VERSION, clean, savedAt: new Date().toISOString(), ...requestLog.state() });
  };

  return {
    stateChanged: () => {
      try {
        writeState();
      } catch (error) {
        deps.log.warn({ err: error }, 'tooling: could not write the faults and held callbacks');
      }
    },
    logChanged: () => {
      if (!files || loading || logTimer) return;
      logTimer = setTimeout(() => {
        logTimer = undefined;
        try {
          writeLog(false);
        } catch (error) {
          deps.log.warn({ err: error }, 'tooling: could not write the request log');
        }
      }, LOG_WRITE_DELAY_MS);
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
          deps.held().load(state.held);
          if (faults.length || state.held.length) {
            const named = faults.map((f) => `#${f.id} ${f.kind}${f.route ? ` ${f.route}` : ''}`).join(', ');
            lines.push(
              `kept from the last run: ${faults.length} fault(s)${named ? ` (${named})` : ''}, ${state.held.length} held gateway callback(s)`,
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
          `lost: the tooling state of the last run could not be read (${(error as Error).message}); faults, held callbacks and the request log start empty`,
        );
        deps.faults().load({ nextId: 1, faults: [] });
        deps.held().load([]);
      } finally {
        loading = false;
      }
      if (lines.length) lines.push('lost: live sockets (players reconnect) and frames they had not acknowledged');
      return lines;
    },

    /** Writes everything once more as the server closes. */
    close() {
      clearTimeout(logTimer);
      logTimer = undefined;
      try {
        writeState();
        writeLog(true);
      } catch (error) {
        deps.log.warn({ err: error }, 'tooling: could not write its state at close');
      }
    },
  };
}
