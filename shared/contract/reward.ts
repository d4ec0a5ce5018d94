import { z } from 'zod';
import { pesos } from './common';

/** The reward entity of spec section 3, returned by every claim, letter, code, mall order and draw. */
export const REWARD_TYPES = ['cash', 'coupon', 'energy', 'point', 'other'] as const;
export type RewardType = (typeof REWARD_TYPES)[number];

export const rewardSchema = z.object({
  type: z.enum(REWARD_TYPES),
  amount: pesos.describe(
    'cash: pesos credited (shown as amount followed by P); coupon: number of coupons (shown as x amount); ' +
      'energy and point: whole units; other: a count',
  ),
  info: z.string().optional().describe('Optional text, e.g. the coupon name or what an "other" reward is'),
});
export type Reward = z.infer<typeof rewardSchema>;

/** What a claim answers: the rewards granted by it (an empty list never happens on success). */
export const rewardsData = z.object({ rewards: z.array(rewardSchema) });
