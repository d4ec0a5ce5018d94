/**
 * A real server process (node --import tsx server/src/main.ts) for the crash tests (scripts/crash.ts, on
 * one SQLite file or on a cluster of processes over PostgreSQL and Redis) and the cluster's integration
 * test (server/src/cluster.pg.test.ts): start it on a port with an environment, wait until it answers,
 * SIGKILL it, start it again, stop it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT_DIR } from '../../server/src/db/database';

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  server.close();
  return port;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServerProcess {
  readonly port: number;
  /** http://127.0.0.1:PORT */
  readonly base: string;
  /** Starts the process (again, after a kill) and resolves once it answers; fails after `timeoutMs`. */
  start(timeoutMs?: number): Promise<void>;
  /** SIGKILL: no shutdown, no flush; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (the server's graceful shutdown), SIGKILL after 10 s. */
  stop(): Promise<void>;
  readonly running: boolean;
}

/**
 * A server process on `port` with `env` added to this process's environment (HOST 127.0.0.1, logs
 * silent unless `env` says otherwise); stderr is passed through, so a failed start shows why. With
 * `logFile`, its standard output (pino's JSON lines, at `env.LOG_LEVEL`) is appended to that file, every
 * start's; without it, dropped.
 */
export function serverProcess(
  port: number,
  env: Record<string, string>,
  options: { logFile?: string } = {},
): ServerProcess {
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const alive = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const end = async (signal: NodeJS.Signals, graceMs: number) => {
    if (!child || !alive()) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    const timer = setTimeout(() => child?.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return {
    port,
    base,
    get running() {
      return alive();
    },
    async start(timeoutMs = 60_000) {
      if (alive()) throw new Error(`the server on port ${port} is already running`);
      const out = options.logFile ? openSync(options.logFile, 'a') : 'ignore';
      const started = spawn(process.execPath, ['--import', 'tsx', join(ROOT_DIR, 'server/src/main.ts')], {
        cwd: ROOT_DIR,
        env: { ...process.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env, PORT: String(port) },
        stdio: ['ignore', out, 'inherit'],
      });
      // The child holds its own copy of the file.
      if (typeof out === 'number') closeSync(out);
      child = started;
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (started.exitCode !== null || started.signalCode !== null)
          throw new Error(
            `the server on port ${port} exited while starting (${started.exitCode ?? started.signalCode})`,
          );
        try {
          if ((await fetch(`${base}/api/app/version`)).ok) return;
        } catch {
          // not listening yet
        }
        await sleep(50);
      }
      throw new Error(`the server on port ${port} did not start in ${timeoutMs / 1000} s`);
    },
    kill: () => end('SIGKILL', 0),
    stop: () => end('SIGTERM', 10_000),
  };
}
