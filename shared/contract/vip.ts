import { z } from 'zod';
import { Code } from '../codes';
import { empty, isoTime, pesos } from './common';
import { defineEndpoint } from './define';
import { percent } from './fields';
import { rewardsData } from './reward';

/** One row of the VIP level table (seed config). */
export const vipLevelSchema = z.object({
  level: z.number().int().nonnegative(),
  depositThreshold: pesos.describe('Cumulative deposits needed to reach this level'),
  turnoverThreshold: pesos.describe('Cumulative turnover needed to reach this level (both thresholds must be met)'),
  dailyReward: pesos.describe('Daily login reward, cash'),
  monthlyReward: pesos.describe('Monthly reward, cash'),
  depositRebateRate: percent.describe('Deposit rebate, percent of deposits (0.5 means 0.5%)'),
  rebateRate: percent.describe('Turnover rebate, percent of turnover (0.5 means 0.5%)'),
  withdrawDailyLimit: pesos.describe('Most that may be withdrawn per Manila day'),
  withdrawDailyCount: z.number().int().nonnegative().describe('Most withdrawals per Manila day'),
  activenessDecayPercent: percent.describe('Activeness taken off for each Manila day without a deposit'),
});

/** Progress towards the next level on one axis. */
export const vipProgressSchema = z.object({
  current: pesos.describe('Cumulative amount so far'),
  next: pesos.nullable().describe('Threshold of the next level; null at the top level'),
  percent: percent.describe('current / next, capped at 100; 100 at the top level'),
});

export const vipCardSchema = z.object({
  level: z.number().int().nonnegative(),
  nextLevel: z.number().int().nullable().describe('null at the top level'),
  depositProgress: vipProgressSchema,
  turnoverProgress: vipProgressSchema,
  activenessPercent: percent.describe(
    'VIP activeness: each deposit day adds 100 (at most 100 per day), each day without deposit takes off the level decay',
  ),
  daily: z.object({
    amount: pesos.describe("Today's login reward at the current level"),
    claimable: z.boolean().describe('Not yet claimed this Manila day'),
    nextClaimAt: isoTime.describe('When the next daily reward opens (next Manila midnight when claimed today)'),
    turnoverMultiple: z
      .number()
      .int()
      .nonnegative()
      .describe('The cash must be bet this many times before it can be withdrawn (0: at once)'),
  }),
  monthly: z.object({
    amount: pesos,
    claimable: z.boolean().describe('Not yet claimed this Manila month and the level grants one'),
    nextClaimAt: isoTime.describe('When the next monthly reward opens'),
    turnoverMultiple: z
      .number()
      .int()
      .nonnegative()
      .describe('The cash must be bet this many times before it can be withdrawn (0: at once)'),
  }),
  depositRebate: z.object({
    claimable: pesos.describe('Deposit rebate accrued and not yet claimed'),
  }),
  turnoverRebate: z.object({
    claimable: pesos.describe('Turnover rebate accrued and not yet claimed'),
  }),
  levels: z.array(vipLevelSchema).describe('The whole level table, lowest first'),
});
export type VipCard = z.infer<typeof vipCardSchema>;

export const vipCard = defineEndpoint({
  method: 'GET',
  path: '/api/vip/card/fetch',
  access: 'user',
  quiet: true,
  summary: 'VIP status, activeness, claimable rewards and the level table',
  data: vipCardSchema,
});

export const claimVipDaily = defineEndpoint({
  method: 'POST',
  path: '/api/vip/card/daily/rewards/claim',
  access: 'user',
  rateLimit: 'claim',
  summary: "Claim today's VIP login reward (once per Manila day)",
  body: empty,
  data: rewardsData,
  codes: [
    Code.INSUFFICIENT_BALANCE,
    Code.REWARD_ALREADY_CLAIMED,
    Code.GUEST_NOT_ALLOWED,
    Code.NOTHING_TO_CLAIM,
    Code.SIGN_IN_NOT_ARRIVED,
  ],
});

export const claimVipDeposit = defineEndpoint({
  method: 'POST',
  path: '/api/vip/card/deposit/rewards/claim',
  access: 'user',
  rateLimit: 'claim',
  summary: 'Claim the accrued VIP deposit rebate',
  body: empty,
  data: rewardsData,
  codes: [Code.INSUFFICIENT_BALANCE, Code.REWARD_ALREADY_CLAIMED, Code.GUEST_NOT_ALLOWED, Code.NOTHING_TO_CLAIM],
});

export const claimVipRebate = defineEndpoint({
  method: 'POST',
  path: '/api/vip/card/rebate/rewards/claim',
  access: 'user',
  rateLimit: 'claim',
  summary: 'Claim the accrued VIP turnover rebate',
  body: empty,
  data: rewardsData,
  codes: [Code.INSUFFICIENT_BALANCE, Code.REWARD_ALREADY_CLAIMED, Code.GUEST_NOT_ALLOWED, Code.NOTHING_TO_CLAIM],
});

export const claimVipMonthly = defineEndpoint({
  method: 'POST',
  path: '/api/vip/card/monthly/rewards/claim',
  access: 'user',
  rateLimit: 'claim',
  summary: "Claim this month's VIP reward (once per Manila month)",
  body: empty,
  data: rewardsData,
  codes: [
    Code.INSUFFICIENT_BALANCE,
    Code.REWARD_ALREADY_CLAIMED,
    Code.GUEST_NOT_ALLOWED,
    Code.NOTHING_TO_CLAIM,
    Code.SIGN_IN_NOT_ARRIVED,
  ],
});

export const vipEndpoints = [vipCard, claimVipDaily, claimVipDeposit, claimVipRebate, claimVipMonthly] as const;
