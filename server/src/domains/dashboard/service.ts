import { type Centavos, toPesos } from '../../../../shared/money';
import { manilaDay, startOfManilaDay } from '../../../../shared/time';
import type { Clock } from '../../clock';
import type { DashboardRepo, JournalHourRow } from './repo';

const DAY_MS = 86_400_000;
/** The long period: the 30 Manila days ending with today. */
export const DASHBOARD_DAYS = 30;

/** One Manila day's figures, in centavos. */
interface DayFigures {
  ggr: Centavos;
  bonusCost: Centavos;
  deposits: Centavos;
  depositCount: number;
  withdrawals: Centavos;
  withdrawalCount: number;
  newPlayers: number;
}

const zero = (): DayFigures => ({
  ggr: 0,
  bonusCost: 0,
  deposits: 0,
  depositCount: 0,
  withdrawals: 0,
  withdrawalCount: 0,
  newPlayers: 0,
});

/**
 * What one journal hour adds to its day. GGR: the players' net losses at the games (the provider's side of
 * bet, win and rollback, so -Σ amount); bonus cost: the cash the promotions credited; deposits: the paid
 * deposits' credits; withdrawals: what the payouts took out of the frozen bucket (-Σ frozen_delta).
 */
function add(day: DayFigures, row: JournalHourRow) {
  switch (row.type) {
    case 'bet':
    case 'win':
    case 'rollback':
      day.ggr -= row.amount;
      break;
    case 'deposit_bonus':
    case 'reward':
    case 'rebate':
      day.bonusCost += row.amount;
      break;
    case 'deposit':
      day.deposits += row.amount;
      day.depositCount += row.n;
      break;
    case 'withdraw_paid':
      day.withdrawals -= row.frozen;
      day.withdrawalCount += row.n;
      break;
  }
}

/** The Manila day of a UTC hour as the repo names it (`2026-11-20T16` is 2026-11-21 in Manila). */
const dayOfHour = (hour: string) => manilaDay(new Date(`${hour}:00:00.000Z`));

/**
 * The operator's dashboard: the business figures of today and of the last 30 Manila days (of the virtual
 * clock), a daily series and the queues waiting for an operator. docs/operator-guide.md defines each figure.
 */
export function createDashboardService(deps: {
  clock: Clock;
  repo: DashboardRepo;
  /** Applies what is due before the queues are counted: payout answers, deposit time-outs (as the lists do). */
  bringUpToDate: () => Promise<void>;
}) {
  const { clock, repo } = deps;

  async function overview() {
    await deps.bringUpToDate();
    const now = clock.now();
    const todayStart = startOfManilaDay(now);
    const end = new Date(todayStart.getTime() + DAY_MS).toISOString();
    const firstStart = new Date(todayStart.getTime() - (DASHBOARD_DAYS - 1) * DAY_MS);
    const last30 = { from: firstStart.toISOString(), to: end };
    const today = { from: todayStart.toISOString(), to: end };

    const days = new Map<string, DayFigures>();
    for (let i = 0; i < DASHBOARD_DAYS; i += 1)
      days.set(manilaDay(new Date(firstStart.getTime() + i * DAY_MS)), zero());
    for (const row of await repo.journalByHour(last30)) {
      const day = days.get(dayOfHour(row.hour));
      if (day) add(day, row);
    }
    // active players per day: distinct bettors of the day's 24 UTC hours (one who bet on two days counts on each)
    const bettorsOfDay = new Map<string, Set<number>>();
    for (const row of await repo.bettorHours(last30)) {
      const day = dayOfHour(row.hour);
      const set = bettorsOfDay.get(day) ?? new Set<number>();
      set.add(row.user_id);
      bettorsOfDay.set(day, set);
    }
    for (const row of await repo.registrationsByHour(last30)) {
      const day = days.get(dayOfHour(row.hour));
      if (day) day.newPlayers += row.n;
    }

    const period = async (range: { from: string; to: string }, figures: DayFigures[]) => {
      const sum = figures.reduce((total, d) => {
        for (const key of Object.keys(total) as (keyof DayFigures)[]) total[key] += d[key];
        return total;
      }, zero());
      return {
        ...range,
        ggr: toPesos(sum.ggr),
        bonusCost: toPesos(sum.bonusCost),
        ngr: toPesos(sum.ggr - sum.bonusCost),
        deposits: { amount: toPesos(sum.deposits), count: sum.depositCount },
        withdrawals: { amount: toPesos(sum.withdrawals), count: sum.withdrawalCount },
        activePlayers: await repo.bettors(range),
        newPlayers: sum.newPlayers,
      };
    };

    const todayKey = manilaDay(now);
    const pending = await repo.pending();
    return {
      now: now.toISOString(),
      today: todayKey,
      periods: {
        today: await period(today, [days.get(todayKey) ?? zero()]),
        last30Days: await period(last30, [...days.values()]),
      },
      daily: [...days].map(([day, d]) => ({
        day,
        ggr: toPesos(d.ggr),
        deposits: toPesos(d.deposits),
        withdrawals: toPesos(d.withdrawals),
        activePlayers: bettorsOfDay.get(day)?.size ?? 0,
        newPlayers: d.newPlayers,
      })),
      pending: { ...pending, withdrawalsAmount: toPesos(pending.withdrawalsAmount) },
    };
  }

  return { overview };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
