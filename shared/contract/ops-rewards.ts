import { z } from 'zod';
import { Code } from '../codes';
import { RuleMessage } from '../rules';
import { isoTime, paged, pageQuery, pesos } from './common';
import { defineEndpoint } from './define';
import { AMOUNT_CEILING } from './fields';
import { REDEMPTION_CODE_PATTERN } from './mall';

/**
 * The operator API for rewards handed out by code: create redemption codes and list them with
 * their uses. Every call needs `Authorization: Bearer <ADMIN_TOKEN>`. Cash is in pesos, as on /api.
 */

/** A reward an operator attaches to a code: cash in pesos, points and energy in units, coupons by template. */
export const opsRewardInput = z
  .strictObject({
    type: z.enum(['cash', 'point', 'energy', 'coupon']),
    amount: pesos.positive(RuleMessage.format).max(AMOUNT_CEILING, RuleMessage.format),
    coupon: z.string().trim().min(1).max(32).optional().describe('Coupon template code (coupon rewards only)'),
    info: z.string().trim().max(100).optional(),
  })
  .refine((r) => r.type === 'cash' || Number.isInteger(r.amount), {
    message: RuleMessage.format,
    path: ['amount'],
  })
  .refine((r) => (r.type === 'coupon') === (r.coupon !== undefined), {
    message: 'A coupon reward names its template, and only a coupon reward does',
    path: ['coupon'],
  });

export const opsCodeSchema = z.object({
  id: z.number().int(),
  code: z.string().describe('Upper-case; players may type it in any case'),
  rewards: z.array(
    z.object({
      type: z.enum(['cash', 'point', 'energy', 'coupon', 'other']),
      amount: pesos,
      coupon: z.string().optional(),
      info: z.string().optional(),
    }),
  ),
  totalUses: z.number().int(),
  used: z.number().int(),
  left: z.number().int(),
  minVip: z.number().int(),
  turnoverMultiple: z
    .number()
    .int()
    .describe("The code's cash must be bet this many times before it can be withdrawn (0: withdrawable at once)"),
  expiresAt: isoTime.nullable(),
  expired: z.boolean(),
  disabledAt: isoTime.nullable().describe('When an operator switched the code off (it then answers as expired)'),
  remark: z.string(),
  source: z.enum(['seed', 'ops']),
  createdAt: isoTime,
});

export const createCode = defineEndpoint({
  method: 'POST',
  path: '/ops/codes',
  access: 'ops',
  permission: 'codes.write',
  summary: 'Create a redemption code: rewards, total uses (one per account), optional minimum VIP and expiry',
  body: z.strictObject({
    code: z
      .string()
      .trim()
      .min(3, RuleMessage.format)
      .max(32, RuleMessage.format)
      .regex(REDEMPTION_CODE_PATTERN, RuleMessage.format),
    rewards: z.array(opsRewardInput).min(1).max(5),
    totalUses: z.number().int().min(1).max(10_000_000),
    minVip: z.number().int().min(0).max(100).default(0),
    turnoverMultiple: z
      .number()
      .int()
      .min(0)
      .max(100)
      .optional()
      .describe(
        'Wagering of the cash, as a multiple of it; the server default (db/seeds/reward-wagering.json) when absent',
      ),
    expiresAt: z.iso.datetime({ offset: true }).optional().describe('ISO 8601 instant; no expiry when absent'),
    remark: z.string().trim().max(200).default(''),
  }),
  data: opsCodeSchema,
  codes: [Code.CODE_EXISTS, Code.COUPON_TEMPLATE_UNKNOWN],
});

export const listCodes = defineEndpoint({
  method: 'GET',
  path: '/ops/codes',
  access: 'ops',
  permission: 'codes.read',
  summary: 'Redemption codes with their uses, newest first',
  query: z.strictObject({
    q: z.string().trim().max(32).optional().describe('Part of the code, any case'),
    ...pageQuery,
  }),
  data: paged(opsCodeSchema),
});

export const disableCode = defineEndpoint({
  method: 'POST',
  path: '/ops/codes/:id/disable',
  access: 'ops',
  permission: 'codes.write',
  summary: 'Switch a redemption code off: players then get "expired" (60205); uses already made stay',
  params: z.strictObject({ id: z.coerce.number().int().positive() }),
  body: z.strictObject({}),
  data: opsCodeSchema,
  codes: [Code.OPS_NOT_FOUND],
});

export const opsRewardsEndpoints = [createCode, listCodes, disableCode] as const;
