import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toCentavos } from '../../../../shared/money';
import { type Db, SEEDS_DIR } from '../../db/database';
import type { GrantedReward } from '../reward/grant';

/** Rewards as written in the seed: cash in pesos, coupons by template, the rest in units. */
type SeedReward = { type: GrantedReward['type']; amount: number; coupon?: string; info?: string };

export interface TasksSeed {
  tasks: {
    code: string;
    period: 'daily' | 'once';
    metric: string;
    target: number;
    rewards: SeedReward[];
    turnoverMultiple?: number;
    titleEn: string;
    titleVi: string;
    enabled?: boolean;
  }[];
  signIn: { totalDays: number; freeDays: number; minDeposit: number; turnoverMultiple: number; days: number[] };
  dailyDeposit: { turnoverMultiple: number; tiers: { tier: number; deposit: number; reward: number }[] };
  returnGift: { awayDays: number; claimDays: number; turnoverMultiple: number; rewards: SeedReward[] };
}

/** Metrics counted in pesos (targets written in pesos in the seed, stored in centavos). */
export const MONEY_METRICS: readonly string[] = ['depositAmount', 'betAmount'];

export const toGranted = (r: SeedReward): GrantedReward =>
  r.type === 'coupon'
    ? { type: 'coupon', amount: r.amount, coupon: r.coupon ?? '', ...(r.info ? { info: r.info } : {}) }
    : {
        type: r.type,
        amount: r.type === 'cash' ? toCentavos(r.amount) : r.amount,
        ...(r.info ? { info: r.info } : {}),
      };

export const readTasksSeed = (): TasksSeed =>
  JSON.parse(readFileSync(join(SEEDS_DIR, 'tasks.json'), 'utf8')) as TasksSeed;

/**
 * Tasks and bonus settings follow db/seeds/tasks.json at every start (it is their only source): tasks are
 * upserted by code, a task dropped from the file is disabled (its claims stay), settings are replaced.
 */
export async function seedTasks(db: Db): Promise<void> {
  const seed = readTasksSeed();
  const upsert = db.prepare(
    `INSERT INTO tasks (code, period, metric, target, rewards, turnover_multiple, title_en, title_vi, sort_order, enabled)
     VALUES (@code, @period, @metric, @target, @rewards, @turnoverMultiple, @titleEn, @titleVi, @sort, @enabled)
     ON CONFLICT (code) DO UPDATE SET period = excluded.period, metric = excluded.metric, target = excluded.target,
       rewards = excluded.rewards, turnover_multiple = excluded.turnover_multiple, title_en = excluded.title_en,
       title_vi = excluded.title_vi, sort_order = excluded.sort_order, enabled = excluded.enabled`,
  );
  await db.prepare('UPDATE tasks SET enabled = 0').run();
  for (const [index, t] of seed.tasks.entries()) {
    await upsert.run({
      code: t.code,
      period: t.period,
      metric: t.metric,
      target: MONEY_METRICS.includes(t.metric) ? toCentavos(t.target) : t.target,
      rewards: JSON.stringify(t.rewards.map(toGranted)),
      turnoverMultiple: t.turnoverMultiple ?? 0,
      titleEn: t.titleEn,
      titleVi: t.titleVi,
      sort: index,
      enabled: t.enabled === false ? 0 : 1,
    });
  }
  const setting = db.prepare(
    'INSERT INTO bonus_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  await setting.run('signIn', JSON.stringify(seed.signIn));
  await setting.run('dailyDeposit', JSON.stringify(seed.dailyDeposit));
  await setting.run('returnGift', JSON.stringify(seed.returnGift));
}
