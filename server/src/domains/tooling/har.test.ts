import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { hashed, opsClient, type TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { logIn, userByName } from './test-kit';

type HarEntry = {
  request: { method: string; url: string };
  response: { status: number };
  _resourceType?: string;
  _uid?: number | null;
  _webSocketMessages?: { type: string; time: number; opcode: number; data: string }[];
};
type Replay = {
  scenario: string | null;
  replayed: number;
  same: number;
  different: number;
  skipped: number;
  results: {
    path: string;
    expected: { status: number; code: number | null };
    actual: { status: number; code: number | null };
    same: boolean;
  }[];
};

let app: FastifyInstance;
let ops: TestClient;
beforeEach(async () => {
  app = await testApp();
  ops = opsClient(app);
});
afterEach(() => app.close());

const exportHar = async (query = '') => {
  const answer = await app.inject({
    method: 'GET',
    url: `/ops/requests.har${query}`,
    headers: { authorization: `Bearer ${app.config.adminToken}` },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json() as { log: { entries: HarEntry[] } };
};

/**
 * A tester's session on the new-player scenario: a login, reads, a wrong address, a refused login of someone
 * else. (Passwords are redacted in the log: a replay types the given one, so a wrong password would replay
 * as a right one; a wrong username stays wrong.)
 */
async function session() {
  await ops.post('/ops/scenarios/new-player');
  await ops.request({ method: 'DELETE', url: '/ops/requests' });
  const wrong = await logIn(app, 'nobody99');
  expect(wrong.answer.success).toBe(false);
  const { client } = await logIn(app, 'maria001');
  await client.get('/api/user/info');
  await client.get('/api/balance');
  await client.get('/api/user/info/nowhere');
  return client;
}

describe('HAR export', () => {
  it('puts the socket frames a player received on a websocket entry (_webSocketMessages), as DevTools does', async () => {
    await session();
    const maria = await userByName(app, 'maria001');
    app.socket.push(maria.id, 'inbox.unread', 7);
    const har = await exportHar();
    const sockets = har.log.entries.filter((e) => e._resourceType === 'websocket');
    expect(sockets).toHaveLength(1);
    expect(sockets[0]).toMatchObject({
      request: { method: 'GET', url: `ws://localhost:3000/webSocket/${maria.uid}` },
      response: { status: 101 },
      _uid: maria.uid,
    });
    const messages = sockets[0]?._webSocketMessages ?? [];
    const unread = messages.find((m) => JSON.parse(m.data).event === 'inbox.unread');
    expect(unread).toMatchObject({ type: 'receive', opcode: 1 });
    expect(JSON.parse(unread?.data ?? '{}')).toMatchObject({ event: 'inbox.unread', content: 7 });
    expect(unread?.time).toBeCloseTo(Date.now() / 1000, -2);
  });
});

describe('HAR replay', () => {
  it('replays a session on its scenario with the same status and code for every request', async () => {
    await session();
    const har = await exportHar();
    const http = har.log.entries.filter((e) => e._resourceType !== 'websocket');
    expect(http.length).toBe(5);

    const replay = await ops.post<Replay>('/ops/har/replay', { har, scenario: 'new-player' });
    expect(replay.body.success, JSON.stringify(replay.body)).toBe(true);
    expect(replay.body.data.results.filter((r) => !r.same)).toEqual([]);
    expect(replay.body.data).toMatchObject({ scenario: 'new-player', replayed: 5, same: 5, different: 0 });
    expect(replay.body.data.results.map((r) => r.actual.code)).toEqual([Code.LOGIN_FAILED, 0, 0, 0, Code.NOT_FOUND]);
    // The replay logged in as the persona with the redacted password filled in: its own session exists.
    expect(app.sessions).toBeDefined();
    // The audit trail keeps a summary of the replay, not the archive.
    const audit = await inDb(app.db).value`SELECT request FROM ops_audit WHERE route = '/ops/har/replay'`;
    expect(JSON.parse(String(audit))).toEqual({ scenario: 'new-player', entries: har.log.entries.length });
  });

  it('reports each request that answers differently on another scenario', async () => {
    await session();
    const har = await exportHar();
    const replay = await ops.post<Replay>('/ops/har/replay', { har, scenario: 'fresh' });
    expect(replay.body.data.different).toBeGreaterThan(0);
    const login = replay.body.data.results[1];
    expect(login).toMatchObject({
      path: '/api/user/login',
      expected: { status: 200, code: 0 },
      actual: { status: 200, code: Code.LOGIN_FAILED },
      same: false,
    });
    // Without a session the reads answer the session code where they had answered 0.
    expect(replay.body.data.results[2]).toMatchObject({ same: false, expected: { code: 0 } });
  });

  it('replays a browser HAR, skipping operator calls and sockets, with the given password', async () => {
    await ops.post('/ops/scenarios/new-player');
    const origin = 'http://127.0.0.1:5173';
    const har = {
      log: {
        entries: [
          { request: { method: 'GET', url: `${origin}/ops/clock` }, response: { status: 200 } },
          {
            request: { method: 'GET', url: 'ws://127.0.0.1:5173/webSocket/1' },
            response: { status: 101 },
            _resourceType: 'websocket',
          },
          {
            request: {
              method: 'POST',
              url: `${origin}/api/user/login`,
              headers: [
                { name: 'requestFrom', value: 'H5' },
                { name: 'content-type', value: 'application/json' },
                { name: 'cookie', value: 'sid=stale' },
              ],
              postData: { text: JSON.stringify({ username: 'maria001', password: hashed('Secret123') }) },
            },
            response: { status: 200, content: { text: '{"success":true,"code":0,"msg":"","data":null}' } },
          },
          {
            request: { method: 'GET', url: `${origin}/api/balance` },
            response: { status: 200, content: { text: '{"success":true,"code":0,"msg":"","data":{}}' } },
          },
        ],
      },
    };
    const replay = await ops.post<Replay>('/ops/har/replay', { har });
    expect(replay.body.data).toMatchObject({ scenario: null, replayed: 2, same: 2, skipped: 2 });
  });

  it('refuses what is not a HAR (30032) and an unknown scenario', async () => {
    expect((await ops.post('/ops/har/replay', { har: { entries: [] } })).body.code).toBe(Code.HAR_INVALID);
    expect(
      (await ops.post('/ops/har/replay', { har: { log: { entries: [{ request: { url: 'nope' } }] } } })).body.code,
    ).toBe(Code.HAR_INVALID);
    expect((await ops.post('/ops/har/replay', { har: { log: { entries: [] } }, scenario: 'no-such' })).body.code).toBe(
      Code.SCENARIO_UNKNOWN,
    );
  });
});
