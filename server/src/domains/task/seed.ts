import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toCentavos } from '../../../../shared/money';
import { type ColumnOf, param, prepareQuery, sql } from '../../db/builder';
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
  const upsert = prepareQuery(db, (b) =>
    b
      .insertInto('tasks')
      .values({
        code: param<string>('code'),
        period: param<ColumnOf<'tasks', 'period'>>('period'),
        metric: param<string>('metric'),
        target: param<number>('target'),
        rewards: param<string>('rewards'),
        turnover_multiple: param<number>('turnoverMultiple'),
        title_en: param<string>('titleEn'),
        title_vi: param<string>('titleVi'),
        sort_order: param<number>('sort'),
        enabled: param<number>('enabled'),
      })
      .onConflict((c) =>
        c.column('code').doUpdateSet((u) => ({
          period: u.ref('excluded.period'),
          metric: u.ref('excluded.metric'),
          target: u.ref('excluded.target'),
          rewards: u.ref('excluded.rewards'),
          turnover_multiple: u.ref('excluded.turnover_multiple'),
          title_en: u.ref('excluded.title_en'),
          title_vi: u.ref('excluded.title_vi'),
          sort_order: u.ref('excluded.sort_order'),
          enabled: u.ref('excluded.enabled'),
        })),
      ),
  );
  await prepareQuery(db, (b) => b.updateTable('tasks').set({ enabled: sql.lit(0) })).run();
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
  const setting = prepareQuery(db, (b) =>
    b
      .insertInto('bonus_settings')
      .values({ key: param<string>('key'), value: param<string>('value') })
      .onConflict((c) => c.column('key').doUpdateSet((u) => ({ value: u.ref('excluded.value') }))),
  );
  await setting.run({ key: 'signIn', value: JSON.stringify(seed.signIn) });
  await setting.run({ key: 'dailyDeposit', value: JSON.stringify(seed.dailyDeposit) });
  await setting.run({ key: 'returnGift', value: JSON.stringify(seed.returnGift) });
}
