import { z } from 'zod';
import { pesos } from './common';
import { fbEventSchema } from './config';
import { defineEndpoint } from './define';

/** Cash buckets of spec section 3, in pesos. */
export const userAccountSchema = z.object({
  allAmount: pesos.describe('Total cash of the account, including the amount frozen by pending withdrawals'),
  balance: pesos.describe('Spendable cash: allAmount minus frozen withdrawals. The header shows this'),
  withdrawalAmount: pesos.describe(
    'The part of balance that may be withdrawn now: 0 while deposit turnover is owed (surplus > 0), else balance minus the bonuses of open wagering requirements (GET /api/withdraw/wagering), never below 0',
  ),
  deposit: pesos.describe('Cumulative successful deposits of the account'),
  point: z.number().int().nonnegative().describe('Points balance (whole points, spent in the mall)'),
  surplus: pesos.describe(
    "Deposits' own turnover still owed before any withdrawal is allowed: max(0, turnoverRequired - turnoverDone). Bonus wagering is not in it (GET /api/withdraw/wagering)",
  ),
});

export const userPointSchema = z.object({
  point: z.number().int().nonnegative().describe('Points balance, same as userAccountVO.point'),
  totalEarned: z.number().int().nonnegative().describe('Points earned since registration'),
});

export const KYC_STATUSES = ['unverified', 'pending', 'verified', 'rejected'] as const;
export const kycStatusSchema = z.enum(KYC_STATUSES);

export const userRiskSchema = z.object({
  turnoverRequired: pesos.describe(
    "Turnover required by deposits' own multiple (depositTurnoverMultiple, anti-money-laundering) so far; bonuses have their own wagering requirements",
  ),
  turnoverDone: pesos.describe('Turnover counted against that requirement (bets placed, less rollbacks)'),
  withdrawLocked: z
    .boolean()
    .describe(
      'A withdrawal now would be refused: deposit turnover owed, nothing withdrawable, identity not verified, or account restricted',
    ),
  kycStatus: kycStatusSchema.describe('Identity verification: unverified, pending (submitted), verified or rejected'),
  restricted: z
    .boolean()
    .describe('Restricted: not verified within 7 days of registration, or suspended by the operator'),
});

export const balanceSchema = z.object({
  userAccountVO: userAccountSchema,
  userPointVO: userPointSchema,
  userRiskVO: userRiskSchema,
  fbEvent: z.array(fbEventSchema).describe('Pending pixel events for the client to fire once (empty when none)'),
});
export type Balance = z.infer<typeof balanceSchema>;

export const balance = defineEndpoint({
  method: 'GET',
  path: '/api/balance',
  access: 'user',
  quiet: true,
  summary: 'Cash buckets, points, withdrawal risk state and pending pixel events',
  data: balanceSchema,
});

const counter = z.number().int().nonnegative();

/** The badge counters of spec section 3; the socket events of spec section 4 update them one by one. */
export const badgeSchema = z.object({
  loginBonusRewardNum: counter.describe('Login (sign-in) bonuses ready to claim; socket event badge.sign.up'),
  inviteFriendToEarnNum: counter.describe(
    'Invite-friends spins (draw chances) left; socket event invite.friends.spins',
  ),
  letterUnreadNum: counter.describe('Unread inbox letters (inboxUnread); socket event inbox.unread'),
  taskRewardNum: counter.describe('Task rewards ready to claim; socket event task.reward'),
  inviteFriendEnergy: counter.describe('Invite-friends energy; socket event invite.friends.energy'),
  dailyDepositSign: counter.describe('Daily deposit bonus sign-ins ready to claim; socket event daily.deposit.sign'),
  vipTabRewardsNum: counter.describe('VIP rewards ready to claim (vipRewardsNum); socket event vip.tab.rewards.num'),
});
export type Badge = z.infer<typeof badgeSchema>;

export const badgeData = defineEndpoint({
  method: 'GET',
  path: '/api/badge/data',
  access: 'user',
  summary: 'The badge counters, derived from state',
  data: badgeSchema,
});

export const accountEndpoints = [balance, badgeData] as const;
