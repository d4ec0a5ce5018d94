import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../../shared/codes';
import { migrate, openDatabase, readMigrations } from '../../db/database';
import { opsClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { fund } from '../../test/money';
import { bet, deposit, gameSession, ledgerOf, type Player, player, rollback } from '../../test/play';
import { maskUsername } from './service';

type Rewards = { rewards: { type: string; amount: number }[] };
type FriendCard = {
  invitationCode: string;
  shareUrl: string;
  referrals: number;
  depositingReferrals: number;
  energy: number;
  depositRebate: { rate: number; claimable: number; totalEarned: number };
  turnoverRebate: { rate: number; claimable: number; totalEarned: number };
};
type RecordRow = {
  id: number;
  kind: string;
  friendName: string;
  baseAmount: number;
  amount: number;
  claimed: boolean;
  createdAt: string;
};
type Rankings = {
  period: { periodId: string; startAt: string; endAt: string };
  list: { rank: number; username: string; invites: number }[];
  prizes: { rankFrom: number; rankTo: number; rewards: { type: string; amount: number }[] }[];
  me: { rank: number | null; invites: number };
  claimable: { periodId: string; rank: number; rewards: { type: string; amount: number }[] } | null;
};

let app: FastifyInstance;
let inviter: Player;

beforeEach(async () => {
  app = await testApp(); // 2026-11-20 10:00 in Manila, a Friday
  inviter = await player(app);
});
afterEach(() => app.close());

const friendCard = async (p = inviter) => (await p.client.get<FriendCard>('/api/friend/card/fetch')).body.data;
const records = async (p = inviter, query: Record<string, string | number> = {}) =>
  (await p.client.get<{ list: RecordRow[]; total: number }>('/api/friend/card/rewards/record', query)).body.data;
const claim = (what: 'deposit' | 'turnover', p = inviter) =>
  p.client.post<Rewards>(`/api/friend/card/${what}/rewards/claim`);
const rankings = async (p = inviter) => (await p.client.get<Rankings>('/api/invite/rankings/fetch')).body.data;
const claimRanking = (periodId: string, p = inviter) =>
  p.client.post<Rewards>('/api/invite/rankings/claim', { periodId });

async function setClock(iso: string, players: Player[]) {
  const target = Date.parse(iso);
  while (app.clock.nowMs() < target) {
    const step = Math.min(target, app.clock.nowMs() + 12 * 3_600_000);
    await opsClient(app).post('/ops/clock', { set: new Date(step).toISOString() });
    for (const p of players) await p.client.get('/api/user/info');
  }
}

async function play(p: Player, pesos: number) {
  await fund(app, p.uid, pesos);
  await bet(app, await gameSession(app, p.client), pesos);
  await settled();
}

/** Lets the per-turn work of the bets (the friends turnover sync, the ranking qualification) run. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Bets `pesos` the player already holds (a deposit), one lost round, and lets the turnover sync run. */
async function wager(p: Player, pesos: number) {
  await bet(app, await gameSession(app, p.client), pesos);
  await settled();
}

describe('the friends card', () => {
  it('shows the invitation code, share link and the rebate rates of a player without referrals', async () => {
    const data = await friendCard();
    expect(data).toEqual({
      invitationCode: inviter.invitationCode,
      shareUrl: `${app.config.publicUrl}/register?inviteCode=${inviter.invitationCode}`,
      referrals: 0,
      depositingReferrals: 0,
      energy: 0,
      depositRebate: { rate: 1, claimable: 0, totalEarned: 0 },
      turnoverRebate: { rate: 0.2, claimable: 0, totalEarned: 0 },
    });
    expect(await records()).toMatchObject({ list: [], total: 0 });
    expect((await claim('deposit')).body.code).toBe(Code.NOTHING_TO_CLAIM);
    expect((await claim('turnover')).body.code).toBe(Code.NOTHING_TO_CLAIM);
  });

  it('earns the referral deposit rebate per deposit, energy once per depositing referral, and pays it once', async () => {
    const friend = await player(app, inviter.invitationCode);
    await player(app, inviter.invitationCode); // a referral who never deposits
    await deposit(app, friend.client, 1000);
    await deposit(app, friend.client, 555.55);
    // earned, but claimable only once the referral has bet its deposits: a deposit withdrawn unplayed (the
    // self-referral farm: deposit, withdraw, claim, again) earns the inviter nothing
    expect(await friendCard()).toMatchObject({ depositRebate: { rate: 1, claimable: 0, totalEarned: 0 } });
    expect((await claim('deposit')).body.code).toBe(Code.NOTHING_TO_CLAIM);
    await wager(friend, 1555);
    expect((await friendCard()).depositRebate.claimable).toBe(0); // 0.55 of the deposits not bet yet
    await wager(friend, 0.55);
    const data = await friendCard();
    expect(data).toMatchObject({
      referrals: 2,
      depositingReferrals: 1,
      energy: 1,
      depositRebate: { rate: 1, claimable: 15.55, totalEarned: 0 },
    });
    const list = (await records(inviter, { kind: 'deposit' })).list;
    expect(list.map((r) => [r.kind, r.friendName, r.baseAmount, r.amount, r.claimed])).toEqual([
      ['deposit', maskUsername(friend.username), 555.55, 5.55, false],
      ['deposit', maskUsername(friend.username), 1000, 10, false],
    ]);
    expect(list[0]?.friendName).toMatch(/^\w{2}\*\*\*\w{2}$/);

    expect((await claim('deposit')).body.data.rewards).toEqual([{ type: 'cash', amount: 15.55 }]);
    expect((await claim('deposit')).body.code).toBe(Code.NOTHING_TO_CLAIM);
    expect((await friendCard()).depositRebate).toEqual({ rate: 1, claimable: 0, totalEarned: 15.55 });
    expect((await records(inviter, { kind: 'deposit' })).list.every((r) => r.claimed)).toBe(true);
    expect(await ledgerOf(app, inviter.userId)).toEqual({ balance: 1555, journal: 1555 });
    // The friend's own card earns nothing from the inviter.
    expect((await claim('deposit', friend)).body.code).toBe(Code.NOTHING_TO_CLAIM);
    const badge = await inviter.client.get<{ inviteFriendEnergy: number }>('/api/badge/data');
    expect(badge.body.data.inviteFriendEnergy).toBe(1);
  });

  it('pushes the energy badge when a referral deposits for the first time', async () => {
    const friend = await player(app, inviter.invitationCode);
    await inviter.client.get('/api/badge/data');
    const pushed = vi.spyOn(app.socket, 'push');
    await deposit(app, friend.client, 500);
    expect(pushed).toHaveBeenCalledWith(inviter.userId, 'invite.friends.energy', 1);
  });

  it('earns the turnover rebate on one row per referral and Manila day, net of cancelled bets', async () => {
    const friend = await player(app, inviter.invitationCode);
    await play(friend, 1000);
    await play(friend, 500);
    expect((await friendCard()).turnoverRebate.claimable).toBe(3); // 0.2% of 1,500
    let rows = (await records(inviter, { kind: 'turnover' })).list;
    expect(rows.map((r) => [r.baseAmount, r.amount, r.claimed])).toEqual([[1500, 3, false]]);

    await setClock('2026-11-21T00:00:00+08:00', [inviter, friend]);
    await fund(app, friend.uid, 300);
    const session = await gameSession(app, friend.client);
    const open = await bet(app, await gameSession(app, friend.client), 200, false);
    rows = (await records(inviter, { kind: 'turnover' })).list;
    expect(rows.map((r) => [r.baseAmount, r.amount])).toEqual([
      [200, 0.4],
      [1500, 3],
    ]);
    await rollback(app, open);
    await bet(app, session, 200); // makes up the cancelled bet: nothing new accrues
    expect((await friendCard()).turnoverRebate.claimable).toBe(3.4);

    expect((await claim('turnover')).body.data.rewards).toEqual([{ type: 'cash', amount: 3.4 }]);
    expect((await friendCard()).turnoverRebate).toEqual({ rate: 0.2, claimable: 0, totalEarned: 3.4 });
    // Bets after the claim start a new row for the same day.
    await bet(app, session, 100);
    rows = (await records(inviter, { kind: 'turnover' })).list;
    expect(rows.map((r) => [r.baseAmount, r.amount, r.claimed])).toEqual([
      [100, 0.2, false],
      [200, 0.4, true],
      [1500, 3, true],
    ]);
  });

  it('counts only the turnover after a superior is bound later', async () => {
    const late = await player(app);
    await play(late, 300);
    expect((await late.client.post('/api/user/bind', { inviteCode: inviter.invitationCode })).body.success).toBe(true);
    expect((await friendCard()).turnoverRebate.claimable).toBe(0);
    await play(late, 100);
    expect((await friendCard()).turnoverRebate.claimable).toBe(0.2);
  });

  it('bound between two bets of one open game page: the next bet credits the inviter at once, card unopened', async () => {
    const late = await player(app);
    await fund(app, late.uid, 400);
    const session = await gameSession(app, late.client);
    await bet(app, session, 300);
    await settled();
    expect((await late.client.post('/api/user/bind', { inviteCode: inviter.invitationCode })).body.success).toBe(true);
    app.clock.advance(1000); // a bet in the bind's own millisecond counts as before it (turnoverBefore: <=)
    // The same page bets on: its launch query reads the inviter now, so the bet's own sync credits it (the
    // inviter has not opened the card, which would catch up too).
    await bet(app, session, 100);
    await settled();
    expect(
      await inDb(app.db)
        .value`SELECT base_amount FROM friend_rewards WHERE user_id = ${inviter.userId} AND kind = 'turnover'`,
    ).toBe(10_000);
    expect((await friendCard()).turnoverRebate.claimable).toBe(0.2);
  });

  it('a bet whose sync read no inviter just before the bind: its turnover is not lost, the card catches it up', async () => {
    const late = await player(app);
    await fund(app, late.uid, 400);
    const session = await gameSession(app, late.client);
    expect((await late.client.post('/api/user/bind', { inviteCode: inviter.invitationCode })).body.success).toBe(true);
    app.clock.advance(1000);
    // As when the bet's launch query ran before the bind committed: the bet's sync is skipped (invited false).
    const sync = vi.spyOn(app.services.friends, 'syncTurnover').mockResolvedValueOnce(undefined);
    await bet(app, session, 100, false);
    await settled();
    expect(sync).toHaveBeenCalledTimes(1);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM friend_rewards WHERE kind = 'turnover'`).toBe(0);
    sync.mockRestore();
    expect((await friendCard()).turnoverRebate.claimable).toBe(0.2);
    // And a claim catches up by itself too: it pays what the card showed, once.
    expect((await claim('turnover')).body.data.rewards).toEqual([{ type: 'cash', amount: 0.2 }]);
    expect((await claim('turnover')).body.code).toBe(Code.NOTHING_TO_CLAIM);
  });

  it('parallel claims: exactly one wins and the ledger is exact', async () => {
    const friend = await player(app, inviter.invitationCode);
    await deposit(app, friend.client, 2000);
    await wager(friend, 2000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim('deposit')));
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(await ledgerOf(app, inviter.userId)).toEqual({ balance: 2000, journal: 2000 });
  });

  it('pages the records and filters them by kind', async () => {
    const friend = await player(app, inviter.invitationCode);
    await deposit(app, friend.client, 500);
    await deposit(app, friend.client, 600);
    await deposit(app, friend.client, 700);
    const page = await records(inviter, { page: 2, size: 2 });
    expect(page).toMatchObject({ total: 3 });
    expect(page.list.map((r) => r.baseAmount)).toEqual([500]);
    expect((await records(inviter, { kind: 'ranking' })).total).toBe(0);
    const bad = await inviter.client.get('/api/friend/card/rewards/record', { kind: 'bonus' });
    expect(bad.body).toMatchObject({ success: false, code: Code.VALIDATION });
  });
});

describe('the invite ranking', () => {
  it('ranks by referrals that deposited and wagered, in the Manila week, ties going to who qualified first', async () => {
    const second = await player(app);
    const third = await player(app);
    const a1 = await player(app, inviter.invitationCode);
    const b1 = await player(app, second.invitationCode);
    const a2 = await player(app, inviter.invitationCode);
    const b2 = await player(app, second.invitationCode);
    const c1 = await player(app, third.invitationCode);
    const c2 = await player(app, third.invitationCode);
    await deposit(app, b1.client, 500);
    await deposit(app, a1.client, 500);
    await deposit(app, a1.client, 800); // a repeat deposit does not count again, nor raise the bar (500)
    await deposit(app, b2.client, 500); // the second inviter's two referrals deposited first...
    app.clock.advance(60_000);
    await deposit(app, a2.client, 500);
    await deposit(app, c1.client, 500);
    await deposit(app, c2.client, 500);
    // Deposits alone rank no one.
    expect((await rankings()).list).toEqual([]);
    expect((await rankings()).me).toEqual({ rank: null, invites: 0 });

    await wager(b1, 500);
    await wager(a1, 500);
    app.clock.advance(60_000);
    await wager(a2, 500); // ...but the inviter's second referral wagers its deposit first
    app.clock.advance(60_000);
    await wager(b2, 500);
    await wager(c1, 500);
    await wager(c2, 499.99); // a centavo short of its deposit: not counted

    const data = await rankings();
    expect(data.period).toEqual({
      periodId: '2026-11-16',
      startAt: '2026-11-15T16:00:00.000Z',
      endAt: '2026-11-22T16:00:00.000Z',
    });
    expect(data.list).toEqual([
      { rank: 1, username: maskUsername(inviter.username), invites: 2 },
      { rank: 2, username: maskUsername(second.username), invites: 2 },
      { rank: 3, username: maskUsername(third.username), invites: 1 },
    ]);
    expect(data.me).toEqual({ rank: 1, invites: 2 });
    expect(data.prizes[0]).toEqual({ rankFrom: 1, rankTo: 1, rewards: [{ type: 'cash', amount: 1000 }] });
    expect(data.claimable).toBeNull();
    expect((await rankings(a1)).me).toEqual({ rank: null, invites: 0 });
    // The energy stays on the first deposit: one per depositing referral, wagered or not.
    expect((await friendCard(third)).energy).toBe(2);
  });

  it('counts a referral in the week it wagered its deposit, not the week it deposited; not on a bet rolled back', async () => {
    const friend = await player(app, inviter.invitationCode);
    await deposit(app, friend.client, 500); // Friday 2026-11-20, week 2026-11-16
    await wager(friend, 300);
    expect((await rankings()).me).toEqual({ rank: null, invites: 0 });
    expect((await friendCard()).energy).toBe(1);

    await setClock('2026-11-23T09:00:00+08:00', [inviter, friend]); // Monday: a new week
    expect((await rankings()).claimable).toBeNull();
    expect((await claimRanking('2026-11-16')).body.code).toBe(Code.NOTHING_TO_CLAIM);

    // The last 200 of the deposit in a round left open: turnover 500, but an open round's bet can still be
    // rolled back (a Mines round left untouched is voided), so the referral does not count yet.
    const open = await bet(app, await gameSession(app, friend.client), 200, false);
    await settled();
    expect((await rankings()).me).toEqual({ rank: null, invites: 0 });
    // The provider cancels that round: the turnover goes back to 300, nothing was counted.
    await rollback(app, open);
    await settled();
    expect(await inDb(app.db).value`SELECT turnover_total FROM account_counters WHERE user_id = ${friend.userId}`).toBe(
      30_000,
    );
    expect((await rankings()).me).toEqual({ rank: null, invites: 0 });
    // 200 bet and settled: the referral counts this week.
    await wager(friend, 200);
    let now = await rankings();
    expect(now.period.periodId).toBe('2026-11-23');
    expect(now.me).toEqual({ rank: 1, invites: 1 });

    await setClock('2026-11-30T00:00:00+08:00', [inviter, friend]);
    now = await rankings();
    expect(now.me).toEqual({ rank: null, invites: 0 });
    expect(now.claimable).toEqual({ periodId: '2026-11-23', rank: 1, rewards: [{ type: 'cash', amount: 1000 }] });
    expect((await claimRanking('2026-11-23')).body.data.rewards).toEqual([{ type: 'cash', amount: 1000 }]);
    expect((await claimRanking('2026-11-16')).body.code).toBe(Code.NOTHING_TO_CLAIM);
    // Turnover enough again this week: the referral stays counted once, in the week it first qualified.
    await play(friend, 200);
    expect((await rankings()).me).toEqual({ rank: null, invites: 0 });
  });

  it('counts at once a first deposit made after enough turnover (bets with bonus money first)', async () => {
    const friend = await player(app, inviter.invitationCode);
    await play(friend, 1000); // operator-credited money, wagered before any deposit
    expect((await rankings()).me).toEqual({ rank: null, invites: 0 });
    await deposit(app, friend.client, 1000);
    expect((await rankings()).me).toEqual({ rank: 1, invites: 1 });

    const short = await player(app, inviter.invitationCode);
    await play(short, 999);
    await deposit(app, short.client, 1000); // 999 of turnover for a 1,000 deposit: not yet
    expect((await rankings()).me).toEqual({ rank: 1, invites: 1 });
    await wager(short, 1);
    expect((await rankings()).me).toEqual({ rank: 1, invites: 2 });
  });

  it('pays the prize of a finished week once, to the ranked player only; a deposit alone wins nothing', async () => {
    const outsider = await player(app);
    const rival = await player(app);
    const friend = await player(app, inviter.invitationCode);
    const rivalFriend = await player(app, rival.invitationCode);
    await deposit(app, rivalFriend.client, 5000); // the "one friend who deposits" attempt: never wagered
    await setClock('2026-11-22T23:59:59+08:00', [inviter, friend, outsider, rival, rivalFriend]); // Sunday, the last second of the week
    await deposit(app, friend.client, 500);
    await wager(friend, 500);
    expect((await claimRanking('2026-11-16')).body.code).toBe(Code.RANKING_PERIOD_RUNNING);
    expect((await rankings(rival)).me).toEqual({ rank: null, invites: 0 });

    await setClock('2026-11-23T00:00:00+08:00', [inviter, friend, outsider, rival, rivalFriend]); // Monday: a new week
    const now = await rankings();
    expect(now.period.periodId).toBe('2026-11-23');
    expect(now.list).toEqual([]);
    expect(now.claimable).toEqual({ periodId: '2026-11-16', rank: 1, rewards: [{ type: 'cash', amount: 1000 }] });

    expect((await rankings(rival)).claimable).toBeNull();
    expect((await claimRanking('2026-11-16', rival)).body.code).toBe(Code.NOTHING_TO_CLAIM);
    expect((await claimRanking('2026-11-16', outsider)).body.code).toBe(Code.NOTHING_TO_CLAIM);
    const answers = await Promise.all([
      claimRanking('2026-11-16'),
      claimRanking('2026-11-16'),
      claimRanking('2026-11-16'),
    ]);
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(answers.filter((a) => !a.body.success).map((a) => a.body.code)).toEqual([
      Code.REWARD_ALREADY_CLAIMED,
      Code.REWARD_ALREADY_CLAIMED,
    ]);
    expect(await ledgerOf(app, inviter.userId)).toEqual({ balance: 100_000, journal: 100_000 });
    expect(await ledgerOf(app, rival.userId)).toEqual({ balance: 0, journal: 0 });
    // the prize is a bonus: wagered (rankingPrizes of reward-wagering.json) before it can be withdrawn
    const wagering = await inviter.client.get<{ withdrawalAmount: number; list: object[] }>('/api/withdraw/wagering');
    expect(wagering.body.data).toMatchObject({
      withdrawalAmount: 0,
      list: [
        expect.objectContaining({
          source: 'ranking',
          bonus: 1000,
          turnoverRequired: 1000 * app.services.grants.wagering.rankingPrizes,
        }),
      ],
    });
    expect(app.services.grants.wagering.rankingPrizes).toBeGreaterThan(0);
    expect((await rankings()).claimable).toBeNull();
    const ranking = (await records(inviter, { kind: 'ranking' })).list;
    expect(ranking.map((r) => [r.kind, r.friendName, r.baseAmount, r.amount, r.claimed])).toEqual([
      ['ranking', '', 0, 1000, true],
    ]);
  });

  it('refuses unknown, running and future periods', async () => {
    for (const periodId of ['abc', '2026-11-17', '2026-02-30', '2026-11-30']) {
      expect((await claimRanking(periodId)).body.code).toBe(Code.RANKING_PERIOD_UNKNOWN);
    }
    expect((await claimRanking('2026-11-16')).body.code).toBe(Code.RANKING_PERIOD_RUNNING);
    expect((await claimRanking('2026-11-09')).body.code).toBe(Code.NOTHING_TO_CLAIM);
    expect((await inviter.client.post('/api/invite/rankings/claim', {})).body.code).toBe(Code.VALIDATION);
  });
});

describe('migration 0049_ranking_qualified', () => {
  it('grandfathers the first deposits already there: qualified in the week of their deposit, at its time', () => {
    const db = openDatabase(':memory:');
    try {
      const all = readMigrations();
      migrate(
        db,
        all.filter((m) => m.version < 49),
      );
      db.pragma('foreign_keys = OFF'); // two rows alone, without their players
      db.prepare(
        `INSERT INTO referral_first_deposits (friend_id, user_id, period_id, order_no, deposited_at)
         VALUES (11, 1, '2026-11-09', 'D1', '2026-11-10T01:00:00.000Z'), (12, 1, '2026-11-16', 'D2', '2026-11-17T02:00:00.000Z')`,
      ).run();
      expect(migrate(db, all)).toEqual([
        '0049_ranking_qualified',
        ...all.filter((m) => m.version > 49).map((m) => m.name),
      ]);
      expect(
        db
          .prepare(
            'SELECT friend_id, amount, qualified_period_id, qualified_at FROM referral_first_deposits ORDER BY friend_id',
          )
          .all(),
      ).toEqual([
        { friend_id: 11, amount: 0, qualified_period_id: '2026-11-09', qualified_at: '2026-11-10T01:00:00.000Z' },
        { friend_id: 12, amount: 0, qualified_period_id: '2026-11-16', qualified_at: '2026-11-17T02:00:00.000Z' },
      ]);
      expect(
        db
          .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'referral_first_deposits' ORDER BY name",
          )
          .pluck()
          .all(),
      ).toEqual(['referral_first_deposits_qualified_period', 'referral_first_deposits_user_qualified']);
    } finally {
      db.close();
    }
  });
});
