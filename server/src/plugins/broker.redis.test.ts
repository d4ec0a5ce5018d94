import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { startRedis } from '../../../scripts/lib/redis.mjs';
import { Code } from '../../../shared/codes';
import { CLOSE_SESSION_ENDED, type Frame } from '../../../shared/socket';
import { REDIS_PREFIX, testConfig } from '../config';
import { AppError } from '../errors';
import { hashed, newPlayer, opsClient, registerPlayer, signUpCode, TestClient, testApp } from '../test/helpers';
import type { Broker } from './broker';
import { connectRedisBroker } from './broker.redis';

/**
 * Two server processes as two apps (buildApp twice, each its own in-memory SQLite) sharing one real
 * Redis: what one does in memory, the other hears. The database cannot be shared yet (SQLite, one
 * process per file), so tests that need the same rows build the same world in both apps (the same
 * registrations in the same order give the same user and session ids).
 */
let redis: Awaited<ReturnType<typeof startRedis>>;
let raw: ReturnType<typeof createClient>;
beforeAll(async () => {
  redis = await startRedis();
  raw = createClient({ url: redis.url });
  await raw.connect();
});
afterAll(async () => {
  await raw?.close();
  await redis?.stop();
});

const opened: FastifyInstance[] = [];
const brokers: Broker[] = [];
beforeEach(async () => {
  await raw.flushAll();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
  await Promise.all(brokers.splice(0).map((broker) => broker.close()));
});

const startProcess = async (processName = 'server') => {
  // Every app of this file is a process of one cluster: one namespace (the default), whatever the run's.
  const app = await testApp({
    config: testConfig({ redisUrl: redis.url, redisPrefix: REDIS_PREFIX, processName }),
  });
  opened.push(app);
  return app;
};
const broker = async () => {
  const made = await connectRedisBroker(redis.url, (await startProcess()).log);
  brokers.push(made);
  return made;
};

/** How many processes listen on the channel (a subscription is in place a moment after it is asked for). */
const listeners = async (channel: string) => {
  const name = `${REDIS_PREFIX}${channel}`;
  return (await raw.pubSubNumSub(name))[name];
};

/** Waits until `check` holds (what another process publishes arrives a moment later); fails after 5 s. */
async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let tries = 0; tries < 500; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}

function listen(ws: WebSocket) {
  const frames: Frame[] = [];
  let closeCode = 0;
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
  ws.on('close', (code) => {
    closeCode = code;
  });
  return { frames, closeCode: () => closeCode };
}

/** The same player registered on both apps (same ids there), each with its own cookie. */
async function samePlayerOn(a: FastifyInstance, b: FastifyInstance) {
  const player = newPlayer();
  const body = { username: player.username, password: hashed(player.password), phone: player.phone, agree: true };
  const onA = new TestClient(a);
  const onB = new TestClient(b);
  const infoA = (
    await onA.post<{ uid: number }>('/api/user/custom/register', {
      ...body,
      smsCode: await signUpCode(a, player.phone, onA),
    })
  ).body.data;
  // The same phone's send on B meets the cool-down A's send started (limits are Redis's, shared), and B's
  // outbox is B's own database: B takes sign-ups without the code, as an operator may set it.
  expect((await opsClient(b).post('/ops/risk-settings', { signUpSmsCode: false })).body.success).toBe(true);
  const infoB = (await onB.post<{ uid: number }>('/api/user/custom/register', body)).body.data;
  const userA = await a.sessions.authenticate(onA.cookie.slice(4));
  const userB = await b.sessions.authenticate(onB.cookie.slice(4));
  expect(userA?.id).toBe(userB?.id);
  expect(userA?.sessionId).toBe(userB?.sessionId);
  return { player, onA, onB, uidA: infoA.uid, uidB: infoB.uid, userId: userA?.id ?? 0, sessionId: userA?.sessionId };
}

describe('the Redis broker', () => {
  it('counts with expiry, keeps values and publishes to the other process only', async () => {
    const a = await broker();
    const b = await broker();
    expect(await a.incr('count:x', 200)).toBe(1);
    expect(await b.incr('count:x', 200, 4)).toBe(5);
    expect(await raw.pTTL(`${REDIS_PREFIX}count:x`)).toBeGreaterThan(0);
    await until(async () => (await a.get('count:x')) === null, 'the counter expires');
    expect(await a.incr('count:x', 60_000)).toBe(1);

    await a.set('value', 'one');
    expect(await b.get('value')).toBe('one');
    await b.del('value');
    expect(await a.get('value')).toBeNull();
    // A claim keeps the first writer's value: both processes end up with it.
    expect(await a.claim('claimed', 'first')).toBe('first');
    expect(await b.claim('claimed', 'second')).toBe('first');
    expect(await raw.pTTL(`${REDIS_PREFIX}claimed`)).toBe(-1);
    // Under another prefix (another cluster, or a test app of the stores run) a claim is a key of its own.
    const elsewhere = await connectRedisBroker(redis.url, (opened[0] as FastifyInstance).log, 'elsewhere:');
    brokers.push(elsewhere);
    expect(await elsewhere.claim('claimed', 'its own')).toBe('its own');
    expect(await raw.get('elsewhere:claimed')).toBe('its own');

    const heardA: unknown[] = [];
    const heardB: unknown[] = [];
    a.subscribe('chat', (m) => heardA.push(m));
    b.subscribe('chat', (m) => heardB.push(m));
    await until(async () => (await listeners('chat')) === 2, 'both listen');
    a.publish('chat', { n: 1 });
    b.publish('chat', { n: 2 });
    await until(() => heardA.length === 1 && heardB.length === 1, 'each hears the other');
    expect(heardA).toEqual([{ n: 2 }]);
    expect(heardB).toEqual([{ n: 1 }]);
  });

  it('a lease is held by exactly one of two contenders and passes on when released or expired', async () => {
    const a = await broker();
    const b = await broker();
    const leaseA = a.lease('job', 300);
    const leaseB = b.lease('job', 300);
    await until(() => leaseA.held || leaseB.held, 'one takes it');
    for (let i = 0; i < 10; i++) {
      expect(leaseA.held !== leaseB.held).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [holder, other] = leaseA.held ? [leaseA, leaseB] : [leaseB, leaseA];
    await holder.release();
    expect(holder.held).toBe(false);
    await until(() => other.held, 'the other takes it once released');

    // A holder that stops renewing (killed): its key stays until it expires, then a contender takes it.
    const c = await broker();
    await raw.set(`${REDIS_PREFIX}lease:lost`, 'a killed process', { expiration: { type: 'PX', value: 300 } });
    const leaseC = c.lease('lost', 300);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(leaseC.held).toBe(false);
    await until(() => leaseC.held, 'taken after the dead holder expired');
    expect(await raw.get(`${REDIS_PREFIX}lease:lost`)).toBe(c.id);
  });

  it('scheduled work runs on exactly one of two processes', async () => {
    const a = await startProcess();
    const b = await startProcess();
    await until(() => a.cluster.scheduler.held || b.cluster.scheduler.held, 'one holds the scheduler');
    expect(a.cluster.scheduler.held).not.toBe(b.cluster.scheduler.held);
    let ranOnA = 0;
    let ranOnB = 0;
    a.cluster.scheduled(() => ranOnA++)();
    b.cluster.scheduled(() => ranOnB++)();
    expect(ranOnA + ranOnB).toBe(1);
    // The holder stops: the other takes the scheduler within its 15 s lease (here at once: release on close).
    const [holder, other] = a.cluster.scheduler.held ? [a, b] : [b, a];
    opened.splice(opened.indexOf(holder), 1);
    await holder.close();
    await until(() => other.cluster.scheduler.held, 'the other process takes over the scheduler');
  });

  it('a push on process A reaches the socket held by process B, and an ack on B is known to A', async () => {
    const a = await startProcess();
    const b = await startProcess();
    const { onA, onB, uidA, uidB, userId } = await samePlayerOn(a, b);
    const ws = await b.injectWS(`/webSocket/${uidB}`, { headers: { cookie: onB.cookie } });
    const onSocket = listen(ws);
    await until(async () => (await listeners('socket')) === 2, 'hubs listen');

    const sid = a.socket.pushAny(userId, 'test.push', 7);
    await until(() => onSocket.frames.some((f) => f.event === 'test.push'), 'the frame crosses to B');
    expect(onSocket.frames.find((f) => f.event === 'test.push')).toEqual({ event: 'test.push', sid, content: 7 });
    expect(a.socket.connectionsOf(userId)).toBe(0);

    // Acknowledged on B: a connection on A does not get it again; the unacknowledged one it does.
    const unacked = a.socket.pushAny(userId, 'test.other', 1);
    await until(() => onSocket.frames.some((f) => f.sid === unacked), 'the second frame crosses');
    const again = await a.injectWS(`/webSocket/${uidA}`, { headers: { cookie: onA.cookie } });
    const onAgain = listen(again);
    ws.send(JSON.stringify({ event: 'ack', sid }));
    // B publishes the ack, then this push, in order on one connection: A has the ack once it has the marker.
    await until(() => !b.socket.connectedUsers().next().done, 'B holds the socket');
    const marker = await new Promise<string>((resolve) =>
      setTimeout(() => resolve(b.socket.pushAny(userId, 'test.marker', 0)), 0),
    );
    await until(() => onAgain.frames.some((f) => f.sid === marker), 'the marker reaches the socket on A');
    again.send(JSON.stringify({ event: 'ping' }));
    await until(() => onAgain.frames.some((f) => f.event === 'pong'), 'pong');
    await until(() => onAgain.frames.some((f) => f.sid === unacked), 'the unacknowledged frame is sent again');
    expect(onAgain.frames.some((f) => f.sid === sid)).toBe(false);
    ws.close();
    again.close();
  });

  it('a nudge runs only on the process holding the socket: B when the socket is on B, A alone once A holds one', async () => {
    const a = await startProcess();
    const b = await startProcess();
    const { onA, onB, uidA, uidB, userId } = await samePlayerOn(a, b);
    const heard: string[] = [];
    a.socket.onNudge('test.topic', (id) => heard.push(`A:${id}`));
    b.socket.onNudge('test.topic', (id) => heard.push(`B:${id}`));
    await until(async () => (await listeners('socket')) === 2, 'hubs listen');

    // Connected nowhere: nobody works for them.
    a.socket.nudge(userId, 'test.topic');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);
    const onBSocket = await b.injectWS(`/webSocket/${uidB}`, { headers: { cookie: onB.cookie } });
    await until(() => b.socket.isConnected(userId), 'B holds the socket');
    a.socket.nudge(userId, 'test.topic');
    await until(() => heard.length > 0, 'B hears the nudge');
    expect(heard).toEqual([`B:${userId}`]);

    const onASocket = await a.injectWS(`/webSocket/${uidA}`, { headers: { cookie: onA.cookie } });
    await until(() => a.socket.isConnected(userId), 'A holds a socket too');
    a.socket.nudge(userId, 'test.topic'); // run here, at once, and not published
    expect(heard).toEqual([`B:${userId}`, `A:${userId}`]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([`B:${userId}`, `A:${userId}`]);
    onBSocket.close();
    onASocket.close();
  });

  it('a login on process B ends the session and its socket on process A', async () => {
    const a = await startProcess();
    const b = await startProcess();
    const { player, onA, uidA, userId, sessionId } = await samePlayerOn(a, b);
    const ws = await a.injectWS(`/webSocket/${uidA}`, { headers: { cookie: onA.cookie } });
    const onSocket = listen(ws);
    expect(a.socket.connectionsOf(userId)).toBe(1);
    expect((await onA.get('/api/user/info')).body.success).toBe(true);
    await until(async () => (await listeners('session.revoked')) === 2, 'listening');

    const elsewhere = new TestClient(b);
    const login = await elsewhere.post('/api/user/login', {
      username: player.username,
      password: hashed(player.password),
    });
    expect(login.body.success).toBe(true);

    await until(() => onSocket.closeCode() === CLOSE_SESSION_ENDED, 'the socket on A closes');
    expect(onSocket.frames.find((f) => f.event === 'session.ended')?.content).toBe('replaced by a new login');
    expect(a.socket.connectionsOf(userId)).toBe(0);
    // The cookie of the ended session no longer works on A either (cache dropped, row revoked).
    expect((await onA.get('/api/user/info')).body).toMatchObject({ success: false, code: Code.SESSION_INVALID });
    expect((await a.sessions.listOf(userId, 5)).find((s) => s.id === sessionId)?.revokedAt).not.toBeNull();
  });

  it('rate limits add up across processes, at once (one window in Redis)', async () => {
    const a = await startProcess();
    const b = await startProcess();
    const rule = { limit: 3, windowMs: 60_000 };
    await a.limiter.consume('test:key', rule);
    await a.limiter.consume('test:key', rule);
    expect(await b.limiter.retryAfter('test:key', { ...rule, limit: 2 })).toBeGreaterThan(0);
    await b.limiter.consume('test:key', rule);
    await expect(b.limiter.consume('test:key', rule)).rejects.toThrow(AppError);
    await expect(a.limiter.consume('test:key', rule)).rejects.toMatchObject({ code: Code.RATE_LIMITED });
    // A reset on one process frees the key on the other.
    await b.limiter.reset('test:key');
    expect(await a.limiter.retryAfter('test:key', rule)).toBe(0);
  });

  it('the clock set on A is the clock of B and of a process started later; faults set on A act on B', async () => {
    const a = await startProcess();
    const b = await startProcess();
    await until(async () => (await listeners('clock')) === 2, 'listening');
    const set = await opsClient(a).post('/ops/clock', { set: '2027-03-04T05:06:07.000Z' });
    expect(set.body.success).toBe(true);
    await until(() => b.clock.iso() === '2027-03-04T05:06:07.000Z', 'B has the new time');
    expect(b.clock.frozen).toBe(true);
    const late = await startProcess();
    expect(late.clock.iso()).toBe('2027-03-04T05:06:07.000Z');

    const added = await opsClient(a).post<{ id: number }>('/ops/faults', {
      kind: 'error',
      route: '/api/user/info',
      status: 503,
    });
    expect(added.body.success).toBe(true);
    await until(() => b.services.tooling.faults.state().faults.length === 1, 'B has the fault');
    const { onB } = await samePlayerOn(a, b);
    expect((await onB.get('/api/user/info')).status).toBe(503);
    await opsClient(b).request({ method: 'DELETE', url: '/ops/faults' });
    await until(() => a.services.tooling.faults.state().faults.length === 0, 'A heard the fault removed');
  });

  it('ask: PUBLISH counts the processes to wait for; each other answers once; a silent one is left out', async () => {
    const a = await broker();
    const b = await broker();
    const c = await broker();
    a.answer('q', () => 'from a');
    b.answer('q', (question) => ({ heard: question }));
    c.answer('q', async () => 'from c');
    await until(async () => (await listeners('ask:q')) === 3, 'all three answer on q');
    const asked = await a.ask('q', { n: 1 }, 5_000);
    expect(asked.silent).toBe(0);
    expect(asked.answers).toHaveLength(2);
    expect(asked.answers).toEqual(expect.arrayContaining([{ heard: { n: 1 } }, 'from c']));
    // Asked by one that does not answer itself: all three answer.
    const d = await broker();
    expect((await d.ask('q', 0, 5_000)).answers).toHaveLength(3);

    const stuck = await broker();
    stuck.answer('q', () => new Promise(() => undefined));
    await until(async () => (await listeners('ask:q')) === 4, 'the stuck one listens');
    const partly = await a.ask('q', 2, 200);
    expect(partly.silent).toBe(1);
    expect(partly.answers).toHaveLength(2);
  });

  it('the request log read on A holds what B answered, and a clear on B empties A', async () => {
    const a = await startProcess('server-a');
    const b = await startProcess('server-b');
    await until(async () => (await listeners('ask:requests.find')) === 2, 'both answer');
    await new TestClient(a).get('/api/config/fetch?on=a');
    // Entries of two processes are ordered by time in milliseconds: these two are a few ms apart.
    await new Promise((resolve) => setTimeout(resolve, 3));
    await new TestClient(b).get('/api/config/fetch?on=b');
    type Log = { requests: { path: string; process: string }[]; processes: { answered: number } };
    const log = (await opsClient(a).get<Log>('/ops/requests')).body.data;
    expect(log.processes).toEqual({ answered: 2, silent: 0 });
    expect(log.requests.map((r) => [r.path, r.process])).toEqual([
      ['/api/config/fetch?on=b', 'server-b'],
      ['/api/config/fetch?on=a', 'server-a'],
    ]);
    await opsClient(b).request({ method: 'DELETE', url: '/ops/requests' });
    expect(a.services.tooling.requestLog.find({ limit: 10, ops: false }).requests).toEqual([]);
  });

  it('a captcha key Redis lost: the cluster settles on one key again, and tokens sealed before still open', async () => {
    const a = await startProcess();
    const { onA, player } = await samePlayerOn(a, await startProcess());
    const before = (await onA.get<{ token: string }>('/api/captcha')).body.data.token;
    const key = `${REDIS_PREFIX}captcha.key`;
    const first = await raw.get(key);
    expect(first).toMatch(/^[0-9a-f]{64}$/);

    await raw.flushAll();
    // A process started now claims a key of its own; the running ones take it at their next claim.
    const late = await startProcess();
    // The same player there (its own database; the same first registration gives the same id).
    await registerPlayer(late, { username: player.username, password: player.password, phone: player.phone });
    const second = await raw.get(key);
    expect(second).not.toBe(first);
    const onLate = (token: string) => opsClient(late).get<{ answer: string }>(`/ops/captcha/${token}`);
    let after = '';
    for (let tries = 0; tries < 80 && !after; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const issued = (await onA.get<{ token: string }>('/api/captcha')).body.data.token;
      if ((await onLate(issued)).body.success) after = issued;
    }
    expect(after, 'A took the new key within 20 s (it claims every 5 s)').not.toBe('');
    expect(await raw.get(key)).toBe(second);
    // What A sealed under its old key still opens on A (the previous key is kept), not on the newcomer.
    expect((await opsClient(a).get(`/ops/captcha/${before}`)).body.success).toBe(true);
    expect((await onLate(before)).body.success).toBe(false);
  });

  it('does not start when REDIS_URL does not answer', async () => {
    const closed = await startRedis();
    const url = closed.url;
    await closed.stop();
    await expect(testApp({ config: testConfig({ redisUrl: url }) })).rejects.toThrow(
      /Redis at redis:\/\/.* did not answer/,
    );
  });
});
