import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reward } from '../../../../shared/contract/reward';
import { toCentavos } from '../../../../shared/money';
import { param, prepareQuery } from '../../db/builder';
import { type Db, SEEDS_DIR } from '../../db/database';

export interface VipLevelSeed {
  level: number;
  depositThreshold: number;
  turnoverThreshold: number;
  dailyReward: number;
  monthlyReward: number;
  depositRebateRate: number;
  rebateRate: number;
  activenessDecayPercent: number;
}

export interface FriendSettings {
  /** Percent of each referral deposit paid to the inviter (0.5 means 0.5%). */
  depositRebateRate: number;
  /** Percent of each referral's turnover paid to the inviter. */
  turnoverRebateRate: number;
  /** Energy granted to the inviter for each referral's first deposit. */
  energyPerDepositingReferral: number;
}

export interface RankingSettings {
  listSize: number;
  /**
   * A referral counts for its inviter's ranking once its lifetime turnover reaches this many times its first
   * deposit (deposited and wagered): an integer >= 1.
   */
  qualifyingTurnoverMultiple: number;
  prizes: { rankFrom: number; rankTo: number; rewards: Reward[] }[];
}

export interface VipSeed {
  levels: VipLevelSeed[];
  friends: FriendSettings;
  ranking: RankingSettings;
}

export const readVipSeed = (): VipSeed => JSON.parse(readFileSync(join(SEEDS_DIR, 'vip.json'), 'utf8')) as VipSeed;

/** A percent with at most two decimals (0.25) to basis points (25); refuses anything finer. */
export function toBasisPoints(rate: number): number {
  const bp = Math.round(rate * 100);
  if (!(rate >= 0 && rate <= 100) || Math.abs(bp - rate * 100) > 1e-9) throw new RangeError(`Bad rate ${rate}`);
  return bp;
}

function check(seed: VipSeed) {
  seed.levels.forEach((l, i) => {
    if (l.level !== i) throw new Error(`vip.json: levels must be 0, 1, 2... in order (found ${l.level} at ${i})`);
    const previous = seed.levels[i - 1];
    if (i === 0 && (l.depositThreshold !== 0 || l.turnoverThreshold !== 0))
      throw new Error('vip.json: level 0 needs no deposits and no turnover');
    if (
      previous &&
      (l.depositThreshold < previous.depositThreshold || l.turnoverThreshold < previous.turnoverThreshold)
    )
      throw new Error(`vip.json: thresholds of level ${l.level} go down`);
  });
  for (const prize of seed.ranking.prizes) {
    if (prize.rankFrom < 1 || prize.rankTo < prize.rankFrom) throw new Error('vip.json: bad ranking band');
  }
  const multiple = seed.ranking.qualifyingTurnoverMultiple;
  if (!Number.isInteger(multiple) || multiple < 1)
    throw new Error(`vip.json: ranking.qualifyingTurnoverMultiple must be an integer >= 1 (found ${multiple})`);
}

/**
 * The VIP level table and the friends and ranking settings follow db/seeds/vip.json at every start (it is
 * their only source, like the withdrawal limits per level in withdrawals.json).
 */
export async function seedVip(db: Db): Promise<void> {
  const seed = readVipSeed();
  check(seed);
  const upsert = prepareQuery(db, (b) =>
    b
      .insertInto('vip_levels')
      .values({
        level: param<number>('level'),
        deposit_threshold: param<number>('deposit'),
        turnover_threshold: param<number>('turnover'),
        daily_reward: param<number>('daily'),
        monthly_reward: param<number>('monthly'),
        deposit_rebate_bp: param<number>('depositBp'),
        turnover_rebate_bp: param<number>('turnoverBp'),
        decay_percent: param<number>('decay'),
      })
      .onConflict((c) =>
        c.column('level').doUpdateSet((u) => ({
          deposit_threshold: u.ref('excluded.deposit_threshold'),
          turnover_threshold: u.ref('excluded.turnover_threshold'),
          daily_reward: u.ref('excluded.daily_reward'),
          monthly_reward: u.ref('excluded.monthly_reward'),
          deposit_rebate_bp: u.ref('excluded.deposit_rebate_bp'),
          turnover_rebate_bp: u.ref('excluded.turnover_rebate_bp'),
          decay_percent: u.ref('excluded.decay_percent'),
        })),
      ),
  );
  for (const l of seed.levels) {
    await upsert.run({
      level: l.level,
      deposit: toCentavos(l.depositThreshold),
      turnover: toCentavos(l.turnoverThreshold),
      daily: toCentavos(l.dailyReward),
      monthly: toCentavos(l.monthlyReward),
      depositBp: toBasisPoints(l.depositRebateRate),
      turnoverBp: toBasisPoints(l.rebateRate),
      decay: l.activenessDecayPercent,
    });
  }
  await prepareQuery(db, (b) => b.deleteFrom('vip_levels').where('level', '>=', param<number>('count'))).run({
    count: seed.levels.length,
  });
  const setting = prepareQuery(db, (b) =>
    b
      .insertInto('vip_settings')
      .values({ key: param<string>('key'), value: param<string>('value') })
      .onConflict((c) => c.column('key').doUpdateSet((u) => ({ value: u.ref('excluded.value') }))),
  );
  await setting.run({ key: 'friends', value: JSON.stringify(seed.friends) });
  await setting.run({ key: 'ranking', value: JSON.stringify(seed.ranking) });
}
