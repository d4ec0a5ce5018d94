import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { testConfig } from '../../config';
import { opsClient, registerPlayer, restartableConfig, TEST_NOW, TestClient, testApp } from '../../test/helpers';

let app: FastifyInstance | undefined;
let dir = '';
let drop = async () => {};
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'casino-stubs-'));
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  await drop();
  drop = async () => {};
  rmSync(dir, { recursive: true, force: true });
});

const GAMES = '/api/open/game/fetch';
const USER_GAMES = '/api/game/fetch';
const JOURNAL = '/api/user/balanceJournal/fetch';
const game = (id: number | string, name: string) => ({
  id,
  code: `stub-${id}`,
  name,
  type: 'slot',
  provider: 'demo',
  providerName: 'Demo',
  thumbnailUrl: '/static/x.png',
  tags: [],
  playable: true,
});
const page = (list: unknown) => ({ list, page: 1, size: 20, total: Array.isArray(list) ? list.length : 500 });

type StubAnswer = { id: number; remaining: number | null; applied: number; source: string };

describe('stubs as data', () => {
  it('overrides the success data of an endpoint for everyone until removed, and says so in the request log', async () => {
    app = await testApp();
    const ops = opsClient(app);
    const visitor = new TestClient(app);
    const real = await visitor.get<{ list: unknown[] }>(GAMES, { type: 'default' });
    expect(real.body.data.list.length).toBeGreaterThan(0);

    const set = await ops.post<StubAnswer>('/ops/stubs', { method: 'GET', path: GAMES, data: page([]) });
    expect(set.body).toMatchObject({ success: true, data: { remaining: null, applied: 0, source: 'api' } });
    for (let n = 0; n < 3; n++) {
      const stubbed = await visitor.get<{ list: unknown[]; total: number }>(GAMES, { type: 'hot' });
      expect(stubbed.body).toMatchObject({ success: true, code: 0, data: { list: [], total: 0 } });
      expect(stubbed.headers['x-stub']).toBe(String(set.body.data.id));
    }
    // The request log marks what a stub answered; the count sees it.
    const log = await ops.get<{ requests: { stub: number | null; path: string }[] }>('/ops/requests', { path: GAMES });
    expect(log.body.data.requests.map((r) => r.stub)).toEqual([
      set.body.data.id,
      set.body.data.id,
      set.body.data.id,
      null,
    ]);
    const count = await ops.get<{ count: number }>('/ops/requests/count', {
      method: 'GET',
      path: GAMES,
      stubbed: 'true',
    });
    expect(count.body.data.count).toBe(3);

    expect((await ops.request({ method: 'DELETE', url: '/ops/stubs' })).body).toMatchObject({ data: { removed: 1 } });
    expect((await visitor.get<{ list: unknown[] }>(GAMES, { type: 'default' })).body.data.list.length).toBeGreaterThan(
      0,
    );
  });

  it('refuses data the contract forbids, with 10001 naming the path of the first issue, and sets nothing', async () => {
    app = await testApp();
    const ops = opsClient(app);
    const wrong = await ops.post('/ops/stubs', {
      method: 'GET',
      path: GAMES,
      data: page([game(1, 'Fine'), { ...game('two', 'Bad id') }]),
    });
    expect(wrong.body).toMatchObject({ success: false, code: Code.VALIDATION });
    const [field] = wrong.body.data as { field: string; message: string }[];
    expect(field?.field).toBe('data.list.1.id');
    expect(field?.message).toMatch(/^Not what GET \/api\/open\/game\/fetch answers at list\.1\.id: /);

    const unknown = await ops.post('/ops/stubs', { method: 'GET', path: '/api/nope', data: {} });
    expect(unknown.body).toMatchObject({ code: Code.VALIDATION, data: [{ field: 'path' }] });
    const wrongMethod = await ops.post('/ops/stubs', { method: 'POST', path: GAMES, data: {} });
    expect((wrongMethod.body.data as { message: string }[])[0]?.message).toMatch(/is a GET endpoint/);
    const opsPath = await ops.post('/ops/stubs', { method: 'GET', path: '/ops/stubs', data: { stubs: [] } });
    expect(opsPath.body).toMatchObject({ code: Code.VALIDATION, data: [{ field: 'path' }] });
    // A business error the endpoint does not declare is refused too.
    const undeclared = await ops.post('/ops/stubs', {
      method: 'GET',
      path: GAMES,
      error: { code: Code.INSUFFICIENT_BALANCE },
    });
    expect(undeclared.body).toMatchObject({ code: Code.VALIDATION, data: [{ field: 'error.code' }] });
    const needsValues = await ops.post('/ops/stubs', {
      method: 'POST',
      path: '/api/user/login',
      error: { code: Code.ACCOUNT_LOCKED },
    });
    expect(needsValues.body).toMatchObject({ code: Code.VALIDATION, data: [{ field: 'error.msg' }] });
    expect((needsValues.body.data as { message: string }[])[0]?.message).toMatch(/needs values \(\{wait\}\): give msg/);
    const both = await ops.post('/ops/stubs', { method: 'GET', path: GAMES, data: page([]), error: { code: 10002 } });
    expect(both.body.code).toBe(Code.VALIDATION);
    const repeat = await ops.post('/ops/stubs', {
      method: 'GET',
      path: GAMES,
      data: page({ $repeat: 10_001, item: {} }),
    });
    expect(repeat.body).toMatchObject({ code: Code.VALIDATION, data: [{ field: 'data.list.$repeat' }] });
    const ghost = await ops.post('/ops/stubs', { method: 'GET', path: GAMES, uid: 99_999_999, data: page([]) });
    expect(ghost.body.code).toBe(Code.OPS_NOT_FOUND);
    expect(app.services.tooling.stubs.list()).toEqual([]);
  });

  it("acts for one player only, the player's own stub before everyone's, N calls then the real answer", async () => {
    app = await testApp();
    const ops = opsClient(app);
    const alice = await registerPlayer(app);
    const bob = await registerPlayer(app);
    const everyone = await ops.post<StubAnswer>('/ops/stubs', {
      method: 'GET',
      path: USER_GAMES,
      data: page([game(7, 'For everyone')]),
    });
    const own = await ops.post<StubAnswer>('/ops/stubs', {
      method: 'GET',
      path: USER_GAMES,
      uid: alice.info.uid,
      data: page([game('{{uid}}', 'Only for {{uid}}')]),
      count: 2,
    });
    expect(own.body.data.remaining).toBe(2);
    type Games = { list: { id: number; name: string }[] };
    for (let n = 0; n < 2; n++) {
      const mine = await alice.client.get<Games>(USER_GAMES, { type: 'default' });
      expect(mine.body.data.list).toEqual([
        expect.objectContaining({ id: alice.info.uid, name: `Only for ${alice.info.uid}` }),
      ]);
      const theirs = await bob.client.get<Games>(USER_GAMES, { type: 'default' });
      expect(theirs.body.data.list).toEqual([expect.objectContaining({ id: 7, name: 'For everyone' })]);
    }
    // Two calls used Alice's stub: it is gone, and she gets everyone's; once that is removed, the real list.
    expect(app.services.tooling.stubs.list().map((s) => s.id)).toEqual([everyone.body.data.id]);
    const third = await alice.client.get<Games>(USER_GAMES, { type: 'default' });
    expect(third.body.data.list).toEqual([expect.objectContaining({ id: 7 })]);
    await ops.request({ method: 'DELETE', url: `/ops/stubs?id=${everyone.body.data.id}` });
    const real = await alice.client.get<Games>(USER_GAMES, { type: 'default' });
    expect(real.body.data.list.length).toBeGreaterThan(1);
    expect(real.body.data.list.some((g) => g.id === 7 && g.name === 'For everyone')).toBe(false);
    const gone = await ops.request({ method: 'DELETE', url: `/ops/stubs?id=${everyone.body.data.id}` });
    expect(gone.body.code).toBe(Code.STUB_NOT_FOUND);
  });

  it('renders templates per call: 500 rows with {{i}}, {{now}} and {{today}} from the server clock', async () => {
    app = await testApp();
    const ops = opsClient(app);
    const { client, info } = await registerPlayer(app);
    const row = {
      id: '{{i}}',
      type: 'deposit',
      typeName: 'Deposit',
      amount: 100,
      balanceAfter: 100,
      points: 0,
      pointsAfter: 0,
      reference: 'D-{{today}}-{{i}}',
      remark: 'for {{uid}}',
      detail: 'GCash',
      createdAt: '{{now}}',
    };
    const set = await ops.post('/ops/stubs', {
      method: 'GET',
      path: JOURNAL,
      data: { list: { $repeat: 500, item: row }, page: 1, size: 500, total: 500 },
    });
    expect(set.body.success).toBe(true);
    type Journal = { list: { id: number; reference: string; remark: string; createdAt: string }[]; total: number };
    const answer = await client.get<Journal>(JOURNAL);
    expect(answer.body.data.list).toHaveLength(500);
    expect(answer.body.data.list[0]).toMatchObject({
      id: 1,
      reference: 'D-2026-11-20-1',
      remark: `for ${info.uid}`,
      createdAt: TEST_NOW.toISOString(),
    });
    expect(answer.body.data.list[499]?.id).toBe(500);
    // The clock moves past midnight in Manila: the next call says the new day.
    await ops.post('/ops/clock', { advance: '15h' });
    const later = await client.get<Journal>(JOURNAL);
    expect(later.body.data.list[0]?.reference).toBe('D-2026-11-21-1');
  });

  it('answers a business error with its message (or the one given), and nothing runs', async () => {
    app = await testApp();
    const ops = opsClient(app);
    const { client } = await registerPlayer(app);
    const set = await ops.post('/ops/stubs', {
      method: 'GET',
      path: USER_GAMES,
      error: { code: Code.SESSION_INVALID },
      count: 1,
    });
    expect(set.body.success).toBe(true);
    const failed = await client.get(USER_GAMES, { type: 'default' });
    expect(failed.body).toMatchObject({ success: false, code: Code.SESSION_INVALID, data: null });
    expect(failed.body.msg.length).toBeGreaterThan(5);
    await ops.post('/ops/stubs', {
      method: 'GET',
      path: USER_GAMES,
      error: { code: Code.INTERNAL, msg: 'Lobby down' },
    });
    expect((await client.get(USER_GAMES, { type: 'default' })).body).toMatchObject({
      code: Code.INTERNAL,
      msg: 'Lobby down',
    });
    // Bad input is still refused before a stub acts, and counts nothing.
    const bad = await client.get(USER_GAMES, { type: 'nope' });
    expect(bad.body.code).toBe(Code.VALIDATION);
    expect(app.services.tooling.stubs.list()[0]?.applied).toBe(1);
  });

  it('counts requests of the log and fails an expect that does not hold (417, 30061)', async () => {
    app = await testApp();
    const ops = opsClient(app);
    const { client, info } = await registerPlayer(app);
    await client.get('/api/user/info');
    await client.get('/api/user/info');
    await client.get('/api/letter/99999');
    const count = (query: Record<string, string | number>) => ops.get<{ count: number }>('/ops/requests/count', query);
    expect((await count({ path: '/api/user/info', uid: info.uid, status: 200 })).body.data.count).toBe(2);
    expect((await count({ path: '/api/user/info', method: 'POST' })).body.data.count).toBe(0);
    expect((await count({ path: '/api/user/*' })).body.data.count).toBeGreaterThanOrEqual(3);
    const ok = await count({ path: '/api/user/info', expect: 2 });
    expect(ok.body).toMatchObject({ success: true, data: { count: 2 } });
    const wrong = await count({ path: '/api/user/info', expect: 3 });
    expect(wrong.status).toBe(417);
    expect(wrong.body).toMatchObject({
      success: false,
      code: Code.REQUEST_COUNT_MISMATCH,
      msg: 'Expected 3 matching request(s), the log has 2',
      data: { count: 2, expected: 3 },
    });
  });

  it('keeps stubs across a restart, in the state file named after the database', async () => {
    const restartable = await restartableConfig(dir, { dbFile: join(dir, 'casino.db') });
    drop = restartable.drop;
    app = await testApp({ config: restartable.config });
    const set = await opsClient(app).post<StubAnswer>('/ops/stubs', {
      method: 'GET',
      path: GAMES,
      data: page([game(3, 'Kept')]),
      count: 5,
    });
    await new TestClient(app).get(GAMES, { type: 'default' });
    await app.close();
    app = await testApp({ config: restartable.config });
    expect(app.services.tooling.startup).toContain(
      `kept from the last run: 1 stub(s) (#${set.body.data.id} GET ${GAMES})`,
    );
    const after = await new TestClient(app).get<{ list: { name: string }[] }>(GAMES, { type: 'default' });
    expect(after.body.data.list).toEqual([expect.objectContaining({ name: 'Kept' })]);
    expect(app.services.tooling.stubs.list()).toEqual([expect.objectContaining({ applied: 2, remaining: 3 })]);
  });

  it('loads STUBS_FILE at start, and a stub the API would refuse stops the start with a clear error', async () => {
    const file = join(dir, 'stubs.json');
    writeFileSync(file, JSON.stringify({ stubs: [{ method: 'GET', path: GAMES, data: page([]) }] }));
    app = await testApp({ config: testConfig({ stubsFile: file }) });
    expect(app.services.tooling.stubs.list()).toEqual([expect.objectContaining({ source: 'file', path: GAMES })]);
    expect((await new TestClient(app).get(GAMES, { type: 'default' })).body.data).toMatchObject({ list: [] });
    await app.close();
    app = undefined;

    writeFileSync(file, JSON.stringify([{ method: 'GET', path: GAMES, data: { list: 'no' } }]));
    await expect(testApp({ config: testConfig({ stubsFile: file }) })).rejects.toThrow(
      /^STUBS_FILE .*stubs\.json: stub 0 is refused: data\.list: Not what GET \/api\/open\/game\/fetch answers/,
    );
    writeFileSync(file, '{ not json');
    await expect(testApp({ config: testConfig({ stubsFile: file }) })).rejects.toThrow(/cannot be read as JSON/);
  });
});

describe('TESTER_TOOLS=off', () => {
  it('answers for real: no stub kept from the last run nor from STUBS_FILE acts, and no kept fault', async () => {
    // A rogue or careless tester leaves a stub and a fault behind (state file, STUBS_FILE), then the server
    // goes live with TESTER_TOOLS=off: nothing of them may still answer the players.
    const restartable = await restartableConfig(dir, { dbFile: join(dir, 'casino.db') });
    drop = restartable.drop;
    app = await testApp({ config: restartable.config });
    await opsClient(app).post('/ops/stubs', { method: 'GET', path: GAMES, data: page([game(3, 'Kept')]) });
    const fault = await opsClient(app).post('/ops/faults', { route: GAMES, kind: 'error', status: 503, count: 9 });
    expect(fault.body.success).toBe(true);
    await app.close();
    const file = join(dir, 'stubs.json');
    writeFileSync(file, JSON.stringify([{ method: 'GET', path: GAMES, data: page([game(4, 'From file')]) }]));
    app = await testApp({ config: { ...restartable.config, testerTools: false, stubsFile: file } });
    const answer = await new TestClient(app).get<{ list: { name: string }[] }>(GAMES, { type: 'default' });
    expect(answer.headers['x-stub']).toBeUndefined();
    expect(answer.body.success).toBe(true);
    expect(answer.body.data.list.map((g) => g.name)).not.toContain('Kept');
    expect(answer.body.data.list.map((g) => g.name)).not.toContain('From file');
  });
});

describe('socket frame faults', () => {
  const listen = (ws: { on(event: 'message', cb: (raw: unknown) => void): unknown }) => {
    const frames: { event: string; at: number }[] = [];
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { event: string };
      if (frame.event !== 'ping') frames.push({ event: frame.event, at: Date.now() });
    });
    return frames;
  };
  const until = async (check: () => boolean, ms = 3000) => {
    const end = Date.now() + ms;
    while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it("delays one player's frames (order kept) and drops a share of them, until removed", async () => {
    app = await testApp();
    const ops = opsClient(app);
    const alice = await registerPlayer(app);
    const bob = await registerPlayer(app);
    const aliceWs = await app.injectWS(`/webSocket/${alice.info.uid}`, { headers: { cookie: alice.client.cookie } });
    const bobWs = await app.injectWS(`/webSocket/${bob.info.uid}`, { headers: { cookie: bob.client.cookie } });
    const aliceFrames = listen(aliceWs);
    const bobFrames = listen(bobWs);
    const push = (uid: number, event: string) => ops.post(`/ops/sockets/${uid}/push`, { event, content: 1 });

    const delay = await ops.post<{ id: number; distribution: string }>('/ops/faults', {
      kind: 'socket.delay',
      uid: alice.info.uid,
      ms: 800,
      jitterMs: 100,
    });
    expect(delay.body.data.distribution).toBe('uniform');
    const sent = Date.now();
    for (const event of ['test.one', 'test.two', 'test.three']) await push(alice.info.uid, event);
    await push(bob.info.uid, 'test.bob');
    await until(() => bobFrames.length === 1 && aliceFrames.length === 3);
    // Bob's frame, pushed after Alice's three, arrives first; hers come 700 ms or more after they were pushed.
    expect(bobFrames[0]?.at).toBeLessThan(aliceFrames[0]?.at ?? 0);
    expect(aliceFrames.map((f) => f.event)).toEqual(['test.one', 'test.two', 'test.three']);
    expect(aliceFrames[0]?.at).toBeGreaterThanOrEqual(sent + 690);
    await ops.request({ method: 'DELETE', url: `/ops/faults?id=${delay.body.data.id}` });

    // Every frame of Alice's lost while socket.loss is on (probability 1); Bob's arrive.
    const loss = await ops.post<{ id: number }>('/ops/faults', { kind: 'socket.loss', uid: alice.info.uid });
    await push(alice.info.uid, 'test.lost');
    await push(bob.info.uid, 'test.bob2');
    await until(() => bobFrames.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(aliceFrames.map((f) => f.event)).not.toContain('test.lost');
    const listed = await ops.get<{ faults: { applied: number }[] }>('/ops/faults');
    expect(listed.body.data.faults).toEqual([expect.objectContaining({ id: loss.body.data.id, applied: 1 })]);
    await ops.request({ method: 'DELETE', url: `/ops/faults?id=${loss.body.data.id}` });
    await push(alice.info.uid, 'test.back');
    await until(() => aliceFrames.some((f) => f.event === 'test.back'));
    expect(aliceFrames.at(-1)?.event).toBe('test.back');
    aliceWs.terminate();
    bobWs.terminate();
  });
});
