import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../../shared/codes';
import type { VipCard } from '../../../../shared/contract/vip';
import { opsClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { fund } from '../../test/money';
import { bet, deposit, gameSession, ledgerOf, type Player, player, rollback } from '../../test/play';
import { readWithdrawalsSeed } from '../withdraw/seed';
import { readVipSeed } from './seed';
import { levelReached, rebateDue } from './service';

type Rewards = { rewards: { type: string; amount: number }[] };

let app: FastifyInstance;
let me: Player;

beforeEach(async () => {
  app = await testApp(); // 2026-11-20 10:00 in Manila, a Friday
  me = await player(app);
});
afterEach(() => app.close());

const card = async (p = me) => {
  const answer = await p.client.get<VipCard>('/api/vip/card/fetch');
  expect(answer.body.success).toBe(true);
  return answer.body.data;
};
const claim = (what: 'daily' | 'monthly' | 'deposit' | 'rebate', p = me) =>
  p.client.post<Rewards>(`/api/vip/card/${what}/rewards/claim`);
/** Moves the clock to `iso` a few hours at a time, the player calling in between so the session stays alive. */
async function setClock(iso: string, players: Player[] = [me]) {
  const target = Date.parse(iso);
  while (app.clock.nowMs() < target) {
    const step = Math.min(target, app.clock.nowMs() + 12 * 3_600_000);
    await opsClient(app).post('/ops/clock', { set: new Date(step).toISOString() });
    for (const p of players) await p.client.get('/api/user/info');
  }
  if (app.clock.nowMs() !== target) await opsClient(app).post('/ops/clock', { set: iso });
}
const badge = async (p = me) =>
  (await p.client.get<{ vipTabRewardsNum: number }>('/api/badge/data')).body.data.vipTabRewardsNum;
const vipOf = async (p = me) => (await p.client.get<{ vip: number }>('/api/user/info')).body.data.vip;

/** Turnover through real lost bets, funded by an operator credit (which is not a deposit). */
async function play(p: Player, pesos: number) {
  await fund(app, p.uid, pesos);
  const session = await gameSession(app, p.client);
  await bet(app, session, pesos);
}

describe('the VIP card', () => {
  it('shows a new player at VIP 0 with the whole level table and the withdrawal limits per level', async () => {
    const data = await card();
    expect(data).toMatchObject({
      level: 0,
      nextLevel: 1,
      depositProgress: { current: 0, next: 1000, percent: 0 },
      turnoverProgress: { current: 0, next: 5000, percent: 0 },
      activenessPercent: 0,
      daily: { amount: 1, claimable: true, nextClaimAt: '2026-11-19T16:00:00.000Z', turnoverMultiple: 3 },
      monthly: { amount: 0, claimable: false, nextClaimAt: '2026-11-30T16:00:00.000Z', turnoverMultiple: 3 },
      depositRebate: { claimable: 0 },
      turnoverRebate: { claimable: 0 },
    });
    expect(data.levels.map((l) => l.level)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(data.levels[3]).toEqual({
      level: 3,
      depositThreshold: 20000,
      turnoverThreshold: 100000,
      dailyReward: 10,
      monthlyReward: 500,
      depositRebateRate: 0.4,
      rebateRate: 0.4,
      withdrawDailyLimit: 80000,
      withdrawDailyCount: 5,
      activenessDecayPercent: 10,
    });
  });

  it('keeps the level table and the withdrawal limits consistent: one limit per level, never lower higher up', () => {
    const levels = readVipSeed().levels;
    const limits = readWithdrawalsSeed().limits;
    expect(limits.map((l) => l.vipLevel)).toEqual(levels.map((l) => l.level));
    for (let i = 1; i < limits.length; i++) {
      const [previous, current] = [limits[i - 1], limits[i]] as [(typeof limits)[0], (typeof limits)[0]];
      expect(current.dailyAmount).toBeGreaterThan(previous.dailyAmount);
      expect(current.dailyCount).toBeGreaterThanOrEqual(previous.dailyCount);
    }
  });

  it('needs both thresholds to rise, never lowers a level, and the user info and withdrawal limit follow', async () => {
    await deposit(app, me.client, 1000);
    expect((await card()).level).toBe(0);
    await play(me, 4999);
    const almost = await card();
    expect(almost).toMatchObject({ level: 0, turnoverProgress: { current: 4999, next: 5000, percent: 99.98 } });
    expect(almost.depositProgress).toEqual({ current: 1000, next: 1000, percent: 100 });
    // One more peso of turnover: the bet itself raises the level, before any fetch.
    await fund(app, me.uid, 1);
    const session = await gameSession(app, me.client);
    const open = await bet(app, session, 1, false);
    expect((await app.services.users.byId(me.userId))?.vip_level).toBe(1);
    expect(await vipOf()).toBe(1);
    const limit = await inDb(app.db)
      .value<number>`SELECT w.daily_amount FROM withdraw_limits w JOIN users u ON u.vip_level = w.vip_level WHERE u.id = ${me.userId}`;
    expect(limit).toBe(3_000_000); // the withdrawal service reads the limit of users.vip_level
    // The bet is cancelled: turnover falls under the threshold, the level stays.
    await rollback(app, open);
    const after = await card();
    expect(after).toMatchObject({ level: 1, nextLevel: 2, turnoverProgress: { current: 4999, next: 25000 } });
    expect(await vipOf()).toBe(1);
  });

  it('reads the level after a bet only when the bet crossed a threshold; wins never', async () => {
    await deposit(app, me.client, 1000);
    await fund(app, me.uid, 10_000);
    const session = await gameSession(app, me.client);
    const sync = vi.spyOn(app.services.vip, 'sync');
    // 4,999 pesos of turnover in bets that each cross nothing (level 1 asks for 5,000), a win between them.
    await bet(app, session, 4000, true);
    await bet(app, session, 999, true);
    expect(sync).not.toHaveBeenCalled();
    expect((await app.services.users.byId(me.userId))?.vip_level).toBe(0);
    // The bet that crosses 5,000 reads and raises the level.
    await bet(app, session, 1, false);
    expect(sync).toHaveBeenCalledTimes(1);
    expect((await app.services.users.byId(me.userId))?.vip_level).toBe(1);
  });

  it('shows the top level with no next level and full progress', async () => {
    await inDb(app.db).run`UPDATE users SET vip_level = 10 WHERE id = ${me.userId}`;
    const data = await card();
    expect(data).toMatchObject({
      level: 10,
      nextLevel: null,
      depositProgress: { next: null, percent: 100 },
      turnoverProgress: { next: null, percent: 100 },
      daily: { amount: 800 },
    });
  });
});

describe('pure rules', () => {
  it('levelReached takes the highest level whose two thresholds are met', () => {
    const levels = [0, 1, 2].map((level) => ({
      level,
      deposit_threshold: level * 100,
      turnover_threshold: level * 500,
    })) as Parameters<typeof levelReached>[0];
    expect(levelReached(levels, 0, 0)).toBe(0);
    expect(levelReached(levels, 250, 500)).toBe(1);
    expect(levelReached(levels, 99, 5000)).toBe(0);
    expect(levelReached(levels, 200, 1000)).toBe(2);
  });

  it('rebateDue pays whole centavos and carries the fraction, and pays nothing below the watermark', () => {
    // 777.77 pesos at 0.2%: 155.554 centavos.
    expect(rebateDue(77_777, 0, 0, 20)).toEqual({ amount: 155, carry: 5540, mark: 77_777 });
    // The next 222.23 pesos with the carry: 44.446 + 0.554 = 45 centavos exactly.
    expect(rebateDue(100_000, 77_777, 5540, 20)).toEqual({ amount: 45, carry: 0, mark: 100_000 });
    expect(rebateDue(90_000, 100_000, 300, 20)).toEqual({ amount: 0, carry: 300, mark: 100_000 });
  });
});

describe('daily login reward', () => {
  it('pays once per Manila day, refuses again until midnight, then opens again', async () => {
    const before = (await ledgerOf(app, me.userId)).balance;
    const first = await claim('daily');
    expect(first.body).toMatchObject({ success: true, data: { rewards: [{ type: 'cash', amount: 1 }] } });
    expect((await ledgerOf(app, me.userId)).balance).toBe(before + 100);
    const journal = await inDb(app.db)
      .all`SELECT type, amount, reference FROM balance_journal WHERE user_id = ${me.userId} AND type = 'reward'`;
    expect(journal).toEqual([{ type: 'reward', amount: 100, reference: 'vip.daily:2026-11-20' }]);

    expect((await card()).daily).toMatchObject({
      amount: 1,
      claimable: false,
      nextClaimAt: '2026-11-20T16:00:00.000Z',
    });
    expect((await claim('daily')).body).toMatchObject({ success: false, code: Code.SIGN_IN_NOT_ARRIVED });

    await setClock('2026-11-20T23:59:59+08:00');
    expect((await claim('daily')).body.code).toBe(Code.SIGN_IN_NOT_ARRIVED);
    await setClock('2026-11-21T00:00:00+08:00');
    expect((await card()).daily.claimable).toBe(true);
    expect((await claim('daily')).body.success).toBe(true);
    const { balance, journal: sum } = await ledgerOf(app, me.userId);
    expect(balance).toBe(before + 200);
    expect(sum).toBe(balance);
  });

  it('pays the amount of the current level', async () => {
    await inDb(app.db).run`UPDATE users SET vip_level = 4 WHERE id = ${me.userId}`;
    expect((await claim('daily')).body.data.rewards).toEqual([{ type: 'cash', amount: 20 }]);
  });

  it('parallel claims: exactly one wins and the ledger moves once', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => claim('daily')));
    const wins = answers.filter((a) => a.body.success);
    expect(wins).toHaveLength(1);
    for (const a of answers.filter((x) => !x.body.success)) expect(a.body.code).toBe(Code.SIGN_IN_NOT_ARRIVED);
    expect(await ledgerOf(app, me.userId)).toEqual({ balance: 100, journal: 100 });
    const claims = await inDb(app.db).value<number>`SELECT COUNT(*) FROM reward_claims WHERE user_id = ${me.userId}`;
    expect(claims).toBe(1);
  });

  it("one player's claim leaves another's reward claimable", async () => {
    const other = await player(app);
    expect((await claim('daily', other)).body.success).toBe(true);
    expect((await card()).daily.claimable).toBe(true);
    expect((await claim('daily')).body.success).toBe(true);
  });
});

describe('monthly reward', () => {
  it('is nothing to claim at a level without one', async () => {
    expect((await claim('monthly')).body).toMatchObject({ success: false, code: Code.NOTHING_TO_CLAIM });
  });

  it('pays once per Manila month and opens again on the 1st at midnight Manila', async () => {
    await inDb(app.db).run`UPDATE users SET vip_level = 2 WHERE id = ${me.userId}`;
    expect((await card()).monthly).toMatchObject({
      amount: 150,
      claimable: true,
      nextClaimAt: '2026-10-31T16:00:00.000Z',
    });
    expect((await claim('monthly')).body.data.rewards).toEqual([{ type: 'cash', amount: 150 }]);
    expect((await card()).monthly).toMatchObject({
      amount: 150,
      claimable: false,
      nextClaimAt: '2026-11-30T16:00:00.000Z',
    });
    expect((await claim('monthly')).body.code).toBe(Code.SIGN_IN_NOT_ARRIVED);
    await setClock('2026-11-30T23:59:59+08:00');
    expect((await claim('monthly')).body.code).toBe(Code.SIGN_IN_NOT_ARRIVED);
    await setClock('2026-12-01T00:00:00+08:00');
    expect((await claim('monthly')).body.success).toBe(true);
    // December to January crosses the year.
    expect((await card()).monthly.nextClaimAt).toBe('2026-12-31T16:00:00.000Z');
    expect(await ledgerOf(app, me.userId)).toEqual({ balance: 30_000, journal: 30_000 });
  });
});

describe('rebates', () => {
  async function reachLevelOne() {
    await deposit(app, me.client, 1000);
    expect((await claim('deposit')).body.code).toBe(Code.NOTHING_TO_CLAIM); // VIP 0 has no deposit rebate
    await play(me, 5000);
    expect((await card()).level).toBe(1);
  }

  it('deposit rebate: the rate of the level times the deposits since the last claim, exact to the centavo', async () => {
    await reachLevelOne();
    expect((await card()).depositRebate.claimable).toBe(2); // 0.2% of 1,000
    expect((await claim('deposit')).body.data.rewards).toEqual([{ type: 'cash', amount: 2 }]);
    expect((await claim('deposit')).body.code).toBe(Code.NOTHING_TO_CLAIM);
    await deposit(app, me.client, 777.77);
    expect((await card()).depositRebate.claimable).toBe(1.55);
    expect((await claim('deposit')).body.data.rewards).toEqual([{ type: 'cash', amount: 1.55 }]);
    await deposit(app, me.client, 222.23);
    // The 0.554 centavo left over is not lost: 0.2% of the 1,000 deposited since the first claim is 2.00.
    expect((await claim('deposit')).body.data.rewards).toEqual([{ type: 'cash', amount: 0.45 }]);
    const rebates = await inDb(app.db)
      .value<number>`SELECT SUM(amount) FROM balance_journal WHERE user_id = ${me.userId} AND type = 'rebate'`;
    expect(rebates).toBe(400);
  });

  it('turnover rebate: bets minus rollbacks since the last claim; a cancelled bet already paid is made up first', async () => {
    await reachLevelOne();
    expect((await card()).turnoverRebate.claimable).toBe(10); // 0.2% of 5,000
    expect((await claim('rebate')).body.data.rewards).toEqual([{ type: 'cash', amount: 10 }]);
    expect((await claim('rebate')).body.code).toBe(Code.NOTHING_TO_CLAIM);

    await fund(app, me.uid, 1000);
    const session = await gameSession(app, me.client);
    const open = await bet(app, session, 100, false);
    expect((await card()).turnoverRebate.claimable).toBe(0.2);
    expect((await claim('rebate')).body.data.rewards).toEqual([{ type: 'cash', amount: 0.2 }]);
    await rollback(app, open);
    await bet(app, session, 100);
    expect((await card()).turnoverRebate.claimable).toBe(0);
    expect((await claim('rebate')).body.code).toBe(Code.NOTHING_TO_CLAIM);
    await bet(app, session, 50);
    expect((await card()).turnoverRebate.claimable).toBe(0.1);
  });

  it('parallel rebate claims: one wins, the ledger is exact', async () => {
    await reachLevelOne();
    const before = (await ledgerOf(app, me.userId)).balance;
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim('rebate')));
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(await ledgerOf(app, me.userId)).toEqual({ balance: before + 1000, journal: before + 1000 });
  });

  it("another player cannot take a player's rebate", async () => {
    await reachLevelOne();
    const other = await player(app);
    expect((await claim('deposit', other)).body.code).toBe(Code.NOTHING_TO_CLAIM);
    expect((await claim('rebate', other)).body.code).toBe(Code.NOTHING_TO_CLAIM);
    expect((await card()).depositRebate.claimable).toBe(2);
    expect((await ledgerOf(app, other.userId)).balance).toBe(0);
  });
});

describe('activeness', () => {
  it('is 100 on a deposit day and loses the level decay for each finished day without one', async () => {
    expect((await card()).activenessPercent).toBe(0);
    await deposit(app, me.client, 500);
    expect((await card()).activenessPercent).toBe(100);
    await setClock('2026-11-21T12:00:00+08:00');
    expect((await card()).activenessPercent).toBe(100); // today is not over yet
    await setClock('2026-11-22T00:00:00+08:00');
    expect((await card()).activenessPercent).toBe(80); // VIP 0 decays 20 a day
    await setClock('2026-11-24T00:00:00+08:00');
    expect((await card()).activenessPercent).toBe(40);
    await setClock('2026-11-30T00:00:00+08:00');
    expect((await card()).activenessPercent).toBe(0);
    await deposit(app, me.client, 100);
    expect((await card()).activenessPercent).toBe(100);
  });
});

describe('the VIP badge', () => {
  it('counts the claimable VIP rewards and pushes the new count after a claim and at Manila midnight', async () => {
    expect(await badge()).toBe(1); // the daily reward
    const pushed = vi.spyOn(app.socket, 'push');
    await claim('daily');
    expect(pushed).toHaveBeenCalledWith(me.userId, 'vip.tab.rewards.num', 0);
    expect(await badge()).toBe(0);

    await deposit(app, me.client, 1000);
    // Bets by a player with no socket open compute no badge (it is read afresh when a socket opens)...
    const counted = vi.spyOn(app.services.vip, 'claimableCount');
    await play(me, 2500);
    expect(counted).not.toHaveBeenCalled();
    // ...and by a listening one, once per turn of bets.
    vi.spyOn(app.socket, 'isConnected').mockImplementation((userId) => userId === me.userId);
    await play(me, 2500); // VIP 1: monthly, deposit and turnover rebates claimable
    expect(counted).toHaveBeenCalled();
    expect(pushed).toHaveBeenCalledWith(me.userId, 'vip.tab.rewards.num', 3);
    expect(await badge()).toBe(3);

    vi.spyOn(app.socket, 'connectedPlayers').mockReturnValue([me.userId]);
    pushed.mockClear();
    await setClock('2026-11-21T00:00:05+08:00');
    expect(pushed).toHaveBeenCalledWith(me.userId, 'vip.tab.rewards.num', 4);
  });
});

describe('operator view', () => {
  it("shows a player's VIP and friends cards to the operator token only", async () => {
    await deposit(app, me.client, 1000);
    const ops = await opsClient(app).get<{ uid: number; vip: VipCard; friends: { invitationCode: string } }>(
      `/ops/users/${me.uid}/vip`,
    );
    expect(ops.body.data).toMatchObject({
      uid: me.uid,
      username: me.username,
      vip: { level: 0, depositProgress: { current: 1000 }, activenessPercent: 100, daily: { claimable: true } },
      friends: { invitationCode: me.invitationCode, referrals: 0 },
    });
    expect(ops.body.data.vip).not.toHaveProperty('levels');
    expect((await opsClient(app).get('/ops/users/999999/vip')).body.code).toBe(Code.OPS_NOT_FOUND);
    expect((await me.client.get(`/ops/users/${me.uid}/vip`)).status).toBe(401);
  });
});
