// The real server process (server/src/main.ts) started as `npm start` would, in the three ways a start
// fails that the person starting it can fix: it prints one line with the fix, no stack trace, exit code 1.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, ROOT_DIR } from './db/database';
import { startupProblem } from './startup-errors';

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts main.ts with this environment and waits for it to end (these starts all fail early). */
function startServer(env: Record<string, string>, options: { uid?: number; gid?: number } = {}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join('server', 'src', 'main.ts')], {
      cwd: ROOT_DIR,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    // A server that did start is a failed test: stop it rather than wait for the time-out.
    const started = setInterval(() => {
      if (stdout.includes('is running at')) child.kill('SIGTERM');
    }, 100);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(started);
      resolve({ code, stdout, stderr });
    });
  });
}

const listening = (server: Server) =>
  new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });

const dir = mkdtempSync(join(tmpdir(), 'casino-startup-'));
afterAll(() => {
  chmodSync(dir, 0o700);
  rmSync(dir, { recursive: true, force: true });
});

const noStackTrace = (outcome: Outcome) => !/\n\s+at /.test(`${outcome.stdout}${outcome.stderr}`);

// Each start loads the whole server through tsx: seconds on a busy machine, so the three run side by side.
describe.concurrent('start-up failures a person can fix', { timeout: 120_000 }, () => {
  it('port in use: one line naming the port and the next one to try, exit 1', async ({ expect }) => {
    const holder = createServer();
    const port = await listening(holder);
    try {
      const outcome = await startServer({ PORT: String(port), DB_FILE: ':memory:' });
      expect(outcome.stderr.trim()).toBe(
        `Port ${port} is in use by another program; stop it or start with PORT=${port + 1} npm start`,
      );
      expect(outcome.code).toBe(1);
      expect(noStackTrace(outcome)).toBe(true);
    } finally {
      holder.close();
    }
  });

  it('database held by another server: one line naming the file and another one, exit 1', async ({ expect }) => {
    const file = join(dir, 'held.db');
    const held = openDatabase(file); // locking_mode=EXCLUSIVE, as a running server holds it
    migrate(held);
    try {
      const outcome = await startServer({ PORT: '0', DB_FILE: file });
      expect(outcome.stderr.trim()).toBe(
        `The database ${file} is held by another server (one server per file); stop it or start with DB_FILE=${join(dir, 'held-2.db')} npm start`,
      );
      expect(outcome.code).toBe(1);
      expect(noStackTrace(outcome)).toBe(true);
    } finally {
      held.close();
    }
  });

  it('REDIS_URL that does not answer: one line naming it and the fix, exit 1', async ({ expect }) => {
    const probe = createServer();
    const port = await listening(probe);
    await new Promise((resolve) => probe.close(resolve)); // nothing listens there now
    const url = `redis://127.0.0.1:${port}`;
    const outcome = await startServer({ PORT: '0', DB_FILE: ':memory:', REDIS_URL: url });
    expect(outcome.stderr.trim()).toMatch(
      new RegExp(
        `^Redis at ${url} did not answer \\(.*\\); start Redis \\(Debian: apt-get install -y redis-server\\) or unset REDIS_URL to run one process without it$`,
      ),
    );
    expect(outcome.code).toBe(1);
    expect(noStackTrace(outcome)).toBe(true);
  });

  it('read-only folder: one line naming the folder and a writable DB_FILE, exit 1', async ({ expect }) => {
    const readOnly = join(dir, 'read-only');
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o555);
    // root writes anywhere: then the server runs as nobody, for whom the folder is read-only
    const asRoot = process.getuid?.() === 0;
    if (asRoot) chmodSync(dir, 0o755);
    const outcome = await startServer(
      { PORT: '0', DB_FILE: join(readOnly, 'data', 'casino.db') },
      asRoot ? { uid: 65534, gid: 65534 } : {},
    );
    const fix = `make it writable or start with DB_FILE=${join(tmpdir(), 'casino.db')} npm start`;
    expect(outcome.stderr.trim()).toMatch(
      new RegExp(
        `^Cannot write ${readOnly}\\S* \\(read-only or not yours\\); ${fix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
      ),
    );
    expect(outcome.code).toBe(1);
    expect(noStackTrace(outcome)).toBe(true);
  });
});

describe('startupProblem', () => {
  const where = { port: 3000, dbFile: 'data/casino.db' };

  it('leaves every other error to its stack trace', () => {
    expect(startupProblem(new TypeError('x is undefined'), where)).toBeUndefined();
    expect(startupProblem(Object.assign(new Error('no such table'), { code: 'SQLITE_ERROR' }), where)).toBeUndefined();
    expect(startupProblem('text', where)).toBeUndefined();
  });

  it('a privileged port, and a database file that exists read-only', () => {
    expect(
      startupProblem(Object.assign(new Error(''), { code: 'EACCES', syscall: 'listen' }), { ...where, port: 80 }),
    ).toBe('Port 80 needs privileges this user lacks; start with PORT=3000 npm start');
    expect(startupProblem(Object.assign(new Error(''), { code: 'SQLITE_READONLY' }), where)).toMatch(
      /^Cannot write \S+casino\.db \(read-only or not yours\)/,
    );
  });
});
