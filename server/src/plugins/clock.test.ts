import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { opsClient, registerPlayer, testApp } from '../test/helpers';

let app: FastifyInstance;
afterEach(() => app.close());

describe('the clock owns the Manila day: one rollover for every domain', () => {
  it('a clock move across midnight emits clock.dayChanged once and pushes each daily counter once', async () => {
    app = await testApp();
    const { client, info } = await registerPlayer(app);
    const userId = (await app.services.users.byUid(info.uid))?.id as number;
    const ws = await app.injectWS(`/webSocket/${info.uid}`, { headers: { cookie: client.cookie } });
    try {
      // Use what the day gives: the VIP daily reward, the free poker draw, the first sign-in.
      expect((await client.post('/api/vip/card/daily/rewards/claim')).body.success).toBe(true);
      expect((await client.post('/api/poker/draw')).body.success).toBe(true);
      expect((await client.post('/api/bonus/signIn/claim', { day: 1 })).body.success).toBe(true);
      expect((await client.get('/api/badge/data')).body.data).toMatchObject({
        vipTabRewardsNum: 0,
        inviteFriendToEarnNum: 0,
        loginBonusRewardNum: 0,
      });

      const days: unknown[] = [];
      app.events.on('clock.dayChanged', (e) => days.push(e));
      const push = vi.spyOn(app.socket, 'push');
      const counterPushes = () =>
        push.mock.calls
          .filter(([to, event]) => to === userId && event !== 'balance.changed')
          .map(([, event, content]) => [event, content]);

      await opsClient(app).post('/ops/clock', { set: '2026-11-21T00:00:01+08:00' });
      expect(days).toEqual([{ from: '2026-11-20', to: '2026-11-21' }]);
      const pushed = counterPushes();
      expect(pushed).toEqual(
        expect.arrayContaining([
          ['vip.tab.rewards.num', 1],
          ['invite.friends.spins', 1],
          ['badge.sign.up', 1],
        ]),
      );
      // Each event at most once: no domain handles the day on its own as well.
      const events = pushed.map(([event]) => event);
      expect(new Set(events).size).toBe(events.length);

      push.mockClear();
      await opsClient(app).post('/ops/clock', { advance: '3h' });
      expect(days).toHaveLength(1);
      expect(counterPushes()).toEqual([]);
    } finally {
      ws.terminate();
    }
  });

  it('a running clock reaches the real Manila midnight: one event, from one timer', async () => {
    app = await buildApp({});
    const days: unknown[] = [];
    app.events.on('clock.dayChanged', (e) => days.push(e));
    app.clock.set(new Date('2026-11-20T23:59:59.600+08:00'));
    days.length = 0; // the jump itself may have crossed from the real day
    await vi.waitFor(() => expect(days).toEqual([{ from: '2026-11-20', to: '2026-11-21' }]), {
      timeout: 3_000,
      interval: 50,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(days).toHaveLength(1);
  });
});

describe('the Manila day rollover', () => {
  it('emits clock.dayChanged when the clock crosses midnight in Manila, either way, and not otherwise', async () => {
    app = await testApp();
    const seen: { from: string; to: string }[] = [];
    app.events.on('clock.dayChanged', (e) => seen.push(e));
    const ops = opsClient(app);
    await ops.post('/ops/clock', { advance: '1h' });
    expect(seen).toEqual([]);
    await ops.post('/ops/clock', { set: '2026-11-21T00:00:00+08:00' });
    expect(seen).toEqual([{ from: '2026-11-20', to: '2026-11-21' }]);
    await ops.post('/ops/clock', { set: '2026-11-20T23:59:00+08:00' });
    expect(seen.at(-1)).toEqual({ from: '2026-11-21', to: '2026-11-20' });
    expect(seen).toHaveLength(2);
  });
});

describe('freeze, resume and real time (POST /ops/clock { action })', () => {
  type State = { now: string; manilaDay: string; offsetMs: number; frozen: boolean };
  let days: { from: string; to: string }[];
  /** A running app whose real time (Date and the timers) the test moves: the midnight timer fires for real. */
  async function runningApp(realNow: string) {
    vi.useFakeTimers({
      now: new Date(realNow),
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    app = await buildApp({});
    days = [];
    app.events.on('clock.dayChanged', (e) => days.push(e));
    const ops = opsClient(app);
    return async (body: object) => {
      const answer = await ops.post('/ops/clock', body);
      expect(answer.body.success).toBe(true);
      return answer.body.data as State;
    };
  }
  afterEach(() => vi.useRealTimers());

  it('freeze stands still at the current virtual instant: real midnight passes, the day does not turn', async () => {
    const clock = await runningApp('2026-11-20T12:00:00+08:00');
    await clock({ set: '2026-11-20T23:59:00+08:00' });
    const frozen = await clock({ action: 'freeze' });
    expect(frozen).toMatchObject({ now: '2026-11-20T15:59:00.000Z', frozen: true, manilaDay: '2026-11-20' });
    vi.advanceTimersByTime(5 * 60_000); // past the virtual midnight, timers and the 30 s check included
    expect(days).toEqual([]);
    expect((await opsClient(app).get('/ops/clock')).body.data).toMatchObject({ now: frozen.now, frozen: true });
    // A move while frozen moves it, and it stays frozen; crossing midnight turns the day once.
    expect(await clock({ advance: '2m' })).toMatchObject({ now: '2026-11-20T16:01:00.000Z', frozen: true });
    expect(days).toEqual([{ from: '2026-11-20', to: '2026-11-21' }]);
  });

  it('resume runs on from where it stood, and its midnight timer turns the day once', async () => {
    const clock = await runningApp('2026-11-20T12:00:00+08:00');
    await clock({ action: 'freeze' });
    await clock({ set: '2026-11-20T23:59:00+08:00' });
    vi.advanceTimersByTime(60 * 60_000); // an hour of real time stood still
    const resumed = await clock({ action: 'resume' });
    expect(resumed).toMatchObject({ now: '2026-11-20T15:59:00.000Z', frozen: false, manilaDay: '2026-11-20' });
    expect(days).toEqual([]);
    vi.advanceTimersByTime(59_000);
    expect(days).toEqual([]);
    vi.advanceTimersByTime(2_000);
    expect(days).toEqual([{ from: '2026-11-20', to: '2026-11-21' }]);
    vi.advanceTimersByTime(10 * 60_000);
    expect(days).toHaveLength(1);
    // Resuming a running clock changes nothing.
    const before = (await opsClient(app).get('/ops/clock')).body.data as State;
    expect(await clock({ action: 'resume' })).toMatchObject({ now: before.now, offsetMs: before.offsetMs });
  });

  it('real after a freeze across Manila midnight: offset 0, running, the day turns once to the real day', async () => {
    const clock = await runningApp('2026-11-25T23:58:00+08:00');
    await clock({ action: 'freeze' });
    await clock({ set: '2026-11-20T23:59:30+08:00' });
    expect(days).toEqual([{ from: '2026-11-25', to: '2026-11-20' }]); // the jump back itself
    days.length = 0;
    vi.advanceTimersByTime(4 * 60_000); // real time crosses its own midnight while the clock stands still
    expect(days).toEqual([]);
    const real = await clock({ action: 'real' });
    expect(real).toMatchObject({
      now: '2026-11-25T16:02:00.000Z',
      manilaDay: '2026-11-26',
      offsetMs: 0,
      frozen: false,
    });
    expect(days).toEqual([{ from: '2026-11-20', to: '2026-11-26' }]);
    // It runs with real time again: the next real midnight turns the day once, from its timer.
    vi.advanceTimersByTime(24 * 3_600_000);
    expect(days).toEqual([
      { from: '2026-11-20', to: '2026-11-26' },
      { from: '2026-11-26', to: '2026-11-27' },
    ]);
  });

  it('real on a running clock in the same day turns no day; a bad action is a validation error', async () => {
    const clock = await runningApp('2026-11-20T09:00:00+08:00');
    await clock({ advance: '3h' });
    expect(await clock({ action: 'real' })).toMatchObject({ now: '2026-11-20T01:00:00.000Z', offsetMs: 0 });
    expect(days).toEqual([]);
    const ops = opsClient(app);
    expect((await ops.post('/ops/clock', { action: 'stop' })).body.code).toBe(10001);
    expect((await ops.post('/ops/clock', { action: 'freeze', advance: '1h' })).body.code).toBe(10001);
  });

  it('a frozen clock stays frozen at its instant across a restart; once resumed, it runs after the next', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clock-'));
    const config = testConfig({ dbFile: join(dir, 'casino.db') });
    try {
      vi.useFakeTimers({ now: new Date('2026-11-20T12:00:00+08:00'), toFake: ['Date'] });
      app = await buildApp({ config });
      await opsClient(app).post('/ops/clock', { set: '2026-12-24T20:00:00+08:00' });
      await opsClient(app).post('/ops/clock', { action: 'freeze' });
      await app.close();
      vi.setSystemTime(new Date('2026-11-20T15:00:00+08:00'));
      app = await buildApp({ config });
      expect(app.clock.frozen).toBe(true);
      expect(app.clock.iso()).toBe('2026-12-24T12:00:00.000Z');
      await opsClient(app).post('/ops/clock', { action: 'resume' });
      await app.close();
      vi.setSystemTime(new Date('2026-11-20T16:00:00+08:00'));
      app = await buildApp({ config });
      expect(app.clock.frozen).toBe(false);
      expect(app.clock.iso()).toBe('2026-12-24T13:00:00.000Z');
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
