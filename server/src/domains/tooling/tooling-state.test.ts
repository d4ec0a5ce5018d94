import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../../shared/codes';
import { testConfig } from '../../config';
import { opsClient, registerPlayer, TestClient, testApp } from '../../test/helpers';

let dir = '';
let app: FastifyInstance | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'casino-tooling-state-'));
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** A server on a database file in `dir`, as `npm run dev` runs one; `restart` closes it and opens another. */
const start = async () => {
  app = await testApp({ config: testConfig({ dbFile: join(dir, 'casino.db') }) });
  return app;
};
const restart = async () => {
  await app?.close();
  return start();
};

describe('tooling state across a restart', () => {
  it('keeps faults and the request log, and says so at start-up', async () => {
    let server = await start();
    const { client, info } = await registerPlayer(server);
    const ops = opsClient(server);
    const fault = (
      await ops.post<{ id: number }>('/ops/faults', {
        kind: 'error',
        route: '/api/user/info',
        code: Code.SESSION_INVALID,
        count: 3,
      })
    ).body.data;
    expect((await client.get('/api/user/info')).body.code).toBe(Code.SESSION_INVALID);
    expect(server.services.tooling.startup).toEqual([]);

    server = await restart();
    expect(server.services.tooling.startup).toEqual([
      'kept from the last run: 1 fault(s) (#1 error /api/user/info)',
      expect.stringMatching(/^kept from the last run: \d+ logged request\(s\)$/),
      'lost: live sockets (players reconnect) and frames they had not acknowledged',
    ]);
    const after = opsClient(server);
    const listed = await after.get<{ faults: { id: number; applied: number; remaining: number }[] }>('/ops/faults');
    expect(listed.body.data.faults).toEqual([expect.objectContaining({ id: fault.id, applied: 1, remaining: 2 })]);
    // The fault still acts on the same player (the session is in the database), and counts on.
    const same = new TestClient(server);
    same.cookie = client.cookie;
    expect((await same.get('/api/user/info')).body.code).toBe(Code.SESSION_INVALID);
    const log = await after.get<{ requests: { path: string; code: number | null; uid: number | null }[] }>(
      '/ops/requests',
      { path: '/api/user/info' },
    );
    expect(log.body.data.requests.map((r) => r.code)).toEqual([Code.SESSION_INVALID, Code.SESSION_INVALID]);
    // A new fault does not reuse a kept id.
    const next = await after.post<{ id: number }>('/ops/faults', { kind: 'latency', route: '/api/balance', ms: 1 });
    expect(next.body.data.id).toBe(fault.id + 1);
    expect(info.uid).toBeGreaterThan(0);
  });

  it('tells the tester what was lost when the last run was killed or its state cannot be read', async () => {
    let server = await start();
    await registerPlayer(server);
    await server.close();
    app = undefined;
    // As a SIGKILL leaves it: the log was last written by the timer, not at close.
    const logFile = join(dir, 'casino.request-log.json');
    writeFileSync(logFile, JSON.stringify({ ...JSON.parse(readFileSync(logFile, 'utf8')), clean: false }));
    server = await start();
    expect(server.services.tooling.startup).toContainEqual(
      expect.stringMatching(/^lost: the last run stopped without closing; requests of its last second/),
    );

    await server.close();
    app = undefined;
    writeFileSync(join(dir, 'casino.tooling-state.json'), '{"version":1,"faults":');
    server = await start();
    expect(server.services.tooling.startup[0]).toMatch(/^lost: the tooling state of the last run could not be read/);
    expect(server.services.tooling.faults.list()).toEqual([]);
  });

  it('saves the request log after a burst without closing, and closing leaves the clean, complete file', async () => {
    const server = await start();
    const { client } = await registerPlayer(server);
    await client.get('/api/user/info');
    const logFile = join(dir, 'casino.request-log.json');
    type Saved = { clean: boolean; requests: { path: string }[] };
    const saved = () => JSON.parse(readFileSync(logFile, 'utf8')) as Saved;
    // The save after the burst: in the background, while the server goes on answering.
    await vi.waitFor(
      () => {
        expect(existsSync(logFile)).toBe(true);
        expect(saved().requests.map((r) => r.path)).toContain('/api/user/info');
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(saved().clean).toBe(false);
    // A request right before closing: in the file written at close, which no earlier save overwrites.
    await client.get('/api/balance');
    await server.close();
    app = undefined;
    expect(saved().clean).toBe(true);
    expect(saved().requests.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/user/info', '/api/balance']));
    expect(existsSync(`${logFile}.partial`)).toBe(false);
  });

  it('keeps each database its own files: two servers in one folder share no request log and no faults', async () => {
    const one = await testApp({ config: testConfig({ dbFile: join(dir, 'one.db') }) });
    const two = await testApp({ config: testConfig({ dbFile: join(dir, 'two.db') }) });
    await opsClient(one).post('/ops/faults', { kind: 'latency', route: '/api/balance', ms: 1 });
    await registerPlayer(one);
    await one.close();
    // The second closes after the first: with one file for the folder it overwrote the first's state.
    await two.close();
    expect(existsSync(join(dir, 'one.tooling-state.json'))).toBe(true);
    expect(existsSync(join(dir, 'two.request-log.json'))).toBe(true);
    const oneAgain = await testApp({ config: testConfig({ dbFile: join(dir, 'one.db') }) });
    const twoAgain = await testApp({ config: testConfig({ dbFile: join(dir, 'two.db') }) });
    try {
      expect(oneAgain.services.tooling.faults.list()).toHaveLength(1);
      expect(twoAgain.services.tooling.faults.list()).toEqual([]);
      const logOf = async (server: FastifyInstance) =>
        (await opsClient(server).get<{ requests: { path: string }[] }>('/ops/requests')).body.data.requests.map(
          (r) => r.path,
        );
      expect(await logOf(oneAgain)).toContain('/api/user/custom/register');
      expect(await logOf(twoAgain)).not.toContain('/api/user/custom/register');
    } finally {
      await oneAgain.close();
      await twoAgain.close();
    }
  });

  it('keeps nothing for an in-memory database', async () => {
    const memory = await testApp();
    await opsClient(memory).post('/ops/faults', { kind: 'latency', route: '/api/balance', ms: 1 });
    await memory.close();
    const again = await testApp();
    expect(again.services.tooling.faults.list()).toEqual([]);
    expect(again.services.tooling.startup).toEqual([]);
    await again.close();
  });
});
