import { z } from 'zod';
import { isoTime, pesos } from './common';
import { defineEndpoint } from './define';
import { signedPesos } from './fields';

/**
 * The operator's dashboard (issue 29 item 5): the business figures of today and of the last 30 Manila days,
 * read from the ledger (`balance_journal`) and the tables, a daily series and the queues waiting for an
 * operator. Every figure's exact definition: docs/operator-guide.md, "Dashboard".
 */

const manilaDay = z.string().describe('A business day in Asia/Manila, YYYY-MM-DD');

/** A money flow of a period: the sum of its journal rows and how many there are (one per order). */
const flow = z.object({
  amount: pesos,
  count: z.number().int().describe('How many journal rows (orders)'),
});

export const dashboardPeriodSchema = z.object({
  from: isoTime.describe('Start of the first Manila day of the period (inclusive)'),
  to: isoTime.describe('End of the last Manila day of the period, today (exclusive)'),
  ggr: signedPesos.describe(
    "Gross gaming revenue: the players' net losses at the games, -Σ amount of the journal rows bet, win and rollback",
  ),
  bonusCost: signedPesos.describe(
    'Cash given by promotions: Σ amount of the journal rows deposit_bonus, reward and rebate',
  ),
  ngr: signedPesos.describe('Net gaming revenue: GGR - bonus cost'),
  deposits: flow.describe('Journal rows deposit: the deposits credited (paid) in the period'),
  withdrawals: flow.describe('Journal rows withdraw_paid: the withdrawals paid out in the period'),
  activePlayers: z.number().int().describe('Distinct accounts with at least one bet row in the period'),
  newPlayers: z.number().int().describe('Accounts registered in the period (a guest counts when it signs up)'),
});

export const dashboardDaySchema = z.object({
  day: manilaDay,
  ggr: signedPesos,
  deposits: pesos,
  withdrawals: pesos,
  activePlayers: z
    .number()
    .int()
    .describe('Distinct accounts with at least one bet row that day (the 30 days do not add up to the period)'),
  newPlayers: z.number().int(),
});

export const getDashboard = defineEndpoint({
  method: 'GET',
  path: '/ops/dashboard',
  access: 'ops',
  permission: 'players.read',
  summary:
    "The operator's dashboard: GGR, NGR, bonus cost, deposits, withdrawals paid, active and new players for today and the last 30 Manila days, the daily series and the pending queues",
  data: z.object({
    now: isoTime.describe('The virtual clock when the figures were read'),
    today: manilaDay.describe("Today's Manila day"),
    periods: z.object({
      today: dashboardPeriodSchema,
      last30Days: dashboardPeriodSchema.describe('The 30 Manila days ending with today'),
    }),
    daily: z.array(dashboardDaySchema).describe('One row per Manila day of the last 30, oldest first, today last'),
    pending: z.object({
      withdrawals: z.number().int().describe('Withdrawals waiting for review: status 0 Pending'),
      withdrawalsAmount: pesos.describe('Their amount'),
      withdrawalExceptions: z
        .number()
        .int()
        .describe('Withdrawals the payout gateway gave no clear answer for: status 5 Exception, for an operator'),
      kyc: z.number().int().describe('Identity verifications submitted and not decided (status pending)'),
      chats: z.number().int().describe('Live-chat conversations open'),
      chatsUnread: z.number().int().describe('Open conversations with player messages no operator has read'),
      deposits: z.number().int().describe('Deposits created and not yet paid, failed or timed out: status 0 Pending'),
    }),
  }),
});

export const opsDashboardEndpoints = [getDashboard] as const;
