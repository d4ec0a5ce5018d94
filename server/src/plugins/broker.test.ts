import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '../../../shared/socket';
import { hashed, newPlayer, opsClient, signUpCode, TestClient, testApp } from '../test/helpers';
import { MemoryBroker, MemoryNetwork } from './broker';

/**
 * The memory adapter: a lone process (the default) shares nothing and holds every lease; brokers on one
 * MemoryNetwork see each other as processes on one Redis do (broker.redis.test.ts runs the same on Redis).
 */
const opened: FastifyInstance[] = [];
const brokers: MemoryBroker[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
  await Promise.all(brokers.splice(0).map((broker) => broker.close()));
});
const memoryBroker = (network?: MemoryNetwork) => {
  const broker = new MemoryBroker(network);
  brokers.push(broker);
  return broker;
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the memory broker', () => {
  it('alone, publishes to nobody and holds its leases from the first instant', async () => {
    const broker = memoryBroker();
    const heard: unknown[] = [];
    broker.subscribe('x', (m) => heard.push(m));
    broker.publish('x', 1);
    await tick();
    expect(heard).toEqual([]);
    const lease = broker.lease('job', 1000);
    expect(lease.held).toBe(true);
    await lease.release();
    expect(lease.held).toBe(false);
  });

  it('on one network: others hear a copy, counters expire, one lease holder, passed on when released', async () => {
    const network = new MemoryNetwork();
    const a = memoryBroker(network);
    const b = memoryBroker(network);
    const heardA: unknown[] = [];
    const heardB: unknown[] = [];
    a.subscribe('x', (m) => heardA.push(m));
    b.subscribe('x', (m) => heardB.push(m));
    const sent = { n: 1 };
    a.publish('x', sent);
    await tick();
    expect(heardA).toEqual([]);
    expect(heardB).toEqual([{ n: 1 }]);
    expect(heardB[0]).not.toBe(sent);

    expect(await a.incr('c', 60_000)).toBe(1);
    expect(await b.incr('c', 60_000, 2)).toBe(3);
    expect(await a.incr('short', 1)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await b.get('short')).toBeNull();
    await a.set('k', 'v');
    expect(await b.get('k')).toBe('v');

    const leaseA = a.lease('job', 60);
    const leaseB = b.lease('job', 60);
    expect([leaseA.held, leaseB.held]).toEqual([true, false]);
    const taken = new Promise<boolean>((resolve) => leaseB.onChange(resolve));
    await a.close();
    expect(leaseA.held).toBe(false);
    expect(await taken).toBe(true);
    expect(leaseB.held).toBe(true);
  });

  it('ask: every other answerer answers a copy; nobody to ask alone; a silent answerer is counted', async () => {
    const lone = memoryBroker();
    lone.answer('q', () => 'mine');
    expect(await lone.ask('q', null, 1000)).toEqual({ answers: [], silent: 0 });

    const network = new MemoryNetwork();
    const a = memoryBroker(network);
    const b = memoryBroker(network);
    const c = memoryBroker(network);
    memoryBroker(network); // answers nothing on 'q', so it is not asked
    const questions: unknown[] = [];
    a.answer('q', () => 'from a');
    b.answer('q', (question) => {
      questions.push(question);
      return { heard: question };
    });
    c.answer('q', async () => 'from c');
    const sent = { n: 1 };
    const asked = await a.ask('q', sent, 1000);
    expect(asked.silent).toBe(0);
    expect(asked.answers).toHaveLength(2);
    expect(asked.answers).toEqual(expect.arrayContaining([{ heard: { n: 1 } }, 'from c']));
    expect(questions[0]).not.toBe(sent);

    let late: (answer: string) => void = () => undefined;
    c.answer('q', () => new Promise((resolve) => (late = resolve)));
    const started = Date.now();
    const partly = await a.ask('q', 2, 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(partly).toEqual({ answers: [{ heard: 2 }], silent: 1 });
    // An answer after the time is out changes nothing the asker holds.
    late('too late');
    await tick();
    expect(partly.answers).toEqual([{ heard: 2 }]);
  });

  it('two apps on one network: a push from A reaches the socket on B', async () => {
    const network = new MemoryNetwork();
    const a = await testApp({ broker: memoryBroker(network) });
    const b = await testApp({ broker: memoryBroker(network) });
    opened.push(a, b);
    expect([a.cluster.scheduler.held, b.cluster.scheduler.held]).toEqual([true, false]);

    const player = newPlayer();
    const body = { username: player.username, password: hashed(player.password), phone: player.phone, agree: true };
    await new TestClient(a).post('/api/user/custom/register', { ...body, smsCode: await signUpCode(a, player.phone) });
    const onB = new TestClient(b);
    // The same phone's send on B meets the cool-down A's send started (limits are the network's), and B's
    // outbox is B's own: B takes sign-ups without the code, as an operator may set it.
    expect((await opsClient(b).post('/ops/risk-settings', { signUpSmsCode: false })).body.success).toBe(true);
    const info = (await onB.post<{ uid: number }>('/api/user/custom/register', body)).body.data;
    const userId = (await b.services.users.byUid(info.uid))?.id ?? 0;
    const ws = await b.injectWS(`/webSocket/${info.uid}`, { headers: { cookie: onB.cookie } });
    const frames: Frame[] = [];
    const arrived = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data)) as Frame;
        frames.push(frame);
        if (frame.event === 'test.push') resolve();
      }),
    );
    const sid = a.socket.pushAny(userId, 'test.push', 'across');
    await arrived;
    expect(frames.find((f) => f.event === 'test.push')).toEqual({ event: 'test.push', sid, content: 'across' });
    ws.close();
  });
});
