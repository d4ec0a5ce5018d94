import { Code } from '../../../../shared/codes';
import {
  BREAK_LENGTHS,
  type BreakKind,
  type BreakLength,
  DEPOSIT_LIMIT_PERIODS,
  type DepositLimitPeriod,
  LIMIT_RAISE_DELAY_HOURS,
  PLAY_LIMIT_KINDS,
  type PlayLimitKind,
  type RealityCheck,
  type ResponsibleState,
} from '../../../../shared/contract/responsible';
import { formatCentavos, toPesos } from '../../../../shared/money';
import { startOfManilaDay } from '../../../../shared/time';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import {
  manilaWeekId,
  nextManilaMidnight,
  startOfManilaMonth,
  startOfNextManilaMonth,
  weekBounds,
} from '../vip/periods';
import { createResponsibleRepo, type DepositLimitRow, type PlayLimitRow } from './repo';

const HOUR_MS = 3_600_000;
/** How long before a break ends its reminder goes to the inbox. */
export const BREAK_REMINDER_HOURS = 6;

/** The Manila period an instant is in: when it began and when it starts again. */
export function periodBounds(period: DepositLimitPeriod, now: Date): { start: Date; resetsAt: Date } {
  if (period === 'day') return { start: startOfManilaDay(now), resetsAt: nextManilaMidnight(now) };
  if (period === 'week') {
    const { startAt, endAt } = weekBounds(manilaWeekId(now));
    return { start: startAt, resetsAt: endAt };
  }
  return { start: startOfManilaMonth(now), resetsAt: startOfNextManilaMonth(now) };
}

/** The starts of the day, week and month, in that order. */
const periodStarts = (bounds: { start: Date }[]) =>
  bounds.map((b) => b.start.toISOString()) as unknown as readonly [string, string, string];

/** The period's limit in force at `now`: a pending raise or removal applies once its 24 hours are over. */
function inForce(rows: readonly DepositLimitRow[], period: DepositLimitPeriod, now: string) {
  const row = rows.find((r) => r.period === period);
  if (!row) return { amount: null, pending: null };
  if (row.pending_at !== null && row.pending_at <= now) return { amount: row.pending_amount, pending: null };
  return {
    amount: row.amount,
    pending: row.pending_at === null ? null : { amount: row.pending_amount, effectiveAt: row.pending_at },
  };
}

/**
 * Responsible gaming (docs/responsible-gaming.md): deposit limits per Manila day, week and month, and breaks
 * from play. `depositedSince` is what the deposits domain counts against a limit: the player's successful
 * deposits and pending orders created since an instant (centavos).
 */
/** A loss or wager limit in force at `now`, by inForce's rule over that kind's rows. */
const playLimitInForce = (
  rows: readonly PlayLimitRow[],
  kind: PlayLimitKind,
  period: DepositLimitPeriod,
  now: string,
) =>
  inForce(
    rows.filter((r) => r.kind === kind),
    period,
    now,
  );

export function createResponsibleService(deps: {
  db: Db;
  clock: Clock;
  depositedSince: (userId: number, since: string) => Promise<number>;
  /** Cancels the player's Pending deposit orders inside the break's transaction; their order numbers. */
  cancelPendingDeposits: (userId: number) => Promise<string[]>;
  /** Announces those cancellations once committed. */
  announceCancelled: (userId: number, orderNos: string[]) => Promise<void>;
  /** Closes the checkouts of the player's Pending deposit orders at the gateway (before the break's transaction). */
  closeCheckouts: (userId: number) => Promise<void>;
  /**
   * What the player's rounds opened since each of three instants staked and lost (centavos; the play
   * domain's rounds: raises included, refunded stakes left out, an open round's stake counted as lost).
   */
  stakedSince: (userId: number, at: readonly [string, string, string]) => Promise<{ wagered: number; lost: number }[]>;
  /** When the player's casino session began (the login); null when it is not the player's. */
  sessionStartedAt: (userId: number, sessionId: number) => Promise<string | null>;
  /** Writes the inbox letter that says a break ends soon (inside the claim's transaction). */
  letterBreakEnding?: (userId: number, until: string, breakId: number) => Promise<void>;
}) {
  const { db, clock } = deps;
  const repo = createResponsibleRepo(db);

  async function state(userId: number): Promise<ResponsibleState> {
    const now = clock.now();
    const iso = now.toISOString();
    const rows = await repo.limits(userId);
    const running = await repo.runningBreak(userId, iso);
    const depositLimits: ResponsibleState['depositLimits'] = [];
    for (const period of DEPOSIT_LIMIT_PERIODS) {
      const limit = inForce(rows, period, iso);
      const { start, resetsAt } = periodBounds(period, now);
      depositLimits.push({
        period,
        amount: limit.amount === null ? null : toPesos(limit.amount),
        used: toPesos(await deps.depositedSince(userId, start.toISOString())),
        resetsAt: resetsAt.toISOString(),
        pending: limit.pending && {
          amount: limit.pending.amount === null ? null : toPesos(limit.pending.amount),
          effectiveAt: limit.pending.effectiveAt,
        },
      });
    }
    const playRows = await repo.playLimits(userId);
    const bounds = DEPOSIT_LIMIT_PERIODS.map((period) => periodBounds(period, now));
    const tallies = await deps.stakedSince(userId, periodStarts(bounds));
    const playLimits = (kind: PlayLimitKind): ResponsibleState['lossLimits'] =>
      DEPOSIT_LIMIT_PERIODS.map((period, i) => {
        const limit = playLimitInForce(playRows, kind, period, iso);
        const tally = tallies[i] as { wagered: number; lost: number };
        return {
          period,
          amount: limit.amount === null ? null : toPesos(limit.amount),
          used: toPesos(Math.max(0, kind === 'loss' ? tally.lost : tally.wagered)),
          resetsAt: (bounds[i] as { resetsAt: Date }).resetsAt.toISOString(),
          pending: limit.pending && {
            amount: limit.pending.amount === null ? null : toPesos(limit.pending.amount),
            effectiveAt: limit.pending.effectiveAt,
          },
        };
      });
    return {
      depositLimits,
      playBreak: running ? { kind: running.kind, since: running.since, until: running.until } : null,
      lossLimits: playLimits('loss'),
      wagerLimits: playLimits('wager'),
      realityCheckMinutes: await repo.realityCheckMinutes(userId),
    };
  }

  /**
   * Refuses a stake of `amount` centavos (a bet or a raise) that would take the period's wagered amount over
   * a wager limit, or whose loss, if it were all lost, would take the period's net loss over a loss limit
   * (loss so far + stake > limit). Call inside the bet's own transaction, before its round is written, so
   * two tabs cannot both fit under one limit. One statement when no limit is in force (a removal applied),
   * two otherwise.
   */
  async function assertMayStake(userId: number, amount: number) {
    const now = clock.now();
    const iso = now.toISOString();
    const rows = await repo.playLimits(userId);
    const limited = PLAY_LIMIT_KINDS.flatMap((kind) =>
      DEPOSIT_LIMIT_PERIODS.map((period, i) => ({
        kind,
        period,
        i,
        limit: playLimitInForce(rows, kind, period, iso).amount,
      })),
    ).filter((l) => l.limit !== null);
    if (limited.length === 0) return;
    const bounds = DEPOSIT_LIMIT_PERIODS.map((period) => periodBounds(period, now));
    const tallies = await deps.stakedSince(userId, periodStarts(bounds));
    for (const { kind, period, i, limit } of limited) {
      const tally = tallies[i] as { wagered: number; lost: number };
      const used = kind === 'wager' ? tally.wagered : tally.lost;
      if (used + amount > (limit as number)) {
        throw new AppError(kind === 'wager' ? Code.WAGER_LIMIT_REACHED : Code.LOSS_LIMIT_REACHED, {
          params: {
            period,
            limit: formatCentavos(limit as number),
            left: formatCentavos(Math.max(0, (limit as number) - used)),
            resetsAt: (bounds[i] as { resetsAt: Date }).resetsAt.toISOString(),
          },
        });
      }
    }
  }

  /** Refuses while a break runs: deposits, game launches and bets (PLAY_PAUSED, with its end). */
  async function assertMayPlay(userId: number) {
    const running = await repo.runningBreak(userId, clock.iso());
    if (running) throw new AppError(Code.PLAY_PAUSED, { params: { until: running.until ?? 'permanent' } });
  }

  /**
   * Refuses a deposit of `amount` centavos that would take a period's deposits over its limit. Call inside
   * the transaction that creates the order, so that two tabs cannot both fit under the same limit.
   */
  async function assertMayDeposit(userId: number, amount: number) {
    await assertMayPlay(userId);
    const now = clock.now();
    const iso = now.toISOString();
    const rows = await repo.limits(userId);
    for (const period of DEPOSIT_LIMIT_PERIODS) {
      const limit = inForce(rows, period, iso).amount;
      if (limit === null) continue;
      const { start, resetsAt } = periodBounds(period, now);
      const used = await deps.depositedSince(userId, start.toISOString());
      if (used + amount > limit) {
        throw new AppError(Code.DEPOSIT_LIMIT_REACHED, {
          params: {
            period,
            limit: formatCentavos(limit),
            left: formatCentavos(Math.max(0, limit - used)),
            resetsAt: resetsAt.toISOString(),
          },
        });
      }
    }
  }

  /**
   * A new limit (centavos; null removes it). The first limit, or one not above the limit in force, applies at
   * once and drops a pending change; a raise or a removal waits LIMIT_RAISE_DELAY_HOURS, replacing any
   * pending one (its wait starts again).
   */
  async function setDepositLimit(userId: number, period: DepositLimitPeriod, amount: number | null) {
    await db.transaction(async () => {
      const iso = clock.iso();
      const change = changeOf(inForce(await repo.limits(userId), period, iso), amount);
      await repo.saveLimit({ userId, period, ...change, now: iso });
    })();
    return state(userId);
  }

  /**
   * What a new limit (centavos; null removes it) stores: the first limit, or one not above the limit in
   * force, at once (dropping a pending change); a raise or a removal as pending for LIMIT_RAISE_DELAY_HOURS,
   * replacing any pending one (its wait starts again).
   */
  function changeOf(current: { amount: number | null }, amount: number | null) {
    const stricter = amount !== null && (current.amount === null || amount <= current.amount);
    if (stricter) return { amount, pendingAmount: null, pendingAt: null };
    if (current.amount === null) return { amount: null, pendingAmount: null, pendingAt: null };
    const pendingAt = new Date(clock.nowMs() + LIMIT_RAISE_DELAY_HOURS * HOUR_MS).toISOString();
    return { amount: current.amount, pendingAmount: amount, pendingAt };
  }

  /** A loss or wager limit, with the deposit limits' change rule (changeOf); set by the player or support. */
  async function setPlayLimit(userId: number, kind: PlayLimitKind, period: DepositLimitPeriod, amount: number | null) {
    await db.transaction(async () => {
      const iso = clock.iso();
      const change = changeOf(playLimitInForce(await repo.playLimits(userId), kind, period, iso), amount);
      await repo.savePlayLimit({ userId, kind, period, ...change, now: iso });
    })();
    return state(userId);
  }

  /** The reality-check interval (0 off, 15, 30 or 60 minutes; the contract admits no other). */
  async function setRealityCheck(userId: number, minutes: number) {
    await db.transaction(() => repo.saveRealityCheck({ userId, minutes, now: clock.iso() }))();
    return state(userId);
  }

  /** The reality check of the player's session: the interval, when the session began, its stakes and net. */
  async function realityCheck(userId: number, sessionId: number): Promise<RealityCheck> {
    const now = clock.iso();
    const startedAt = (await deps.sessionStartedAt(userId, sessionId)) ?? now;
    const [tally] = await deps.stakedSince(userId, [startedAt, startedAt, startedAt]);
    const { wagered, lost } = tally as { wagered: number; lost: number };
    return {
      minutes: await repo.realityCheckMinutes(userId),
      startedAt,
      now,
      wagered: toPesos(wagered),
      net: lost > 0 ? -toPesos(lost) : toPesos(-lost),
    };
  }

  /**
   * Starts a break at once. One already running can only be made longer (a later end, or permanent):
   * shortening it is refused with BREAK_RUNNING, by the player and by support alike.
   */
  async function takeBreak(
    userId: number,
    b: { kind: BreakKind; length: BreakLength; source: 'player' | 'ops'; reason?: string },
  ) {
    const hours = (BREAK_LENGTHS[b.kind] as Record<string, number | null>)[b.length];
    if (hours === undefined) throw new AppError(Code.VALIDATION);
    // The checkouts of open orders are closed at the gateway before the break starts (then again after).
    await deps.closeCheckouts(userId);
    const cancelled = await db.transaction(async () => {
      const now = clock.now();
      const since = now.toISOString();
      const until = hours === null ? null : new Date(now.getTime() + hours * HOUR_MS).toISOString();
      const running = await repo.runningBreak(userId, since);
      if (running && (running.until === null || (until !== null && until <= running.until))) {
        throw new AppError(Code.BREAK_RUNNING, { params: { until: running.until ?? 'permanent' } });
      }
      await repo.insertBreak({ userId, kind: b.kind, since, until, source: b.source, reason: b.reason ?? '' });
      // An order built before the break would still be payable at its checkout: none is left open.
      return deps.cancelPendingDeposits(userId);
    })();
    await deps.announceCancelled(userId, cancelled);
    return state(userId);
  }

  /**
   * Announces in the inbox each break ending within BREAK_REMINDER_HOURS, once (break_reminders claims it in
   * the letter's transaction). A break that another, longer one has replaced is not announced: the player
   * is not told play opens when it does not.
   */
  async function remindBreaksEnding() {
    const now = clock.now();
    const iso = now.toISOString();
    const before = new Date(now.getTime() + BREAK_REMINDER_HOURS * HOUR_MS).toISOString();
    let sent = 0;
    for (const ending of await repo.endingSoon(iso, before)) {
      await db.transaction(async () => {
        if (!(await repo.claimReminder(ending.id, iso))) return;
        const running = await repo.runningBreak(ending.user_id, iso);
        if (running && running.id !== ending.id && (running.until === null || running.until > (ending.until ?? '')))
          return;
        await deps.letterBreakEnding?.(ending.user_id, ending.until as string, ending.id);
        sent++;
      })();
    }
    return sent;
  }

  return {
    state,
    remindBreaksEnding,
    assertMayPlay,
    assertMayDeposit,
    assertMayStake,
    setDepositLimit,
    setPlayLimit,
    setRealityCheck,
    realityCheck,
    takeBreak,
  };
}

export type ResponsibleService = ReturnType<typeof createResponsibleService>;
