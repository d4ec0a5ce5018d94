import { Code } from '../../../../shared/codes';
import type { Reward } from '../../../../shared/contract/reward';
import type { Language } from '../../../../shared/messages';
import { toPesos } from '../../../../shared/money';
import { manilaDay, manilaDayRange } from '../../../../shared/time';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { EventBus } from '../../plugins/events';
import { type GrantedReward, type RewardGrants, toWireReward } from '../reward/grant';
import type { Range, TaskRepo, TaskRow } from './repo';
import { MONEY_METRICS } from './seed';

/** The day the clock is in, Manila, and its range of instants. */
export function today(clock: Clock): { day: string; range: Range } {
  const day = manilaDay(clock.now());
  const { from, to } = manilaDayRange(day, day);
  return { day, range: { from: from as string, to: to as string } };
}

/** What a task is measured on, for a player on one Manila day. Computed once per look, lazily. */
function metricsOf(repo: TaskRepo, userId: number, range: Range) {
  const cache = new Map<string, number>();
  let profile: Awaited<ReturnType<TaskRepo['profile']>> | null = null;
  let bets: { amount: number; count: number } | null = null;
  const compute = async (metric: string): Promise<number> => {
    switch (metric) {
      case 'login':
        return (await repo.active(userId, range)) ? 1 : 0;
      case 'depositAmount':
        return repo.deposited(userId, range);
      case 'betAmount':
        bets ??= await repo.bets(userId, range);
        return Math.max(0, bets.amount);
      case 'betCount':
        bets ??= await repo.bets(userId, range);
        return Math.max(0, bets.count);
      case 'tradePassword':
      case 'walletBound':
      case 'kycVerified':
      case 'depositCount':
      case 'referrals':
        profile ??= await repo.profile(userId);
        return Number(profile?.[metric] ?? 0);
      default:
        return 0;
    }
  };
  return async (metric: string) => {
    let value = cache.get(metric);
    if (value === undefined) {
      value = await compute(metric);
      cache.set(metric, value);
    }
    return value;
  };
}

/**
 * Tasks (menu entry Task): daily ones count today's state (Manila) and can be claimed again each day
 * (key task:<code>:<day>); one-time ones count the account's state (key task:<code>).
 */
export function createTaskService(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  grants: RewardGrants;
  repo: TaskRepo;
}) {
  const { db, clock, events, grants, repo } = deps;

  const keyOf = (task: TaskRow, day: string) =>
    task.period === 'daily' ? `task:${task.code}:${day}` : `task:${task.code}`;

  async function states(userId: number) {
    const { day, range } = today(clock);
    const metric = metricsOf(repo, userId, range);
    const tasks = [];
    for (const task of await repo.tasks()) {
      const progress = Math.min(await metric(task.metric), task.target);
      const claimed = await grants.isClaimed(userId, keyOf(task, day));
      const status = claimed ? 'claimed' : progress >= task.target ? 'available' : 'progress';
      tasks.push({ task, progress, status } as const);
    }
    return { day, tasks };
  }

  return {
    /** The player's inviter (whose invite tasks a registration moves), or null. */
    superior: (userId: number) => repo.superior(userId),

    async fetch(userId: number, lang: Language) {
      const { day, tasks } = await states(userId);
      return {
        day,
        tasks: tasks.map(({ task, progress, status }) => {
          const money = MONEY_METRICS.includes(task.metric);
          return {
            code: task.code,
            period: task.period,
            title: lang === 'vi-VN' ? task.title_vi : task.title_en,
            unit: money ? ('pesos' as const) : ('count' as const),
            progress: money ? toPesos(progress) : progress,
            target: money ? toPesos(task.target) : task.target,
            rewards: (JSON.parse(task.rewards) as GrantedReward[]).map(toWireReward),
            status,
            turnoverMultiple: task.turnover_multiple,
          };
        }),
      };
    },

    /** A task claim's journal rows (reference task:<code> or task:<code>:<day>): the task's title in the language. */
    async remarkOf(reference: string, lang: Language): Promise<string | undefined> {
      const code = /^task:([a-z0-9_]+)(?::\d{4}-\d{2}-\d{2})?$/.exec(reference)?.[1];
      const task = code === undefined ? undefined : await repo.task(code);
      return task && (lang === 'vi-VN' ? task.title_vi : task.title_en);
    },

    /** Tasks done and not yet claimed for their period (badge taskRewardNum). */
    available: async (userId: number) => (await states(userId)).tasks.filter((t) => t.status === 'available').length,

    async claim(userId: number, code: string): Promise<Reward[]> {
      const rewards = await db.transaction(async () => {
        const { day, range } = today(clock);
        const task = (await repo.tasks()).find((t) => t.code === code);
        if (!task) throw new AppError(Code.TASK_NOT_FOUND);
        const key = keyOf(task, day);
        if (await grants.isClaimed(userId, key)) throw new AppError(Code.REWARD_ALREADY_CLAIMED);
        if ((await metricsOf(repo, userId, range)(task.metric)) < task.target) throw new AppError(Code.TASK_NOT_DONE);
        return grants.grant(userId, {
          key,
          source: 'task',
          rewards: JSON.parse(task.rewards) as GrantedReward[],
          turnoverMultiple: task.turnover_multiple,
          remark: task.title_en,
        });
      })();
      events.emit('badge.stale', { userId, counters: ['taskRewardNum'] });
      return rewards;
    },
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
