import { z } from 'zod';
import { Code } from '../codes';
import { empty, isoTime, paged, pageQuery, pesos } from './common';
import { defineEndpoint } from './define';
import { percent } from './fields';
import { rewardSchema, rewardsData } from './reward';

/** One rebate line of the friends card (referral deposit rebate, referral turnover rebate). */
export const friendRebateSchema = z.object({
  rate: percent.describe("Percent of the referrals' deposits (or turnover) paid to the player (0.5 means 0.5%)"),
  claimable: pesos.describe('Accrued and not yet claimed'),
  totalEarned: pesos.describe('Claimed so far, all time'),
});

export const friendCardSchema = z.object({
  invitationCode: z.string().describe("The player's own invitation code"),
  shareUrl: z.string().describe('Link that opens register with the code filled in'),
  referrals: z.number().int().nonnegative().describe('Players who bound this player as their superior'),
  depositingReferrals: z.number().int().nonnegative().describe('Of those, how many have deposited at least once'),
  energy: z.number().int().nonnegative().describe('Invite-friends energy (badge inviteFriendEnergy)'),
  depositRebate: friendRebateSchema,
  turnoverRebate: friendRebateSchema,
});

export const friendCard = defineEndpoint({
  method: 'GET',
  path: '/api/friend/card/fetch',
  access: 'user',
  quiet: true,
  summary: 'The friends card: referral counts and the claimable referral rebates',
  data: friendCardSchema,
});

export const FRIEND_REWARD_KINDS = ['deposit', 'turnover', 'ranking'] as const;

export const friendRewardRecordSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FRIEND_REWARD_KINDS).describe('deposit or turnover rebate, or an invite-ranking reward'),
  friendName: z.string().describe('Masked username of the referral it came from; empty for ranking rewards'),
  baseAmount: pesos.describe("The referral's deposit or turnover it was computed from; 0 for ranking rewards"),
  amount: pesos.describe('Reward in pesos'),
  claimed: z.boolean(),
  createdAt: isoTime,
});

export const friendRewardRecords = defineEndpoint({
  method: 'GET',
  path: '/api/friend/card/rewards/record',
  access: 'user',
  quiet: true,
  summary: 'Rewards earned from referrals, newest first',
  query: z.strictObject({
    kind: z.enum(FRIEND_REWARD_KINDS).optional(),
    ...pageQuery,
  }),
  data: paged(friendRewardRecordSchema),
});

export const claimFriendDeposit = defineEndpoint({
  method: 'POST',
  path: '/api/friend/card/deposit/rewards/claim',
  access: 'user',
  rateLimit: 'claim',
  summary: 'Claim the accrued referral deposit rebate',
  body: empty,
  data: rewardsData,
  codes: [Code.INSUFFICIENT_BALANCE, Code.REWARD_ALREADY_CLAIMED, Code.GUEST_NOT_ALLOWED, Code.NOTHING_TO_CLAIM],
});

export const claimFriendTurnover = defineEndpoint({
  method: 'POST',
  path: '/api/friend/card/turnover/rewards/claim',
  access: 'user',
  rateLimit: 'claim',
  summary: 'Claim the accrued referral turnover rebate',
  body: empty,
  data: rewardsData,
  codes: [Code.INSUFFICIENT_BALANCE, Code.REWARD_ALREADY_CLAIMED, Code.GUEST_NOT_ALLOWED, Code.NOTHING_TO_CLAIM],
});

export const rankingEntrySchema = z.object({
  rank: z.number().int().positive(),
  username: z.string().describe('Masked username'),
  invites: z
    .number()
    .int()
    .nonnegative()
    .describe('Referrals that deposited and wagered their first deposit, counted in the week they did'),
});

export const rankingPrizeSchema = z.object({
  rankFrom: z.number().int().positive(),
  rankTo: z.number().int().positive(),
  rewards: z.array(rewardSchema),
});

export const rankingPeriodSchema = z.object({
  periodId: z.string().describe('Opaque id of the period, sent back to claim'),
  startAt: isoTime,
  endAt: isoTime,
});

export const inviteRankingsSchema = z.object({
  period: rankingPeriodSchema.describe('The running period'),
  list: z.array(rankingEntrySchema).describe('Current standings, best first'),
  prizes: z.array(rankingPrizeSchema).describe('Rewards per rank band'),
  me: z.object({
    rank: z.number().int().positive().nullable().describe('null when not ranked'),
    invites: z.number().int().nonnegative(),
  }),
  claimable: z
    .object({
      periodId: z.string(),
      rank: z.number().int().positive(),
      rewards: z.array(rewardSchema),
    })
    .nullable()
    .describe('An unclaimed reward of a finished period, or null'),
});

export const inviteRankings = defineEndpoint({
  method: 'GET',
  path: '/api/invite/rankings/fetch',
  access: 'user',
  quiet: true,
  summary: 'The invite ranking of the running period, its prizes and any unclaimed reward',
  data: inviteRankingsSchema,
});

export const claimInviteRanking = defineEndpoint({
  method: 'POST',
  path: '/api/invite/rankings/claim',
  access: 'user',
  rateLimit: 'claim',
  summary: 'Claim the ranking reward of a finished period (once per period)',
  body: z.strictObject({ periodId: z.string().min(1, 'This is required').max(32, 'Format is incorrect') }),
  data: rewardsData,
  codes: [
    Code.INSUFFICIENT_BALANCE,
    Code.REWARD_ALREADY_CLAIMED,
    Code.GUEST_NOT_ALLOWED,
    Code.NOTHING_TO_CLAIM,
    Code.RANKING_PERIOD_RUNNING,
    Code.RANKING_PERIOD_UNKNOWN,
  ],
});

export const friendEndpoints = [
  friendCard,
  friendRewardRecords,
  claimFriendDeposit,
  claimFriendTurnover,
  inviteRankings,
  claimInviteRanking,
] as const;
