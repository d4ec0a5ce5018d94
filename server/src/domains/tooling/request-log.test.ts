import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Code } from '../../../../shared/codes';
import { testConfig } from '../../config';
import { hashed, opsClient, registerPlayer, type TestClient, testApp } from '../../test/helpers';
import { fund } from '../../test/money';
import { createRequestLog, LOG_SIZE } from './request-log';

type Logged = {
  method: string;
  path: string;
  route: string | null;
  status: number;
  code: number | null;
  durationMs: number;
  uid: number | null;
  fault: number | null;
  requestBody: string | null;
  responseBody: string | null;
  frames: { uid: number | null; event: string }[];
};
type Log = { requests: Logged[]; frames: { uid: number | null; event: string }[] };

let app: FastifyInstance;
let ops: TestClient;
beforeEach(async () => {
  app = await testApp();
  ops = opsClient(app);
});
afterEach(() => app.close());

const requests = async (query: Record<string, string | number> = {}) =>
  (await ops.get<Log>('/ops/requests', query)).body.data;

describe('the request log', () => {
  it('records method, path, status, envelope code, duration and uid, with passwords redacted', async () => {
    const { client, info, player } = await registerPlayer(app);
    await client.get('/api/user/info');
    await new (client.constructor as typeof TestClient)(app).post('/api/user/login', {
      username: player.username,
      password: hashed('wrong-password'),
    });
    const log = await requests();
    const [login, userInfo, register] = log.requests;
    expect(userInfo).toMatchObject({ method: 'GET', path: '/api/user/info', status: 200, code: 0, uid: info.uid });
    expect(userInfo?.durationMs).toBeGreaterThanOrEqual(0);
    expect(login).toMatchObject({ path: '/api/user/login', code: Code.LOGIN_FAILED, uid: null });
    expect(login?.requestBody).toContain('"password":"[redacted]"');
    expect(login?.requestBody).not.toContain(hashed('wrong-password'));
    expect(register?.requestBody).toContain(`"username":"${player.username}"`);
    expect(register?.requestBody).not.toContain(hashed(player.password));
    // The operator's own calls are left out unless asked for.
    expect(log.requests.some((r) => r.path.startsWith('/ops'))).toBe(false);
    expect((await requests({ ops: 'true' })).requests.some((r) => r.path.startsWith('/ops/requests'))).toBe(true);
  });

  it('redacts SMS codes, one-time tokens in URLs and identity numbers, in the list and in HAR (issue 26)', async () => {
    const { client } = await registerPlayer(app);
    await client.post('/api/reset/login/pwd', { phone: '9171234567', code: '482913', password: hashed('new-pass-1') });
    await app.inject({ method: 'GET', url: '/provider/play/nfg-gem-mines?token=launch-secret-123&lang=en-US' });
    await client.post('/api/user/kyc/submit', {
      realName: 'Juan Dela Cruz',
      birthDate: '1990-01-01',
      idType: 'umid',
      idNumber: '0111-2233445-6',
    });
    const log = await requests({ ops: 'false' });
    const text = JSON.stringify(log);
    expect(text).not.toContain('482913');
    expect(text).not.toContain('launch-secret-123');
    expect(text).not.toContain('2233445');
    expect(text).toMatch(/•+45-6/); // the last 4 characters, as the player's own screens show them
    const play = log.requests.find((r) => r.path.startsWith('/provider/play/'));
    expect(play?.path).toBe('/provider/play/nfg-gem-mines?token=[redacted]&lang=en-US');
    const har = await app.inject({
      method: 'GET',
      url: '/ops/requests.har',
      headers: { authorization: `Bearer ${app.config.adminToken}` },
    });
    expect(har.body).not.toContain('482913');
    expect(har.body).not.toContain('launch-secret-123');
    expect(har.body).not.toContain('2233445');
    // The envelope's numeric code stays readable.
    expect(log.requests.find((r) => r.path === '/api/reset/login/pwd')?.responseBody).toMatch(/"code":\d+/);
  });

  it('filters by path, uid and code', async () => {
    const a = await registerPlayer(app);
    const b = await registerPlayer(app);
    await a.client.get('/api/user/info');
    await b.client.get('/api/balance');
    await a.client.post('/api/user/login', { username: 'nobody123', password: hashed('x') });
    // A player's entries: their own requests, and requests that pushed them frames (their registration
    // pushes the first counters, before the session exists).
    const ofA = (await requests({ uid: a.info.uid })).requests;
    expect(ofA.every((r) => r.uid === a.info.uid || r.frames.some((f) => f.uid === a.info.uid))).toBe(true);
    expect(ofA.map((r) => r.path)).not.toContain('/api/balance');
    expect((await requests({ uid: b.info.uid })).requests.map((r) => r.path)).toEqual([
      '/api/balance',
      '/api/user/custom/register',
    ]);
    expect((await requests({ path: 'balance' })).requests.map((r) => r.path)).toEqual(['/api/balance']);
    expect((await requests({ code: Code.LOGIN_FAILED })).requests.map((r) => r.path)).toEqual(['/api/user/login']);
    expect((await requests({ limit: 2 })).requests).toHaveLength(2);
  });

  it('shows the socket frames each request pushed, and frames pushed outside requests', async () => {
    const { info } = await registerPlayer(app);
    await fund(app, info.uid, 100);
    const adjust = (await requests({ ops: 'true', path: '/adjust' })).requests[0];
    expect(adjust?.frames).toEqual(
      expect.arrayContaining([expect.objectContaining({ uid: info.uid, event: 'balance.changed' })]),
    );
    app.socket.push((await app.services.users.byUid(info.uid))?.id ?? 0, 'inbox.unread', 2);
    expect((await requests({ uid: info.uid })).frames).toEqual([
      expect.objectContaining({ uid: info.uid, event: 'inbox.unread' }),
    ]);
  });

  it('gives a frame to the request in flight that concerns its player, never to another player', async () => {
    const a = await registerPlayer(app);
    const b = await registerPlayer(app);
    const idOf = async (uid: number) => (await app.services.users.byUid(uid))?.id ?? 0;
    // A's balance call is held in flight by a latency fault while the operator pushes to B.
    await ops.post('/ops/faults', { kind: 'latency', route: '/api/balance', ms: 300 });
    const held = a.client.get('/api/balance');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await ops.post(`/ops/sockets/${b.info.uid}/push`, { event: 'inbox.unread', content: 1 });
    app.socket.push(await idOf(a.info.uid), 'inbox.unread', 3);
    await held;
    const log = await requests({ ops: 'true' });
    const balance = log.requests.find((r) => r.path === '/api/balance');
    const push = log.requests.find((r) => r.path.endsWith('/push'));
    expect(balance?.frames).toEqual([expect.objectContaining({ uid: a.info.uid, event: 'inbox.unread' })]);
    expect(push?.frames).toEqual([expect.objectContaining({ uid: b.info.uid, event: 'inbox.unread' })]);
    // Nothing is in flight any more: the next frame is logged outside requests.
    app.socket.push(await idOf(b.info.uid), 'inbox.unread', 2);
    expect((await requests({ uid: b.info.uid })).frames).toEqual([
      expect.objectContaining({ uid: b.info.uid, event: 'inbox.unread' }),
    ]);
  });

  it('does not take an open socket for a request in flight', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { client, info } = await registerPlayer(app);
    const cookie = client.cookie;
    const port = (app.server.address() as AddressInfo).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/webSocket/${info.uid}`, { headers: { cookie } });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    app.socket.push((await app.services.users.byUid(info.uid))?.id ?? 0, 'inbox.unread', 4);
    ws.close();
    expect((await requests({ uid: info.uid })).frames).toEqual(
      expect.arrayContaining([expect.objectContaining({ uid: info.uid, event: 'inbox.unread' })]),
    );
  });

  it('marks the fault that acted on a request', async () => {
    const { client } = await registerPlayer(app);
    const fault = (await ops.post<{ id: number }>('/ops/faults', { kind: 'error', route: '/api/balance', code: 20002 }))
      .body.data;
    await client.get('/api/balance');
    expect((await requests({ path: '/api/balance' })).requests[0]).toMatchObject({ code: 20002, fault: fault.id });
  });

  it('keeps the last 1,000 requests and empties on DELETE', async () => {
    for (let i = 0; i < LOG_SIZE + 20; i++) await app.inject({ method: 'GET', url: '/api/app/version' });
    const all = await requests({ limit: 1000, ops: 'true' });
    expect(all.requests).toHaveLength(LOG_SIZE);
    expect((await ops.request({ method: 'DELETE', url: '/ops/requests' })).body.success).toBe(true);
    expect((await requests()).requests).toEqual([]);
  });

  it('exports HAR 1.2 with redacted headers and bodies, and refuses without the token', async () => {
    const { client } = await registerPlayer(app);
    await client.get('/api/user/info');
    const har = await app.inject({
      method: 'GET',
      url: '/ops/requests.har?path=/api/user',
      headers: { authorization: `Bearer ${app.config.adminToken}` },
    });
    expect(har.statusCode).toBe(200);
    expect(har.headers['content-disposition']).toContain('.har');
    const doc = har.json() as {
      log: {
        version: string;
        entries: {
          request: {
            method: string;
            url: string;
            headers: { name: string; value: string }[];
            postData?: { text: string };
          };
          response: { status: number; content: { text: string } };
          _code: number;
        }[];
      };
    };
    expect(doc.log.version).toBe('1.2');
    // The registration pushed the player frames, on the player's websocket entry (its listeners may push
    // them a moment after the answer: the entry sorts by its first frame's time).
    const sockets = doc.log.entries.filter(
      (e) => (e as unknown as { _resourceType?: string })._resourceType === 'websocket',
    ) as unknown as { _webSocketMessages: unknown[] }[];
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?._webSocketMessages.length).toBeGreaterThan(0);
    doc.log.entries = doc.log.entries.filter((e) => !sockets.includes(e as never));
    // The sign-up form texts its code first (the sign-up SMS code).
    expect(doc.log.entries.map((e) => new URL(e.request.url).pathname)).toEqual([
      '/api/user/sms/send/register',
      '/api/user/custom/register',
      '/api/user/info',
    ]);
    const info = doc.log.entries[2];
    expect(info?.request.headers).toContainEqual({ name: 'cookie', value: '[redacted]' });
    expect(info?.response.status).toBe(200);
    expect(info?._code).toBe(0);
    expect(doc.log.entries[1]?.request.postData?.text).toContain('[redacted]');
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }]) {
      const refused = await app.inject({ method: 'GET', url: '/ops/requests.har', headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ success: false, code: Code.OPS_UNAUTHORIZED });
    }
  });

  it('is off with REQUEST_LOG=false: /ops still works and says so, and nothing is recorded', async () => {
    const quiet = await testApp({ config: testConfig({ requestLog: false }) });
    try {
      const { client } = await registerPlayer(quiet);
      expect((await client.get('/api/balance')).body.success).toBe(true);
      const off = opsClient(quiet);
      expect((await off.get('/ops/requests')).body.code).toBe(Code.REQUEST_LOG_OFF);
      expect((await off.get('/ops/requests.har')).body.code).toBe(Code.REQUEST_LOG_OFF);
      expect(quiet.services.tooling.requestLog.find({ limit: 10, ops: true }).requests).toEqual([]);
      expect((await off.get('/ops/sms')).body.success).toBe(true);
    } finally {
      await quiet.close();
    }
  });
});

describe('the request log as saved for a restart', () => {
  const entry = (path: string, password: string) => ({
    at: '2026-11-25T00:00:00.000Z',
    method: 'POST',
    path,
    route: path,
    status: 200,
    code: 0,
    durationMs: 1,
    uid: 7,
    fault: null,
    stub: null,
    rawRequestHeaders: { cookie: 'sid=secret', 'content-type': 'application/json' },
    rawResponseHeaders: { 'set-cookie': 'sid=other' },
    requestBody: JSON.stringify({ password: '[redacted]' }),
    rawResponseBody: JSON.stringify({ token: password }),
    frames: [],
  });

  it('serializes as state() does, redacted, and again after more requests and a clear', () => {
    const log = createRequestLog();
    log.add(entry('/api/a', 'first-secret'));
    log.frame(7, 100007, { event: 'balance.changed', sid: 's1', content: { balance: 1 } }, '2026-11-25T00:00:01.000Z');
    const once = log.stateJson();
    expect(JSON.parse(once)).toEqual(log.state());
    expect(once).not.toContain('first-secret');
    expect(once).not.toContain('sid=secret');
    // The first entry's text is reused; the new one is added.
    log.add(entry('/api/b', 'second-secret'));
    const twice = JSON.parse(log.stateJson());
    expect(twice).toEqual(log.state());
    expect(twice.requests.map((r: { path: string }) => r.path)).toEqual(['/api/a', '/api/b']);
    log.clear();
    expect(JSON.parse(log.stateJson())).toEqual({ requests: [], frames: [] });
  });
});
