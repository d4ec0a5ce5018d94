import { z } from 'zod';
import { Code } from '../codes';
import { E_WALLETS, RuleMessage } from '../rules';
import { isoTime, paged, pageQuery, pesos } from './common';
import { defineEndpoint } from './define';
import { amountInput, dateRangeCheck, dateRangeQuery, idSchema } from './fields';

/** Deposit channels: the e-wallets of spec section 3. */
export const channelSchema = z.enum(E_WALLETS);

/** Deposit status, spec section 4. */
export const DEPOSIT_STATUS = { PENDING: 0, SUCCESS: 1, FAILED: 2, TIMEOUT: 3 } as const;
export const depositStatusSchema = z.literal([0, 1, 2, 3]).describe('0 Pending, 1 Success, 2 Failed, 3 Timeout');

/** Spec section 9: the first deposit is at least 500 pesos. */
export const FIRST_DEPOSIT_MIN = 500;

export const rechargeMethodSchema = z.object({
  code: channelSchema,
  name: z.string().describe('Display name: GCash, PayMaya'),
  enabled: z.boolean().describe('Switched on by the operator; a disabled channel refuses orders'),
  min: pesos.describe('Smallest amount per order on this channel'),
  max: pesos.describe('Largest amount per order on this channel'),
});

export const rechargeMethods = defineEndpoint({
  method: 'GET',
  path: '/api/recharge/method',
  access: 'user',
  quiet: true,
  summary: 'Deposit channels with their limits',
  data: z.array(rechargeMethodSchema),
});

export const rechargeBankSchema = z.object({
  channel: channelSchema,
  code: z.string().describe('Paying wallet code, e.g. gcash'),
  name: z.string(),
  logoUrl: z.string().describe('Logo served by this server'),
});

export const rechargeBanks = defineEndpoint({
  method: 'GET',
  path: '/api/recharge/bank',
  access: 'user',
  quiet: true,
  summary: 'The wallets a player can pay from, per channel, with their logos',
  query: z.strictObject({ channel: channelSchema.optional() }),
  data: z.array(rechargeBankSchema),
});

export const rechargeAmounts = defineEndpoint({
  method: 'GET',
  path: '/api/recharge/amount',
  access: 'user',
  quiet: true,
  summary: 'Preset deposit amounts and the first-deposit minimum',
  query: z.strictObject({ channel: channelSchema.optional() }),
  data: z.object({
    presets: z.array(pesos).describe('Amounts offered as buttons, ascending, within the channel limits'),
    firstDepositMin: pesos.describe('Smallest first deposit (500)'),
    firstDeposit: z.boolean().describe('The player has no successful deposit yet, so firstDepositMin applies'),
  }),
});

/** What preCreate and build take. */
export const depositRequest = z.strictObject({
  channel: channelSchema,
  amount: amountInput.describe('Pesos to pay, at most two decimals, within the channel min and max'),
  couponId: idSchema.optional().describe('A coupon of the player (coupon/fetch) that adds a bonus'),
});

export const depositQuoteSchema = z.object({
  amount: pesos.describe('Amount credited to the balance when paid'),
  bonus: pesos.describe('Bonus credited on top by the coupon, 0 without one'),
  turnoverRequired: pesos.describe(
    'All the turnover this deposit asks: its own (amount x depositTurnoverMultiple, owed on the whole balance) plus bonusTurnover',
  ),
  bonusTurnover: pesos.describe(
    "The coupon bonus's wagering requirement: bets before the bonus can be withdrawn; it locks only the bonus",
  ),
  fee: pesos.describe('Channel fee paid by the player, 0 when none'),
  total: pesos.describe('What the player pays through the e-wallet: amount + fee'),
});

export const rechargeQuote = defineEndpoint({
  method: 'POST',
  path: '/api/recharge/preCreate',
  access: 'user',
  summary: 'Quote a deposit (bonus, turnover, fee) without creating it',
  body: depositRequest,
  data: depositQuoteSchema,
  codes: [
    Code.GUEST_NOT_ALLOWED,
    Code.CHANNEL_DISABLED,
    Code.AMOUNT_OUT_OF_RANGE,
    Code.FIRST_DEPOSIT_MIN,
    Code.COUPON_INVALID,
    Code.PLAY_PAUSED,
    Code.DEPOSIT_LIMIT_REACHED,
  ],
});

export const rechargeBuild = defineEndpoint({
  method: 'POST',
  path: '/api/recharge/build',
  access: 'user',
  idempotent: true,
  summary: 'Create a Pending deposit order and return the e-wallet checkout URL',
  body: depositRequest,
  data: z.object({
    orderNo: z.string().describe('Order number, the idempotency key of the gateway callback'),
    payUrl: z.string().describe('Checkout page of the e-wallet (the sandbox on this server)'),
    amount: pesos,
    status: z.literal(DEPOSIT_STATUS.PENDING),
  }),
  codes: [
    Code.GUEST_NOT_ALLOWED,
    Code.CHANNEL_DISABLED,
    Code.AMOUNT_OUT_OF_RANGE,
    Code.FIRST_DEPOSIT_MIN,
    Code.COUPON_INVALID,
    Code.PLAY_PAUSED,
    Code.DEPOSIT_LIMIT_REACHED,
  ],
});

const orderNoBody = z.strictObject({
  orderNo: z
    .string()
    .regex(/^D\d{10,30}$/, RuleMessage.format)
    .describe('A Pending deposit of the player'),
});

export const rechargeResume = defineEndpoint({
  method: 'POST',
  path: '/api/recharge/resume',
  access: 'user',
  summary: "Reopen the checkout of the player's own Pending deposit (the same order and checkout URL)",
  body: orderNoBody,
  data: rechargeBuild.data,
  codes: [Code.ORDER_NOT_FOUND, Code.DEPOSIT_NOT_PENDING],
});

export const rechargeCancel = defineEndpoint({
  method: 'POST',
  path: '/api/recharge/cancel',
  access: 'user',
  summary:
    "Cancel the player's own Pending deposit: its checkout is closed at the gateway first, then it becomes Failed and its coupon is available again at once; a second cancel answers the same. A payment the gateway already took keeps the order for its webhook (DEPOSIT_NOT_PENDING); a gateway that cannot answer leaves the order Pending (SERVICE_UNAVAILABLE: try again)",
  body: orderNoBody,
  data: z.object({ orderNo: z.string(), status: z.literal(DEPOSIT_STATUS.FAILED) }),
  codes: [Code.ORDER_NOT_FOUND, Code.DEPOSIT_NOT_PENDING, Code.SERVICE_UNAVAILABLE],
});

export const depositRecordSchema = z.object({
  orderNo: z.string(),
  channel: channelSchema,
  amount: pesos,
  bonus: pesos,
  status: depositStatusSchema,
  createdAt: isoTime,
  paidAt: isoTime.nullable().describe('When the payment succeeded; null unless status is 1'),
});

export const rechargeRecords = defineEndpoint({
  method: 'GET',
  path: '/api/recharge/fetch',
  access: 'user',
  quiet: true,
  summary: "The player's deposit records, newest first",
  query: z
    .strictObject({
      status: z.coerce.number().int().min(0).max(3).optional().describe('0 Pending, 1 Success, 2 Failed, 3 Timeout'),
      ...dateRangeQuery,
      ...pageQuery,
    })
    .refine(...dateRangeCheck),
  data: paged(depositRecordSchema),
});

export const COUPON_STATUSES = ['available', 'used', 'expired'] as const;

export const couponSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  bonusPercent: z.number().nonnegative().describe('Bonus as a percent of the deposit (10 means 10%)'),
  maxBonus: pesos.describe('Largest bonus the coupon gives'),
  minDeposit: pesos.describe('Smallest deposit it applies to'),
  turnoverMultiple: z
    .number()
    .int()
    .positive()
    .describe(
      'Turnover multiple attached to the bonus (10 means 10x); preCreate quotes the resulting turnoverRequired',
    ),
  expiresAt: isoTime,
  status: z.enum(COUPON_STATUSES),
});

export const coupons = defineEndpoint({
  method: 'GET',
  path: '/api/coupon/fetch',
  access: 'user',
  quiet: true,
  summary: "The player's deposit coupons, usable first",
  query: z.strictObject({ status: z.enum(COUPON_STATUSES).optional() }),
  data: z.array(couponSchema),
});

export const rechargeEndpoints = [
  rechargeMethods,
  rechargeBanks,
  rechargeAmounts,
  rechargeQuote,
  rechargeBuild,
  rechargeRecords,
  coupons,
] as const;
