import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Frame } from '../../../shared/socket';
import { hashed, opsClient, registerPlayer, TestClient, testApp } from '../test/helpers';

/**
 * The socket guarantees of spec sections 4 and 9, proven with a real `ws` client on a listening server:
 * the session check on the upgrade, the heartbeat and the silence time-out (here in milliseconds, through
 * the app's socket timings), frames with unique sids kept until acknowledged, one device at a time, and
 * counter pushes caused by real state changes arriving (their latency is measured by `npm run bench`, not here).
 */

const HEARTBEAT_MS = 100;
const SILENCE_MS = 300;

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = await testApp({ socket: { heartbeatMs: HEARTBEAT_MS, silenceMs: SILENCE_MS } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

interface Link {
  ws: WebSocket;
  frames: (Frame & { at: number })[];
  /** The next frame of this event not taken yet (waits up to `within` ms). */
  next(event: string, within?: number): Promise<Frame & { at: number }>;
  closed: Promise<{ code: number; at: number }>;
  send(frame: object): void;
}

/** Opens /webSocket/:uid with a cookie; rejects with the HTTP status when the upgrade is refused. */
function connect(uid: number, cookie?: string): Promise<Link> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/webSocket/${uid}`, { headers: cookie ? { cookie } : {} });
    const frames: Link['frames'] = [];
    const taken = new Set<Frame>();
    const waiters: { event: string; resolve: (f: Frame & { at: number }) => void }[] = [];
    ws.on('message', (raw) => {
      const frame = { ...(JSON.parse(String(raw)) as Frame), at: performance.now() };
      frames.push(frame);
      const index = waiters.findIndex((w) => w.event === frame.event);
      if (index >= 0) {
        taken.add(frame);
        waiters.splice(index, 1)[0]?.resolve(frame);
      }
    });
    const closed = new Promise<{ code: number; at: number }>((done) =>
      ws.on('close', (code) => done({ code, at: performance.now() })),
    );
    ws.on('unexpected-response', (_request, response) => reject(new Error(`refused ${response.statusCode}`)));
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        ws,
        frames,
        closed,
        send: (frame) => ws.send(JSON.stringify(frame)),
        // Generous: a frame that comes resolves at once, and a loaded 2-core machine can take seconds.
        next: (event, within = 10_000) =>
          new Promise((found, fail) => {
            const seen = frames.find((f) => f.event === event && !taken.has(f));
            if (seen) {
              taken.add(seen);
              return found(seen);
            }
            waiters.push({ event, resolve: found });
            setTimeout(() => fail(new Error(`no ${event} frame within ${within} ms`)), within);
          }),
      }),
    );
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function player() {
  const registered = await registerPlayer(app);
  const userId = (await app.services.users.byUid(registered.info.uid))?.id as number;
  return { ...registered, userId };
}

/** Connects, greets (the client pings on open) and acknowledges what was pending, so a test starts clean. */
async function live(uid: number, cookie: string) {
  const link = await connect(uid, cookie);
  link.send({ event: 'ping' });
  await link.next('pong');
  await sleep(30);
  for (const f of link.frames) if (f.sid) link.send({ event: 'ack', sid: f.sid });
  await sleep(30);
  link.frames.length = 0;
  return link;
}

describe('the socket on a listening server', () => {
  it('refuses an upgrade without a session cookie (401) and for another uid (403)', async () => {
    const { client, info } = await player();
    await expect(connect(info.uid)).rejects.toThrow('refused 401');
    await expect(connect(info.uid, 'sid=forged')).rejects.toThrow('refused 401');
    await expect(connect(info.uid + 1, client.cookie)).rejects.toThrow('refused 403');
    const link = await connect(info.uid, client.cookie);
    expect(link.ws.readyState).toBe(WebSocket.OPEN);
    link.ws.close();
  });

  it('pings every heartbeat, keeps a link that answers, and closes one silent past the time-out', async () => {
    const { client, info } = await player();
    const answering = await connect(info.uid, client.cookie);
    answering.ws.on('message', (raw) => {
      if ((JSON.parse(String(raw)) as Frame).event === 'ping') answering.send({ event: 'pong' });
    });
    const silent = await connect(info.uid, client.cookie);
    const opened = performance.now();

    const { at } = await silent.closed;
    const silentFor = at - opened;
    expect(silentFor).toBeGreaterThanOrEqual(SILENCE_MS);
    expect(silentFor).toBeLessThan(SILENCE_MS + 2 * HEARTBEAT_MS + 100);
    const pings = silent.frames.filter((f) => f.event === 'ping');
    expect(pings.length).toBeGreaterThanOrEqual(2);
    expect(pings.every((p) => p.sid === '' && p.content === null)).toBe(true);

    await sleep(SILENCE_MS + HEARTBEAT_MS);
    expect(answering.ws.readyState).toBe(WebSocket.OPEN);
    const heard = answering.frames.filter((f) => f.event === 'ping').map((f) => f.at);
    expect(heard.length).toBeGreaterThanOrEqual(6);
    const gaps = heard.slice(1).map((t, i) => t - (heard[i] as number));
    for (const gap of gaps) expect(gap).toBeGreaterThan(HEARTBEAT_MS * 0.5);
    answering.ws.close();
  });

  it('sends { event, sid, content } frames with unique sids, and resends the unacknowledged on the next link', async () => {
    const { client, info, userId } = await player();
    const first = await live(info.uid, client.cookie);
    const sids = ['a', 'b', 'c'].map((content) => app.socket.pushAny(userId, 'test.push', content));
    const got = [await first.next('test.push'), await first.next('test.push'), await first.next('test.push')];
    expect(got.map(({ event, sid, content }) => ({ event, sid, content }))).toEqual([
      { event: 'test.push', sid: sids[0], content: 'a' },
      { event: 'test.push', sid: sids[1], content: 'b' },
      { event: 'test.push', sid: sids[2], content: 'c' },
    ]);
    expect(new Set(sids).size).toBe(3);
    for (const sid of sids) expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    first.send({ event: 'ack', sid: sids[1] });
    await sleep(50);
    first.ws.close();
    await first.closed;

    const second = await connect(info.uid, client.cookie);
    second.send({ event: 'ping' });
    const resent = [await second.next('test.push'), await second.next('test.push')];
    expect(resent.map((f) => f.sid)).toEqual([sids[0], sids[2]]);
    await sleep(50);
    expect(second.frames.filter((f) => f.event === 'test.push')).toHaveLength(2);
    second.ws.close();
  });

  it('a new login elsewhere closes the old socket', async () => {
    const { client, info, player: typed } = await player();
    const link = await live(info.uid, client.cookie);
    const elsewhere = new TestClient(app);
    await elsewhere.post('/api/user/login', { username: typed.username, password: hashed(typed.password) });
    expect((await link.next('session.ended')).content).toBeTruthy();
    expect((await link.closed).code).toBe(4001);
    await expect(connect(info.uid, client.cookie)).rejects.toThrow('refused 401');
    const fresh = await connect(info.uid, elsewhere.cookie);
    expect(fresh.ws.readyState).toBe(WebSocket.OPEN);
    fresh.ws.close();
  });

  it('a letter sent by /ops raises inbox.unread and reading it lowers it', async () => {
    const { client, info } = await player();
    const link = await live(info.uid, client.cookie);
    const before = (await client.get<{ letterUnreadNum: number }>('/api/badge/data')).body.data.letterUnreadNum;

    const sent = await opsClient(app).post('/ops/letters', {
      uid: info.uid,
      titleEn: 'Live',
      contentEn: 'Pushed',
      rewards: [{ type: 'cash', amount: 10 }],
    });
    expect(sent.body.success).toBe(true);
    const raised = await link.next('inbox.unread');
    expect(raised.content).toBe(before + 1);
    expect(raised.sid).not.toBe('');

    const letter = (await client.get<{ list: { id: number }[] }>('/api/letter')).body.data.list[0];
    await client.post('/api/letter/read', { id: letter?.id });
    const lowered = await link.next('inbox.unread');
    expect(lowered.content).toBe(before);

    // A claim that moves money pushes the new balance too.
    await client.post('/api/letter/claim', { id: letter?.id });
    expect((await link.next('balance.changed')).content).toEqual({ balance: 10 });
    link.ws.close();
  });

  it('POST /ops/push sends any event with content to the player', async () => {
    const { client, info } = await player();
    const link = await live(info.uid, client.cookie);
    const answer = await opsClient(app).post<{ sid: string; connections: number }>('/ops/push', {
      uid: info.uid,
      event: 'task.reward',
      content: 7,
    });
    expect(answer.body.data.connections).toBe(1);
    const frame = await link.next('task.reward');
    expect(frame).toMatchObject({ sid: answer.body.data.sid, content: 7 });
    const refused = await opsClient(app).post('/ops/push', { uid: 99_999_999, event: 'x', content: 1 });
    expect(refused.body.success).toBe(false);
    expect((await opsClient(app).post('/ops/push', { uid: info.uid, event: 'bad event' })).body.success).toBe(false);
    link.ws.close();
  });

  it('resends only the latest value of a counter, and none older than a badge fetch', async () => {
    const { client, info, userId } = await player();
    await client.get('/api/badge/data');
    for (const n of [5, 6, 7]) app.socket.push(userId, 'inbox.unread', n);
    const keep = app.socket.pushAny(userId, 'test.push', 'kept');
    const first = await connect(info.uid, client.cookie);
    first.send({ event: 'ping' });
    expect((await first.next('inbox.unread')).content).toBe(7);
    expect((await first.next('test.push')).sid).toBe(keep);
    await sleep(50);
    expect(first.frames.filter((f) => f.event === 'inbox.unread')).toHaveLength(1);
    first.ws.close();
    await first.closed;

    // Pushed before the client read the counters afresh: the fetch is the truth, the frame is dropped.
    app.socket.push(userId, 'task.reward', 0);
    await client.get('/api/badge/data');
    const second = await connect(info.uid, client.cookie);
    second.send({ event: 'ping' });
    await second.next('test.push');
    await sleep(50);
    expect(second.frames.filter((f) => f.event === 'task.reward' || f.event === 'inbox.unread')).toEqual([]);
    second.ws.close();
  });

  it('a new Manila day reopens the sign-in for a connected player (last test: it moves the clock)', async () => {
    const { client, info } = await player();
    await client.post('/api/bonus/signIn/claim', { day: 1 });
    const link = await live(info.uid, client.cookie);
    const counters = (await client.get<{ loginBonusRewardNum: number }>('/api/badge/data')).body.data;
    expect(counters.loginBonusRewardNum).toBe(0);

    await opsClient(app).post('/ops/clock', { advance: '1d' });
    expect((await link.next('badge.sign.up')).content).toBe(1);
    link.ws.close();
  });
});
