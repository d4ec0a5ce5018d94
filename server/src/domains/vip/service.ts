import { Code } from '../../../../shared/codes';
import type { VipCard } from '../../../../shared/contract/vip';
import { toPesos } from '../../../../shared/money';
import { manilaDay, startOfManilaDay } from '../../../../shared/time';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { EventBus, Progress } from '../../plugins/events';
import type { RewardGrants } from '../reward/grant';
import { daysBetween, manilaMonth, nextManilaMidnight, startOfManilaMonth, startOfNextManilaMonth } from './periods';
import { createVipRepo, type RebateMarkRow, type VipLevelRow } from './repo';
import type { FriendSettings, RankingSettings } from './seed';

/** Rates are basis points: 10000 = 100%. Rebates keep the remainder below a centavo in these units. */
const BP = 10_000;

type RebateKind = 'deposit' | 'turnover';

/** Highest level whose deposit AND turnover thresholds are both met. */
export function levelReached(levels: VipLevelRow[], deposits: number, turnover: number): number {
  let reached = 0;
  for (const l of levels) if (deposits >= l.deposit_threshold && turnover >= l.turnover_threshold) reached = l.level;
  return reached;
}

/**
 * What a rebate pays now: rate x (cumulative base - watermark) plus the carried fraction, rounded down to
 * the centavo; the rest is carried to the next claim. Nothing when the base fell below the watermark
 * (rolled-back bets are made up by later ones first).
 */
export function rebateDue(base: number, mark: number, carry: number, bp: number) {
  const numerator = (base - mark) * bp + carry;
  if (numerator <= 0 || base <= mark) return { amount: 0, carry, mark };
  return { amount: Math.floor(numerator / BP), carry: numerator % BP, mark: base };
}

/** 37.5 of 100 -> 37.5; capped at 100; 2 decimals, rounded down so 100 means reached. */
const percentOf = (current: number, next: number) =>
  next <= 0 ? 100 : Math.min(100, Math.floor((current * 10_000) / next) / 100);

/**
 * VIP: levels reached on cumulative deposits and turnover (never lowered), activeness from deposit days,
 * the daily and monthly rewards and the deposit and turnover rebates, all paid through the reward grants.
 */
export function createVipService(deps: { db: Db; clock: Clock; events: EventBus; grants: RewardGrants }) {
  const { db, clock, grants } = deps;
  const repo = createVipRepo(db);

  // The level table is seeded reference data: read once, again after a snapshot replaced the database.
  let table: VipLevelRow[] | undefined;
  const levelTable = async () => {
    table ??= await repo.levelTable();
    return table;
  };
  deps.events.on('db.restored', () => {
    table = undefined;
  });

  function levelRow<L extends VipLevelRow>(levels: L[], level: number): L {
    const row = levels[Math.min(level, levels.length - 1)];
    if (!row) throw new Error('The VIP level table is empty');
    return row;
  }

  /** Raises the player's level when both thresholds of a higher one are met; returns the level. */
  async function sync(userId: number) {
    const progress = await repo.progress(userId);
    if (!progress) throw new AppError(Code.SESSION_INVALID);
    const reached = levelReached(await levelTable(), progress.deposit_total, progress.turnover_total);
    if (reached <= progress.vip_level) return { level: progress.vip_level, raised: false, progress };
    return { level: reached, raised: await repo.raiseLevel(userId, reached), progress };
  }

  /**
   * Whether a move may have raised the player's level: it crossed a threshold (its totals reach a higher level
   * after it than before). A move that crossed none needs no read: the level was synced when its totals were
   * last crossed (a level owed for another reason, say thresholds an operator lowered, follows at the next
   * sync: a deposit, a VIP screen, the next crossing).
   */
  async function crossed(progress: Progress | null): Promise<boolean> {
    if (progress === null) return false;
    const levels = await levelTable();
    const { before, after } = progress;
    return levelReached(levels, after.deposit, after.turnover) > levelReached(levels, before.deposit, before.turnover);
  }

  async function state<L extends VipLevelRow>(userId: number, levels: L[]) {
    const { level, progress } = await sync(userId);
    return { levels, level, current: levelRow(levels, level), progress };
  }

  async function activeness(userId: number, decayPercent: number): Promise<number> {
    const last = await repo.lastDepositAt(userId);
    if (!last) return 0;
    // Finished days without a deposit since the last deposit day; today counts only once it is over.
    const missed = Math.max(0, daysBetween(manilaDay(new Date(last)), manilaDay(clock.now())) - 1);
    return Math.max(0, 100 - decayPercent * missed);
  }

  const dailyKey = () => `vip.daily:${manilaDay(clock.now())}`;
  const monthlyKey = () => `vip.monthly:${manilaMonth(clock.now())}`;

  function rebate(kind: RebateKind, s: Awaited<ReturnType<typeof state>>, marks: RebateMarkRow) {
    // A deposit earns its rebate once it has been bet: the base is the deposits covered by turnover, so a
    // deposit withdrawn unplayed (depositTurnoverMultiple is 0 by default) earns nothing, however often.
    const base =
      kind === 'deposit' ? Math.min(s.progress.deposit_total, s.progress.turnover_total) : s.progress.turnover_total;
    const bp = kind === 'deposit' ? s.current.deposit_rebate_bp : s.current.turnover_rebate_bp;
    const mark = kind === 'deposit' ? marks.deposit_mark : marks.turnover_mark;
    const carry = kind === 'deposit' ? marks.deposit_carry : marks.turnover_carry;
    return { previous: mark, ...rebateDue(base, mark, carry, bp) };
  }

  /** What the player may claim now; read-only apart from a level raise. */
  async function summary<L extends VipLevelRow>(userId: number, levels: L[]) {
    const s = await state(userId, levels);
    const marks = await repo.peekMarks(userId);
    return {
      s,
      daily: {
        amount: s.current.daily_reward,
        claimable: s.current.daily_reward > 0 && !(await grants.isClaimed(userId, dailyKey())),
      },
      monthly: {
        amount: s.current.monthly_reward,
        claimable: s.current.monthly_reward > 0 && !(await grants.isClaimed(userId, monthlyKey())),
      },
      deposit: rebate('deposit', s, marks).amount,
      turnover: rebate('turnover', s, marks).amount,
    };
  }

  const stale = (userId: number) => deps.events.emit('badge.stale', { userId, counters: ['vipTabRewardsNum'] });

  async function claimPeriodic(userId: number, which: 'daily' | 'monthly') {
    const granted = await db.transaction(async () => {
      const { current, level } = await state(userId, await levelTable());
      const amount = which === 'daily' ? current.daily_reward : current.monthly_reward;
      if (amount <= 0) throw new AppError(Code.NOTHING_TO_CLAIM);
      const key = which === 'daily' ? dailyKey() : monthlyKey();
      if (await grants.isClaimed(userId, key)) throw new AppError(Code.SIGN_IN_NOT_ARRIVED);
      return grants.grant(userId, {
        key,
        source: 'vip',
        rewards: [{ type: 'cash', amount }],
        turnoverMultiple: which === 'daily' ? grants.wagering.vipDaily : grants.wagering.vipMonthly,
        remark: `VIP ${level} ${which === 'daily' ? 'daily login reward' : 'monthly reward'}`,
      });
    })();
    stale(userId);
    return { rewards: granted };
  }

  async function claimRebate(userId: number, kind: RebateKind) {
    const granted = await db.transaction(async () => {
      const s = await state(userId, await levelTable());
      const due = rebate(kind, s, await repo.marks(userId, clock.iso()));
      if (due.amount <= 0) throw new AppError(Code.NOTHING_TO_CLAIM);
      const moved = await repo.setMark(kind, {
        userId,
        previous: due.previous,
        mark: due.mark,
        carry: due.carry,
        now: clock.iso(),
      });
      if (!moved) throw new AppError(Code.REWARD_ALREADY_CLAIMED);
      return grants.grant(userId, {
        // The watermark only rises with each paid claim, so it names the claim.
        key: `vip.${kind === 'deposit' ? 'deposit' : 'rebate'}:${due.mark}`,
        source: 'vip',
        rewards: [{ type: 'cash', amount: due.amount }],
        journalType: 'rebate',
        remark: `VIP ${s.level} ${kind} rebate`,
      });
    })();
    stale(userId);
    return { rewards: granted };
  }

  return {
    sync,
    crossed,

    /** The friend and ranking settings (operator data, read afresh). */
    friendSettings: async () => ({
      friends: await repo.setting<FriendSettings>('friends'),
      ranking: await repo.setting<RankingSettings>('ranking'),
    }),

    async card(userId: number): Promise<VipCard> {
      const { s, daily, monthly, deposit, turnover } = await summary(userId, await repo.levels());
      const now = clock.now();
      const next = s.levels[s.level + 1];
      const axis = (current: number, threshold: number | undefined) => ({
        current: toPesos(current),
        next: threshold === undefined ? null : toPesos(threshold),
        percent: threshold === undefined ? 100 : percentOf(current, threshold),
      });
      return {
        level: s.level,
        nextLevel: next ? next.level : null,
        depositProgress: axis(s.progress.deposit_total, next?.deposit_threshold),
        turnoverProgress: axis(s.progress.turnover_total, next?.turnover_threshold),
        activenessPercent: await activeness(userId, s.current.decay_percent),
        daily: {
          amount: toPesos(daily.amount),
          claimable: daily.claimable,
          nextClaimAt: (daily.claimable ? startOfManilaDay(now) : nextManilaMidnight(now)).toISOString(),
          turnoverMultiple: grants.wagering.vipDaily,
        },
        monthly: {
          amount: toPesos(monthly.amount),
          claimable: monthly.claimable,
          nextClaimAt: (monthly.claimable ? startOfManilaMonth(now) : startOfNextManilaMonth(now)).toISOString(),
          turnoverMultiple: grants.wagering.vipMonthly,
        },
        depositRebate: { claimable: toPesos(deposit) },
        turnoverRebate: { claimable: toPesos(turnover) },
        levels: s.levels.map((l) => ({
          level: l.level,
          depositThreshold: toPesos(l.deposit_threshold),
          turnoverThreshold: toPesos(l.turnover_threshold),
          dailyReward: toPesos(l.daily_reward),
          monthlyReward: toPesos(l.monthly_reward),
          depositRebateRate: l.deposit_rebate_bp / 100,
          rebateRate: l.turnover_rebate_bp / 100,
          withdrawDailyLimit: toPesos(l.withdraw_daily_amount),
          withdrawDailyCount: l.withdraw_daily_count,
          activenessDecayPercent: l.decay_percent,
        })),
      };
    },

    /** Badge vipTabRewardsNum: how many of the four VIP rewards can be claimed now. */
    async claimableCount(userId: number): Promise<number> {
      const { daily, monthly, deposit, turnover } = await summary(userId, await levelTable());
      return [daily.claimable, monthly.claimable, deposit > 0, turnover > 0].filter(Boolean).length;
    },

    claimDaily: (userId: number) => claimPeriodic(userId, 'daily'),
    claimMonthly: (userId: number) => claimPeriodic(userId, 'monthly'),
    claimDepositRebate: (userId: number) => claimRebate(userId, 'deposit'),
    claimTurnoverRebate: (userId: number) => claimRebate(userId, 'turnover'),
  };
}

export type VipService = ReturnType<typeof createVipService>;
