import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { hashed, opsClient, registerPlayer, type TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { balanceOf, bindWallet, setTradePassword, verifyIdentity } from '../../test/money';
import { assertLedgerWhole } from '../ledger/whole';
import { bet, deposit } from './fixtures';

type Task = { code: string; period: string; unit: string; progress: number; target: number; status: string };
type Badge = { taskRewardNum: number; loginBonusRewardNum: number; dailyDepositSign: number };
type SignIn = {
  signUpBonus: number;
  freeDays: number;
  totalDays: number;
  minDeposit: number;
  depositedToday: number;
  signedDays: number;
  signedToday: boolean;
  nextDay: number | null;
  days: { day: number; status: string; rewards: { type: string; amount: number }[]; claimedAt: string | null }[];
};
type DailyDeposit = {
  day: string;
  deposited: number;
  turnoverMultiple: number;
  tiers: { tier: number; status: string }[];
};
type ReturnGift = { status: string; returnedAt: string | null; expiresAt: string | null; rewards: unknown[] };

let app: FastifyInstance;
let client: TestClient;
let uid: number;
let userId: number;
let typed: { username: string; password: string };

beforeEach(async () => {
  // 2026-11-30 10:00 in Manila: the last day of a month.
  app = await testApp({ frozenAt: new Date('2026-11-30T02:00:00.000Z') });
  const registered = await registerPlayer(app);
  client = registered.client;
  uid = registered.info.uid;
  typed = registered.player;
  userId = (await app.services.users.byUid(uid))?.id as number;
});
afterEach(() => app.close());

const setClock = (iso: string) => opsClient(app).post('/ops/clock', { set: iso });
const tasks = async () => (await client.get<{ day: string; tasks: Task[] }>('/api/task/fetch')).body.data;
const task = async (code: string) => (await tasks()).tasks.find((t) => t.code === code) as Task;
const claimTask = (code: string) => client.post<{ rewards: unknown[] }>('/api/task/claim', { code });
const badge = async () => (await client.get<Badge>('/api/badge/data')).body.data;
const signIn = async () => (await client.get<SignIn>('/api/bonus/signIn/fetch')).body.data;
const sign = (day: number) => client.post<{ rewards: unknown[] }>('/api/bonus/signIn/claim', { day });
const dailyDeposit = async () => (await client.get<DailyDeposit>('/api/bonus/dailyDeposit/fetch')).body.data;
const claimTier = (tier: number) => client.post<{ rewards: unknown[] }>('/api/bonus/dailyDeposit/claim', { tier });
const returnGift = async () => (await client.get<ReturnGift>('/api/bonus/returnGift/fetch')).body.data;
/** The wagering asked by the bonuses granted so far (each opens its own requirement). */
const owed = async () =>
  (await inDb(app.db)
    .value<number>`SELECT COALESCE(SUM(required), 0) FROM wagering_requirements WHERE user_id = ${userId}`) as number;
async function logIn() {
  const answer = await client.post('/api/user/login', { username: typed.username, password: hashed(typed.password) });
  if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
}

describe('tasks', () => {
  it('shows daily and one-time tasks with progress from real state', async () => {
    const list = await tasks();
    expect(list.day).toBe('2026-11-30');
    expect(list.tasks.map((t) => t.code)).toEqual([
      'daily_login',
      'daily_deposit_500',
      'daily_bet_1000',
      'daily_rounds_20',
      'set_trade_password',
      'bind_wallet',
      'verify_identity',
      'first_deposit',
      'invite_friend',
    ]);
    expect(list.tasks[0]).toMatchObject({
      period: 'daily',
      unit: 'count',
      progress: 1,
      target: 1,
      status: 'available',
    });
    expect(list.tasks[2]).toMatchObject({ unit: 'pesos', progress: 0, target: 1000, status: 'progress' });
    expect((await badge()).taskRewardNum).toBe(1);
  });

  it("tells each task's turnover multiple, so the claim screen can say what its cash requires", async () => {
    const list = (await tasks()).tasks as (Task & { turnoverMultiple?: number })[];
    const multiple = (code: string) => list.find((t) => t.code === code)?.turnoverMultiple;
    expect(multiple('first_deposit')).toBe(3);
    expect(multiple('daily_bet_1000')).toBe(1);
    // A task paying points only carries no wagering.
    expect(multiple('daily_login')).toBe(0);
  });

  it('a daily task is claimed once per Manila day and opens again after midnight', async () => {
    expect((await claimTask('daily_login')).body).toMatchObject({
      success: true,
      data: { rewards: [{ type: 'point', amount: 10 }] },
    });
    expect((await claimTask('daily_login')).body.code).toBe(Code.REWARD_ALREADY_CLAIMED);
    expect((await balanceOf(client)).point).toBe(10);
    expect((await task('daily_login')).status).toBe('claimed');
    expect((await badge()).taskRewardNum).toBe(0);

    await setClock('2026-11-30T23:59:59+08:00');
    expect((await task('daily_login')).status).toBe('claimed');
    // December 1st, past the month end: a new day; the player shows up again.
    await setClock('2026-12-01T00:00:00+08:00');
    await logIn();
    expect((await tasks()).day).toBe('2026-12-01');
    expect((await task('daily_login')).status).toBe('available');
    expect((await claimTask('daily_login')).body.success).toBe(true);
    expect((await balanceOf(client)).point).toBe(20);
    const keys = await inDb(app.db)
      .column<string>`SELECT reward_key FROM reward_claims WHERE source = 'task' ORDER BY id`;
    expect(keys).toEqual(['task:daily_login:2026-11-30', 'task:daily_login:2026-12-01']);
  });

  it('counts net bets of the day (rollbacks excluded) and pays cash with its turnover', async () => {
    await opsClient(app).post(`/ops/users/${uid}/adjust`, { amount: 5000, reason: 'test funding' });
    await setClock('2026-11-29T23:00:00+08:00');
    await bet(app, userId, 50_000, 'yesterday');
    await setClock('2026-11-30T10:00:00+08:00');
    await bet(app, userId, 60_000, 'r1');
    await bet(app, userId, 30_000, 'r2', true);
    await bet(app, userId, 39_999, 'r3');
    expect(await task('daily_bet_1000')).toMatchObject({ progress: 999.99, status: 'progress' });
    expect((await claimTask('daily_bet_1000')).body).toMatchObject({ success: false, code: Code.TASK_NOT_DONE });
    await bet(app, userId, 1, 'r4');
    expect(await task('daily_bet_1000')).toMatchObject({ progress: 1000, status: 'available' });
    expect(await task('daily_rounds_20')).toMatchObject({ progress: 3 });
    const before = await owed();
    expect((await claimTask('daily_bet_1000')).body.data).toEqual({ rewards: [{ type: 'cash', amount: 5 }] });
    expect((await owed()) - before).toBe(500);
    await assertLedgerWhole(app.db);
  });

  it('one-time tasks follow the account: password, wallet, identity, first deposit, a referral', async () => {
    await setTradePassword(client);
    await bindWallet(client);
    await verifyIdentity(app, client, uid);
    await deposit(app, client, 500);
    const me = (await client.get<{ invitationCode: string }>('/api/user/info')).body.data;
    await registerPlayer(app, { inviteCode: me.invitationCode });
    const once = (await tasks()).tasks.filter((t) => t.period === 'once');
    expect(once.map((t) => [t.code, t.status])).toEqual([
      ['set_trade_password', 'available'],
      ['bind_wallet', 'available'],
      ['verify_identity', 'available'],
      ['first_deposit', 'available'],
      ['invite_friend', 'available'],
    ]);
    expect((await badge()).taskRewardNum).toBe(7);
    for (const t of once) expect((await claimTask(t.code)).body.success).toBe(true);
    await setClock('2026-12-05T10:00:00+08:00');
    await logIn();
    expect((await tasks()).tasks.filter((t) => t.period === 'once').every((t) => t.status === 'claimed')).toBe(true);
    expect((await claimTask('bind_wallet')).body.code).toBe(Code.REWARD_ALREADY_CLAIMED);
  });

  it('refuses unknown tasks and malformed codes', async () => {
    expect((await claimTask('no_such_task')).body.code).toBe(Code.TASK_NOT_FOUND);
    expect((await claimTask('Bad Code')).body.code).toBe(Code.VALIDATION);
  });
});

describe('30 Day Bonus (sign-in)', () => {
  it('day 1 is the sign-up bonus; the next day is not arrived until the next Manila day', async () => {
    const state = await signIn();
    expect(state).toMatchObject({ signUpBonus: 18, freeDays: 7, totalDays: 30, signedDays: 0, nextDay: 1 });
    expect(state.days[0]).toMatchObject({ day: 1, status: 'available', rewards: [{ type: 'cash', amount: 18 }] });
    expect(state.days[1]?.status).toBe('locked');
    expect((await badge()).loginBonusRewardNum).toBe(1);

    const early = await sign(2);
    expect(early.body).toMatchObject({
      success: false,
      code: Code.SIGN_IN_NOT_ARRIVED,
      msg: 'Sign-in date not arrived',
    });
    expect((await sign(1)).body.data).toEqual({ rewards: [{ type: 'cash', amount: 18 }] });
    expect((await client.get<{ hasSignUp: boolean }>('/api/user/info')).body.data.hasSignUp).toBe(true);
    expect((await sign(1)).body.code).toBe(Code.REWARD_ALREADY_CLAIMED);
    expect((await sign(2)).body.code).toBe(Code.SIGN_IN_NOT_ARRIVED);
    expect(await signIn()).toMatchObject({ signedDays: 1, signedToday: true, nextDay: 2 });
    expect((await badge()).loginBonusRewardNum).toBe(0);

    await setClock('2026-11-30T23:59:59+08:00');
    expect((await sign(2)).body.code).toBe(Code.SIGN_IN_NOT_ARRIVED);
    await setClock('2026-12-01T00:00:00+08:00');
    await logIn();
    expect((await badge()).loginBonusRewardNum).toBe(1);
    expect((await sign(2)).body.data).toEqual({ rewards: [{ type: 'cash', amount: 2 }] });
    expect((await balanceOf(client)).balance).toBe(20);
    expect((await sign(31)).body.code).toBe(Code.TASK_NOT_FOUND);
  });

  it('after the free days a sign-in needs a deposit that day', async () => {
    for (let day = 1; day <= 7; day++) {
      await setClock(`2026-12-${String(day).padStart(2, '0')}T09:00:00+08:00`);
      await logIn();
      expect((await sign(day)).body.success).toBe(true);
    }
    await setClock('2026-12-08T09:00:00+08:00');
    await logIn();
    expect((await signIn()).days[7]?.status).toBe('deposit');
    const refused = await sign(8);
    expect(refused.body).toMatchObject({
      code: Code.SIGN_IN_DEPOSIT_REQUIRED,
      msg: 'Deposit at least ₱100.00 today to sign in',
    });
    expect((await badge()).loginBonusRewardNum).toBe(0);
    await deposit(app, client, 500);
    expect((await badge()).loginBonusRewardNum).toBe(1);
    expect((await sign(8)).body.data).toEqual({ rewards: [{ type: 'cash', amount: 5 }] });
    // 18+2+2+3+3+5+8 over the free week, then 5, and the 500 deposit; each cash bonus owes 1x turnover.
    expect((await balanceOf(client)).balance).toBe(546);
    expect(await owed()).toBe(4600);
  });

  it('parallel sign-ins of one day: exactly one is paid', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => sign(1)));
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect((await balanceOf(client)).balance).toBe(18);
    await assertLedgerWhole(app.db);
  });
});

describe('Daily Deposit Bonus', () => {
  it("unlocks tiers from today's deposits, pays each once a day with 10x turnover", async () => {
    expect(await dailyDeposit()).toMatchObject({ day: '2026-11-30', deposited: 0, turnoverMultiple: 10 });
    const early = await claimTier(1);
    expect(early.body).toMatchObject({
      code: Code.DAILY_DEPOSIT_NOT_REACHED,
      msg: 'Deposit ₱500.00 more today to claim this bonus',
    });

    await deposit(app, client, 600);
    expect((await dailyDeposit()).tiers.map((t) => t.status)).toEqual(['available', 'locked', 'locked']);
    expect((await badge()).dailyDepositSign).toBe(1);
    expect((await claimTier(2)).body.msg).toBe('Deposit ₱1,400.00 more today to claim this bonus');
    const before = await owed();
    expect((await claimTier(1)).body.data).toEqual({ rewards: [{ type: 'cash', amount: 8 }] });
    expect((await owed()) - before).toBe(8000);
    expect((await claimTier(1)).body.code).toBe(Code.REWARD_ALREADY_CLAIMED);
    expect((await badge()).dailyDepositSign).toBe(0);
    expect((await claimTier(9)).body.code).toBe(Code.TASK_NOT_FOUND);
  });

  it('counts deposits by Manila day across the month end', async () => {
    await setClock('2026-11-30T23:58:00+08:00');
    await deposit(app, client, 2500);
    expect((await dailyDeposit()).deposited).toBe(2500);
    await setClock('2026-12-01T00:00:00+08:00');
    await logIn();
    expect(await dailyDeposit()).toMatchObject({ day: '2026-12-01', deposited: 0 });
    expect((await claimTier(1)).body.code).toBe(Code.DAILY_DEPOSIT_NOT_REACHED);
    await deposit(app, client, 500);
    expect((await claimTier(1)).body.success).toBe(true);
    const keys = await inDb(app.db).column<string>`SELECT reward_key FROM reward_claims WHERE source = 'dailyDeposit'`;
    expect(keys).toEqual(['dailyDeposit:2026-12-01:1']);
  });
});

describe('Return Gift Pack', () => {
  it('is for a login after 7 days away, claimable once within 3 days', async () => {
    expect(await returnGift()).toMatchObject({ status: 'none', returnedAt: null });
    const refused = await client.post('/api/bonus/returnGift/claim');
    expect(refused.body).toMatchObject({
      code: Code.RETURN_GIFT_NOT_ELIGIBLE,
      msg: 'The return gift pack is for players coming back after 7 days away',
    });

    // 6 days 23 hours away is not a return.
    await setClock('2026-12-07T09:00:00+08:00');
    await logIn();
    expect((await returnGift()).status).toBe('none');
    // The last sign of life was that login; 7 days later is one.
    await setClock('2026-12-14T09:00:00+08:00');
    await logIn();
    const gift = await returnGift();
    expect(gift).toMatchObject({
      status: 'available',
      returnedAt: '2026-12-14T01:00:00.000Z',
      expiresAt: '2026-12-17T01:00:00.000Z',
    });
    const claimed = await client.post<{ rewards: unknown[] }>('/api/bonus/returnGift/claim');
    expect(claimed.body.data).toEqual({
      rewards: [
        { type: 'cash', amount: 50 },
        { type: 'coupon', amount: 1 },
      ],
    });
    expect((await client.post('/api/bonus/returnGift/claim')).body.code).toBe(Code.REWARD_ALREADY_CLAIMED);
    expect((await returnGift()).status).toBe('claimed');
    expect((await balanceOf(client)).balance).toBe(50);
    await setClock('2026-12-17T09:00:01+08:00');
    await logIn();
    expect((await returnGift()).status).toBe('none');
  });
});
