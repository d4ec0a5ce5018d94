import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Db, SEEDS_DIR } from '../../db/database';
import { type RewardInput, toGranted } from '../mall/reward-input';
import { readRewardWagering } from '../reward/wagering-policy';
import { createRedemptionRepo } from './repo';

interface CodesSeed {
  codes: {
    code: string;
    rewards: RewardInput[];
    totalUses: number;
    minVip: number;
    expiresAt: string | null;
    remark: string;
    /** The cash's turnover multiple; the default of db/seeds/reward-wagering.json when absent. */
    turnoverMultiple?: number;
  }[];
}

export const readCodesSeed = (): CodesSeed =>
  JSON.parse(readFileSync(join(SEEDS_DIR, 'redemption-codes.json'), 'utf8')) as CodesSeed;

/**
 * Example codes follow the seed file at every start, uses kept (total uses never drop below them); a code
 * an operator created under the same name is left alone.
 */
export async function seedRedemptionCodes(db: Db): Promise<void> {
  const repo = createRedemptionRepo(db);
  const now = new Date().toISOString();
  const { codes: defaultMultiple } = readRewardWagering();
  for (const c of readCodesSeed().codes) {
    await repo.upsertSeed({
      code: c.code.toUpperCase(),
      rewards: JSON.stringify(c.rewards.map(toGranted)),
      totalUses: c.totalUses,
      minVip: c.minVip,
      expiresAt: c.expiresAt === null ? null : new Date(c.expiresAt).toISOString(),
      remark: c.remark,
      turnoverMultiple: c.turnoverMultiple ?? defaultMultiple,
      now,
    });
  }
}
