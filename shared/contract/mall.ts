import { z } from 'zod';
import { Code } from '../codes';
import { POKER_RANKS, POKER_SUITS } from '../poker-deck';
import { RuleMessage } from '../rules';
import { empty, isoTime, pesos } from './common';
import { defineEndpoint } from './define';
import { idSchema } from './fields';
import { rewardSchema, rewardsData } from './reward';

export const mallItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  price: z.number().int().positive().describe('Price in points'),
  reward: rewardSchema.describe('What one unit gives'),
  stock: z.number().int().nonnegative().nullable().describe('Units left; null when unlimited'),
  perAccountLimit: z.number().int().positive().nullable().describe('Most units one account may take; null when none'),
  exchanged: z.number().int().nonnegative().describe('Units this player has taken'),
  minVip: z.number().int().nonnegative().describe('Lowest VIP level allowed, 0 for everyone'),
});

export const mallInfo = defineEndpoint({
  method: 'GET',
  path: '/api/mallExchange/info',
  access: 'user',
  quiet: true,
  summary: "The mall: items priced in points and the player's points",
  data: z.object({
    point: z.number().int().nonnegative().describe("The player's points balance"),
    items: z.array(mallItemSchema),
    cashTurnoverMultiple: z
      .number()
      .int()
      .nonnegative()
      .describe('Cash bought here must be bet this many times before it can be withdrawn (0: at once)'),
  }),
});

export const mallOrder = defineEndpoint({
  method: 'POST',
  path: '/api/mallExchange/order',
  access: 'user',
  idempotent: true,
  rateLimit: 'claim',
  summary: 'Exchange points for an item',
  body: z.strictObject({
    itemId: idSchema,
    quantity: z.number().int().min(1, RuleMessage.format).max(99, RuleMessage.format).default(1),
  }),
  data: rewardsData.extend({
    orderNo: z.string(),
    pointsSpent: z.number().int().positive(),
    point: z.number().int().nonnegative().describe('Points balance after the order'),
  }),
  codes: [
    Code.INSUFFICIENT_BALANCE,
    Code.REWARD_ALREADY_CLAIMED,
    Code.GUEST_NOT_ALLOWED,
    Code.MALL_ITEM_NOT_FOUND,
    Code.MALL_OUT_OF_STOCK,
    Code.MALL_LIMIT_REACHED,
    Code.MALL_POINTS_LOW,
    Code.MALL_VIP_TOO_LOW,
  ],
});

/** Letters, digits and dashes; matched without case. */
export const REDEMPTION_CODE_PATTERN = /^[A-Za-z0-9-]+$/;

export const useRedemptionCode = defineEndpoint({
  method: 'POST',
  path: '/api/redemption/code/use',
  access: 'user',
  rateLimit: 'claim',
  summary: 'Redeem a code for its reward (one use per account)',
  body: z.strictObject({
    code: z
      .string()
      .trim()
      .min(1, RuleMessage.required)
      .max(32, RuleMessage.format)
      .regex(REDEMPTION_CODE_PATTERN, RuleMessage.format),
  }),
  data: rewardsData.extend({
    turnoverMultiple: z
      .number()
      .int()
      .nonnegative()
      .describe("The code's cash must be bet this many times before it can be withdrawn (0: at once)"),
  }),
  codes: [
    Code.INSUFFICIENT_BALANCE,
    Code.REWARD_ALREADY_CLAIMED,
    Code.GUEST_NOT_ALLOWED,
    Code.CODE_INVALID,
    Code.CODE_ALREADY_USED,
    Code.CODE_EXHAUSTED,
    Code.CODE_EXPIRED,
    Code.CODE_VIP_TOO_LOW,
  ],
});

export * from '../poker-deck';

export const pokerCardSchema = z.object({
  code: z.string().describe('"AS" ace of spades, "10H", "QD", "7C"; "RJ" red joker, "BJ" black joker'),
  suit: z.enum([...POKER_SUITS, 'joker']),
  rank: z.enum([...POKER_RANKS, 'red', 'black']).describe('red or black for the jokers'),
  owned: z.number().int().nonnegative().describe('Copies the player holds'),
});

export const pokerFetch = defineEndpoint({
  method: 'GET',
  path: '/api/poker/fetch',
  access: 'user',
  summary: "The poker-card collection: the 54 cards with the player's counts, chances and the grand prize",
  data: z.object({
    cards: z.array(pokerCardSchema).describe('All 54 cards in deck order (POKER_DECK)'),
    collected: z.number().int().min(0).max(54).describe('Distinct cards owned'),
    chances: z.number().int().nonnegative().describe('Draws left: the free daily one plus referral chances'),
    freeDrawAvailable: z.boolean().describe("Today's free draw (per Manila day) is unused"),
    nextFreeDrawAt: isoTime.describe('Next Manila midnight'),
    grandPrize: pesos.describe('Paid once for the full set: 250,000'),
    grandPrizeClaimed: z.boolean(),
    grandPrizeTurnoverMultiple: z
      .number()
      .int()
      .optional()
      .describe('The grand prize must be turned over this many times before a withdrawal (0: no wagering)'),
  }),
});

export const pokerMessageSchema = z.object({
  id: z.number().int(),
  username: z.string().describe('Masked username'),
  kind: z.enum(['draw', 'grandPrize']),
  card: z.string().nullable().describe('Card code drawn; null for grandPrize'),
  amount: pesos.nullable().describe('Prize paid for grandPrize; null for draw'),
  createdAt: isoTime,
});

export const pokerMessages = defineEndpoint({
  method: 'GET',
  path: '/api/poker/message',
  access: 'user',
  summary: 'Recent draws and winners of all players, newest first',
  data: z.array(pokerMessageSchema),
});

export const pokerDraw = defineEndpoint({
  method: 'POST',
  path: '/api/poker/draw',
  access: 'user',
  idempotent: true,
  rateLimit: 'claim',
  summary: 'Use one chance to draw a card; completing the set pays the grand prize once',
  body: empty,
  data: rewardsData.extend({
    card: pokerCardSchema.describe('The card drawn, with the new owned count'),
    duplicate: z.boolean().describe('The player already held this card'),
    chances: z.number().int().nonnegative().describe('Chances left'),
    completed: z.boolean().describe('This draw completed the set; rewards then hold the grand prize'),
  }),
  codes: [Code.INSUFFICIENT_BALANCE, Code.REWARD_ALREADY_CLAIMED, Code.GUEST_NOT_ALLOWED, Code.POKER_NO_CHANCE],
});

export const mallEndpoints = [mallInfo, mallOrder, useRedemptionCode, pokerFetch, pokerMessages, pokerDraw] as const;
