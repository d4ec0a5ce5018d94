import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { SEEDS_DIR } from '../../db/database';

const multiple = z.number().int().min(0).max(100);

/**
 * The turnover multiple of the cash a player can farm (docs/rewards.md "Wagering on farmable cash"): each
 * grant of these opens a wagering requirement of `multiple × cash`, so the cash is not withdrawable until
 * it has been bet that many times. 0 switches a kind's wagering off.
 */
export const rewardWageringSchema = z.strictObject({
  /** Default of a redemption code created without its own multiple (each code keeps its own). */
  codes: multiple,
  /** VIP daily login cash. */
  vipDaily: multiple,
  /** VIP monthly cash. */
  vipMonthly: multiple,
  /** The weekly invite ranking's cash prizes. */
  rankingPrizes: multiple,
  /** Cash bought in the mall with points (points are collected without a deposit). */
  mall: multiple,
});

export type RewardWagering = z.infer<typeof rewardWageringSchema>;

/** db/seeds/reward-wagering.json, checked: a bad file stops the start with the reason. */
export function readRewardWagering(): RewardWagering {
  const file = join(SEEDS_DIR, 'reward-wagering.json');
  const parsed = rewardWageringSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
