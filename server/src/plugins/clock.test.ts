import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { opsClient, registerPlayer, testApp } from '../test/helpers';

let app: FastifyInstance;
afterEach(() => app.close());

describe('the clock owns the Manila day: one rollover for every domain', () => {
  it('a clock move across midnight emits clock.dayChanged once and pushes each daily counter once', async () => {
    app = await testApp();
    const { client, info } = await registerPlayer(app);
    const userId = app.services.users.byUid(info.uid)?.id as number;
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
