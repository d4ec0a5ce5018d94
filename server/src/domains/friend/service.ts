import { Code } from '../../../../shared/codes';
import type {
  friendCardSchema,
  friendRewardRecordSchema,
  inviteRankingsSchema,
} from '../../../../shared/contract/friend';
import type { Reward } from '../../../../shared/contract/reward';
import { toCentavos, toPesos } from '../../../../shared/money';
import { manilaDay } from '../../../../shared/time';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { EventBus } from '../../plugins/events';
import type { GrantedReward, RewardGrants } from '../reward/grant';
import { isWeekId, manilaWeekId, weekBounds } from '../vip/periods';
import { type FriendSettings, type RankingSettings, toBasisPoints } from '../vip/seed';
import { createFriendRepo, type FriendRewardKind, type FriendRewardRow } from './repo';

type FriendCard = import('zod').infer<typeof friendCardSchema>;
type RecordView = import('zod').infer<typeof friendRewardRecordSchema>;
type InviteRankings = import('zod').infer<typeof inviteRankingsSchema>;

/** Finished periods looked back through for an unclaimed ranking prize. */
const RANKING_LOOKBACK = 12;

/** "player123456" -> "pl***56": enough to recognise a friend, not to find the account. */
export const maskUsername = (name: string) =>
  name.length <= 4 ? `${name.slice(0, 1)}***` : `${name.slice(0, 2)}***${name.slice(-2)}`;

/** Rebate of one amount at a rate in basis points, rounded down to the centavo. */
const rebateOf = (base: number, bp: number) => Math.floor((base * bp) / 10_000);

/** A seeded prize (wire form) as the grant wants it: cash in centavos. */
function toGranted(r: Reward): GrantedReward {
  if (r.type === 'cash') return { type: 'cash', amount: toCentavos(r.amount), ...(r.info ? { info: r.info } : {}) };
  if (r.type === 'coupon') throw new Error('Ranking prizes cannot be coupons');
  return { type: r.type, amount: r.amount, ...(r.info ? { info: r.info } : {}) };
}

/**
 * Friends: rebates on the deposits and turnover of the players who bound this player as their superior,
 * invite-friends energy for each referral's first deposit, and the weekly invite ranking.
 */
export function createFriendService(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  grants: RewardGrants;
  settings: () => Promise<{ friends: FriendSettings; ranking: RankingSettings }>;
  share: (userId: number) => Promise<{ shareUrl: string; invitationCode: string }>;
  /** The player has a game round whose bet is not settled yet (domains/play). */
  hasOpenRound: (userId: number) => Promise<boolean>;
}) {
  const { db, clock, grants } = deps;
  const repo = createFriendRepo(db);
  const rates = async () => {
    const f = (await deps.settings()).friends;
    return { deposit: toBasisPoints(f.depositRebateRate), turnover: toBasisPoints(f.turnoverRebateRate) };
  };

  /**
   * The ranking counts a referral once it deposited AND wagered (issue 29): its first deposit row qualifies,
   * in the Manila week of now, when the referral's lifetime turnover reaches qualifyingTurnoverMultiple times
   * that deposit. Checked after the referral's balance moves (syncTurnover: bets, wins, rollbacks) and at the
   * first deposit itself (turnover made before it already counts). Only while the referral has no round
   * open: an open round's bet can still be rolled back (a Mines round left untouched is voided after 10
   * minutes), and a qualification bought with a bet that is then taken back would cost nothing. Rounds are
   * not rolled back once settled, so a qualified referral stays counted in its week.
   */
  async function qualify(friendId: number) {
    if (await deps.hasOpenRound(friendId)) return;
    // A vip_settings row written before the setting existed (a restored snapshot) reads as the seed's 1.
    const multiple = (await deps.settings()).ranking.qualifyingTurnoverMultiple ?? 1;
    await repo.qualify({ friendId, multiple, periodId: manilaWeekId(clock.now()), now: clock.iso() });
  }

  /** A referral's deposit succeeded: the inviter earns its rebate, and energy for a first one. */
  async function onDeposit(e: { userId: number; orderNo: string; amount: number }) {
    const friend = await repo.referral(e.userId);
    const inviter = friend?.superior_id;
    if (!inviter) return;
    const now = clock.iso();
    const energy = (await deps.settings()).friends.energyPerDepositingReferral;
    let firstOfFriend = false;
    await db.transaction(async () => {
      await repo.insertDeposit({
        userId: inviter,
        friendId: e.userId,
        day: manilaDay(clock.now()),
        reference: e.orderNo,
        base: e.amount,
        amount: rebateOf(e.amount, (await rates()).deposit),
        now,
      });
      firstOfFriend = await repo.insertFirstDeposit({
        friendId: e.userId,
        userId: inviter,
        periodId: manilaWeekId(clock.now()),
        orderNo: e.orderNo,
        amount: e.amount,
        now,
      });
      if (firstOfFriend) await qualify(e.userId);
      // The energy stays on the first deposit itself (as the poker chance does); only the ranking waits for bets.
      if (firstOfFriend && energy > 0) {
        await grants.grant(inviter, {
          key: `friend.energy:${e.userId}`,
          source: 'friend',
          rewards: [{ type: 'energy', amount: energy }],
        });
      }
    })();
    if (firstOfFriend) deps.events.emit('badge.stale', { userId: inviter, counters: ['inviteFriendEnergy'] });
  }

  /**
   * Credits the inviter with the referral's turnover since the last time, on the referral's Manila day row,
   * and qualifies the referral's first deposit for the ranking once its turnover is enough.
   */
  async function syncTurnover(friendId: number) {
    // Most players were invited by no one: for them one read and no transaction (on PostgreSQL a
    // transaction is two more round trips, after every bet). The transaction reads the referral again.
    if (!(await repo.referral(friendId))?.superior_id) return;
    await db.transaction(async () => {
      const friend = await repo.referral(friendId);
      if (!friend?.superior_id) return;
      await qualify(friendId);
      const stored = await repo.turnoverMark(friendId);
      const mark = stored ?? (await repo.turnoverBefore(friendId, friend.superior_bound_at ?? ''));
      const delta = friend.turnover_total - mark;
      if (delta <= 0) {
        if (stored === undefined) await repo.setTurnoverMark(friendId, mark);
        return;
      }
      const day = manilaDay(clock.now());
      const now = clock.iso();
      const bp = (await rates()).turnover;
      const open = await repo.openTurnover(friend.superior_id, friendId, day);
      if (open) {
        const base = open.base_amount + delta;
        await repo.growTurnover({ id: open.id, base, amount: rebateOf(base, bp), now });
      } else {
        await repo.insertTurnover({
          userId: friend.superior_id,
          friendId,
          day,
          base: delta,
          amount: rebateOf(delta, bp),
          now,
        });
      }
      await repo.setTurnoverMark(friendId, friend.turnover_total);
    })();
  }

  const catchUp = async (userId: number) => {
    for (const friendId of await repo.behindReferrals(userId)) await syncTurnover(friendId);
  };

  async function rebateLine(userId: number, kind: 'deposit' | 'turnover', bp: number) {
    const t = await repo.totals(userId, kind);
    return { rate: bp / 100, claimable: toPesos(t.claimable), totalEarned: toPesos(t.earned) };
  }

  async function claim(userId: number, kind: 'deposit' | 'turnover') {
    if (kind === 'turnover') await catchUp(userId);
    const granted = await db.transaction(async () => {
      const due = await repo.claimable(userId, kind);
      if (due.amount <= 0 || due.max_id === null) throw new AppError(Code.NOTHING_TO_CLAIM);
      // Rows only ever get higher ids, so the last one paid names the claim.
      const key = `friend.${kind}:${due.max_id}`;
      await repo.markClaimed({ userId, kind, maxId: due.max_id, key, now: clock.iso() });
      return grants.grant(userId, {
        key,
        source: 'friend',
        rewards: [{ type: 'cash', amount: due.amount }],
        journalType: 'rebate',
        remark: `Referral ${kind} rebate`,
      });
    })();
    return { rewards: granted };
  }

  // ---- invite ranking ----

  async function rankOf(periodId: string, userId: number) {
    const standings = await repo.standings(periodId);
    const index = standings.findIndex((s) => s.user_id === userId);
    return { standings, rank: index < 0 ? null : index + 1, invites: standings[index]?.invites ?? 0 };
  }

  const prizeFor = async (rank: number | null) =>
    rank === null
      ? undefined
      : (await deps.settings()).ranking.prizes.find((p) => rank >= p.rankFrom && rank <= p.rankTo);

  const rankingKey = (periodId: string) => `ranking:${periodId}`;

  async function unclaimedPrize(userId: number, current: string) {
    for (const periodId of await repo.myPeriods(userId, current, RANKING_LOOKBACK)) {
      if (await grants.isClaimed(userId, rankingKey(periodId))) continue;
      const { rank } = await rankOf(periodId, userId);
      const prize = await prizeFor(rank);
      if (prize && rank !== null) return { periodId, rank, rewards: prize.rewards };
    }
    return null;
  }

  return {
    onDeposit,
    syncTurnover,

    async card(userId: number): Promise<FriendCard> {
      await catchUp(userId);
      const bp = await rates();
      const counts = await repo.counts(userId);
      return {
        ...(await deps.share(userId)),
        referrals: counts.referrals,
        depositingReferrals: counts.depositing,
        energy: await grants.energy(userId),
        depositRebate: await rebateLine(userId, 'deposit', bp.deposit),
        turnoverRebate: await rebateLine(userId, 'turnover', bp.turnover),
      };
    },

    async records(userId: number, q: { kind?: FriendRewardKind | undefined; page: number; size: number }) {
      await catchUp(userId);
      const filter = { userId, kind: q.kind ?? null };
      const rows = await repo.page({ ...filter, limit: q.size, offset: (q.page - 1) * q.size });
      return { list: rows.map(recordView), page: q.page, size: q.size, total: await repo.count(filter) };
    },

    claimDeposit: (userId: number) => claim(userId, 'deposit'),
    claimTurnover: (userId: number) => claim(userId, 'turnover'),

    async rankings(userId: number): Promise<InviteRankings> {
      const now = clock.now();
      const periodId = manilaWeekId(now);
      const { startAt, endAt } = weekBounds(periodId);
      const { standings, rank, invites } = await rankOf(periodId, userId);
      const { listSize, prizes } = (await deps.settings()).ranking;
      return {
        period: { periodId, startAt: startAt.toISOString(), endAt: endAt.toISOString() },
        list: standings
          .slice(0, listSize)
          .map((s, i) => ({ rank: i + 1, username: maskUsername(s.username), invites: s.invites })),
        prizes,
        me: { rank, invites },
        claimable: await unclaimedPrize(userId, periodId),
      };
    },

    async claimRanking(userId: number, periodId: string) {
      if (!isWeekId(periodId)) throw new AppError(Code.RANKING_PERIOD_UNKNOWN);
      const current = manilaWeekId(clock.now());
      if (periodId > current) throw new AppError(Code.RANKING_PERIOD_UNKNOWN);
      if (periodId === current) throw new AppError(Code.RANKING_PERIOD_RUNNING);
      const granted = await db.transaction(async () => {
        const { rank } = await rankOf(periodId, userId);
        const prize = await prizeFor(rank);
        if (!prize) throw new AppError(Code.NOTHING_TO_CLAIM);
        const key = rankingKey(periodId);
        const rewards = prize.rewards.map(toGranted);
        const wire = await grants.grant(userId, {
          key,
          source: 'ranking',
          rewards,
          turnoverMultiple: grants.wagering.rankingPrizes,
          remark: `Invite ranking #${rank}`,
        });
        const cash = rewards.reduce((sum, r) => sum + (r.type === 'cash' ? r.amount : 0), 0);
        await repo.insertRanking({
          userId,
          day: manilaDay(clock.now()),
          reference: periodId,
          amount: cash,
          key,
          now: clock.iso(),
        });
        return wire;
      })();
      if (prizeHasEnergy((await deps.settings()).ranking))
        deps.events.emit('badge.stale', { userId, counters: ['inviteFriendEnergy'] });
      return { rewards: granted };
    },
  };
}

const prizeHasEnergy = (ranking: RankingSettings) =>
  ranking.prizes.some((p) => p.rewards.some((r) => r.type === 'energy'));

function recordView(row: FriendRewardRow): RecordView {
  return {
    id: row.id,
    kind: row.kind,
    friendName: row.friend_username ? maskUsername(row.friend_username) : '',
    baseAmount: toPesos(row.base_amount),
    amount: toPesos(row.amount),
    claimed: row.claimed_at !== null,
    createdAt: row.created_at,
  };
}

export type FriendService = ReturnType<typeof createFriendService>;
