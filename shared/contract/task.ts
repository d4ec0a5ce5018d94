import { z } from 'zod';
import { Code } from '../codes';
import { RuleMessage } from '../rules';
import { isoTime, pesos } from './common';
import { defineEndpoint } from './define';
import { rewardSchema, rewardsData } from './reward';

/**
 * Tasks and daily bonuses (menu entries Task, 30 Day Bonus, Daily Deposit Bonus, Return Gift Pack).
 * Each has a fetch (state and progress from real deposits, bets, logins and days, Asia/Manila) and an
 * idempotent claim keyed by its period. Rules: docs/rewards.md, "Inbox, tasks and bonuses".
 */

const manilaDayText = z.string().describe('The business day in Asia/Manila, YYYY-MM-DD');

// ---------------------------------------------------------------------------------------------- tasks

export const TASK_STATUS = ['progress', 'available', 'claimed'] as const;

export const taskSchema = z.object({
  code: z.string(),
  period: z.enum(['daily', 'once']).describe('daily: again every Manila day; once: one time per account'),
  title: z.string().describe('In the language of the request'),
  unit: z.enum(['count', 'pesos']).describe('What progress and target count'),
  progress: pesos.describe('Done so far (capped at target)'),
  target: pesos,
  rewards: z.array(rewardSchema),
  status: z
    .enum(TASK_STATUS)
    .describe('progress: not done yet; available: done, claim it; claimed: done for the period'),
  turnoverMultiple: z
    .number()
    .int()
    .optional()
    .describe("The task's cash must be turned over this many times before a withdrawal (0: no wagering)"),
});

export const taskFetch = defineEndpoint({
  method: 'GET',
  path: '/api/task/fetch',
  access: 'user',
  quiet: true,
  summary: "The player's daily and one-time tasks with progress",
  data: z.object({ day: manilaDayText, tasks: z.array(taskSchema) }),
});

export const taskClaim = defineEndpoint({
  method: 'POST',
  path: '/api/task/claim',
  access: 'user',
  rateLimit: 'claim',
  summary: "Claim a finished task's rewards, once per period",
  body: z.strictObject({
    code: z
      .string()
      .max(40, RuleMessage.format)
      .regex(/^[a-z0-9_]+$/, RuleMessage.format),
  }),
  data: rewardsData,
  codes: [
    Code.INSUFFICIENT_BALANCE,
    Code.REWARD_ALREADY_CLAIMED,
    Code.GUEST_NOT_ALLOWED,
    Code.TASK_NOT_FOUND,
    Code.TASK_NOT_DONE,
  ],
});

// ------------------------------------------------------------------------------------ 30-day sign-in

export const signInDaySchema = z.object({
  day: z.number().int().describe('1 to totalDays: the nth sign-in'),
  rewards: z.array(rewardSchema),
  status: z
    .enum(['claimed', 'available', 'deposit', 'locked'])
    .describe('available: sign in now; deposit: today is its day but needs a deposit first; locked: not yet'),
  claimedAt: isoTime.nullable(),
});

export const signInFetch = defineEndpoint({
  method: 'GET',
  path: '/api/bonus/signIn/fetch',
  access: 'user',
  quiet: true,
  summary: '30 Day Bonus: one sign-in per Manila day; day 1 is the sign-up bonus',
  data: z.object({
    signUpBonus: pesos.describe('Cash of the first sign-in (the sign-up bonus)'),
    freeDays: z.number().int().describe('Sign-ins that need no deposit on their day'),
    totalDays: z.number().int(),
    minDeposit: pesos.describe('Deposits needed on the day of a sign-in after the free days'),
    depositedToday: pesos,
    signedDays: z.number().int(),
    signedToday: z.boolean(),
    nextDay: z.number().int().nullable().describe('The next sign-in, null when all are done'),
    turnoverMultiple: z.number().int(),
    days: z.array(signInDaySchema),
  }),
});

export const signInClaim = defineEndpoint({
  method: 'POST',
  path: '/api/bonus/signIn/claim',
  access: 'user',
  rateLimit: 'claim',
  summary: "Sign in for a day of the 30: only the next one, once per Manila day ('Sign-in date not arrived' else)",
  body: z.strictObject({ day: z.number().int().min(1).max(366) }),
  data: rewardsData,
  codes: [
    Code.INSUFFICIENT_BALANCE,
    Code.REWARD_ALREADY_CLAIMED,
    Code.GUEST_NOT_ALLOWED,
    Code.SIGN_IN_NOT_ARRIVED,
    Code.TASK_NOT_FOUND,
    Code.SIGN_IN_DEPOSIT_REQUIRED,
  ],
});

// ------------------------------------------------------------------------------ daily deposit bonus

export const dailyDepositFetch = defineEndpoint({
  method: 'GET',
  path: '/api/bonus/dailyDeposit/fetch',
  access: 'user',
  quiet: true,
  summary: "Daily Deposit Bonus: today's deposits unlock tiers; each tier once per Manila day",
  data: z.object({
    day: manilaDayText,
    deposited: pesos.describe('Successful deposits today'),
    turnoverMultiple: z.number().int().describe('The bonus must be turned over this many times before a withdrawal'),
    tiers: z.array(
      z.object({
        tier: z.number().int(),
        deposit: pesos.describe('Deposits needed today'),
        rewards: z.array(rewardSchema),
        status: z.enum(['locked', 'available', 'claimed']),
      }),
    ),
  }),
});

export const dailyDepositClaim = defineEndpoint({
  method: 'POST',
  path: '/api/bonus/dailyDeposit/claim',
  access: 'user',
  rateLimit: 'claim',
  summary: "Claim a reached tier of today's deposit bonus",
  body: z.strictObject({ tier: z.number().int().min(1).max(100) }),
  data: rewardsData,
  codes: [
    Code.INSUFFICIENT_BALANCE,
    Code.REWARD_ALREADY_CLAIMED,
    Code.GUEST_NOT_ALLOWED,
    Code.TASK_NOT_FOUND,
    Code.DAILY_DEPOSIT_NOT_REACHED,
  ],
});

// --------------------------------------------------------------------------------- return gift pack

export const returnGiftFetch = defineEndpoint({
  method: 'GET',
  path: '/api/bonus/returnGift/fetch',
  access: 'user',
  quiet: true,
  summary: 'Return Gift Pack: for a player back after awayDays without login or deposit',
  data: z.object({
    awayDays: z.number().int(),
    claimDays: z.number().int().describe('Days after the return during which the pack can be claimed'),
    rewards: z.array(rewardSchema),
    turnoverMultiple: z.number().int(),
    status: z.enum(['none', 'available', 'claimed']),
    returnedAt: isoTime.nullable().describe('The login that counted as a return'),
    expiresAt: isoTime.nullable(),
  }),
});

export const returnGiftClaim = defineEndpoint({
  method: 'POST',
  path: '/api/bonus/returnGift/claim',
  access: 'user',
  rateLimit: 'claim',
  summary: 'Claim the return gift pack, once per return',
  body: z.strictObject({}),
  data: rewardsData,
  codes: [
    Code.INSUFFICIENT_BALANCE,
    Code.REWARD_ALREADY_CLAIMED,
    Code.GUEST_NOT_ALLOWED,
    Code.RETURN_GIFT_NOT_ELIGIBLE,
  ],
});

export const taskEndpoints = [
  taskFetch,
  taskClaim,
  signInFetch,
  signInClaim,
  dailyDepositFetch,
  dailyDepositClaim,
  returnGiftFetch,
  returnGiftClaim,
] as const;
