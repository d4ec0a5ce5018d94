import { z } from 'zod';
import { Code } from '../codes';
import { RuleMessage } from '../rules';
import { kycStatusSchema, userAccountSchema } from './account';
import { isoTime, paged, pageQuery, pesos } from './common';
import { defineEndpoint } from './define';
import { AMOUNT_CEILING, amountInput, dateRangeCheck, dateRangeQuery, signedPesos } from './fields';
import { KYC_DOCUMENT_TYPES, kycDocumentKindSchema, kycIdTypeSchema } from './kyc';
import { channelSchema, depositStatusSchema, rechargeMethodSchema } from './recharge';
import { walletBankSchema, withdrawStatusSchema } from './withdraw';

/**
 * The operator API for money: deposits, channels, withdrawals and their status machine,
 * balance adjustments, journals, captcha answers for testers, and identity verification.
 * Every call needs `Authorization: Bearer <ADMIN_TOKEN>`. Amounts are pesos, as on /api.
 */

const uidParams = z.strictObject({ uid: z.coerce.number().int().positive() });
const depositOrderParams = z.strictObject({ orderNo: z.string().regex(/^D\d{16}$/, RuleMessage.format) });
const withdrawOrderParams = z.strictObject({ orderNo: z.string().regex(/^W\d{16}$/, RuleMessage.format) });
const uidFilter = z.coerce.number().int().positive().optional().describe("Only this player's records");
const reasonText = z.string().trim().max(200, RuleMessage.format);

// ------------------------------------------------------------------------------------------- deposits

export const opsDepositSchema = z.object({
  orderNo: z.string(),
  uid: z.number().int(),
  username: z.string(),
  channel: channelSchema,
  amount: pesos,
  bonus: pesos,
  fee: pesos,
  status: depositStatusSchema,
  createdAt: isoTime,
  expiresAt: isoTime.describe('When a still Pending order becomes Timeout'),
  paidAt: isoTime.nullable(),
  settledAt: isoTime.nullable(),
  gatewayRef: z.string().nullable(),
  callbackCount: z.number().int().describe('Gateway callbacks received, replays included'),
});

export const listDeposits = defineEndpoint({
  method: 'GET',
  path: '/ops/deposits',
  access: 'ops',
  permission: 'money.read',
  summary: 'Find deposits, newest first (Pending orders past their time-out are timed out first)',
  query: z
    .strictObject({
      status: z.coerce.number().int().min(0).max(3).optional().describe('0 Pending, 1 Success, 2 Failed, 3 Timeout'),
      uid: uidFilter,
      orderNo: z.string().max(40).optional(),
      ...dateRangeQuery,
      ...pageQuery,
    })
    .refine(...dateRangeCheck),
  data: paged(opsDepositSchema),
});

export const settleDeposit = defineEndpoint({
  method: 'POST',
  path: '/ops/deposits/:orderNo/settle',
  access: 'ops',
  permission: 'money.cashier',
  reasonRequired: true,
  summary:
    'Settle a deposit as the gateway would: a signed callback through the same idempotent path (a settled order keeps its status). FAILED closes its checkout at the gateway first; an order the payer already paid there is left to its webhook (DEPOSIT_NOT_PENDING)',
  params: depositOrderParams,
  body: z.strictObject({
    status: z.enum(['SUCCESS', 'FAILED']),
    reason: reasonText.default('').describe('Why it is settled by hand (audited)'),
  }),
  data: opsDepositSchema,
  codes: [Code.INSUFFICIENT_BALANCE, Code.ORDER_NOT_FOUND, Code.DEPOSIT_NOT_PENDING],
});

export const abandonedCallbackSchema = z.object({
  orderNo: z.string(),
  uid: z.number().int(),
  username: z.string(),
  amount: pesos.describe('The deposit, without the fee'),
  orderStatus: depositStatusSchema.describe('The order at the casino: never settled from a callback'),
  callbackStatus: z.enum(['SUCCESS', 'FAILED']).describe('What the webhook says: SUCCESS means the player paid'),
  tries: z.number().int().describe('Tries the gateway made before it gave up'),
  lastAnswer: z.string().nullable().describe("The casino's last answer to it, as the gateway recorded it"),
  abandonedAt: isoTime,
});

export const listAbandonedCallbacks = defineEndpoint({
  method: 'GET',
  path: '/ops/deposits/abandoned-callbacks',
  access: 'ops',
  permission: 'money.read',
  summary:
    "Gateway webhooks given up after the gateway's last try whose order was never settled from a callback (a paid deposit never credited), the latest first",
  data: z.object({ count: z.number().int(), list: z.array(abandonedCallbackSchema) }),
  codes: [Code.SERVICE_UNAVAILABLE],
});

export const redeliverCallback = defineEndpoint({
  method: 'POST',
  path: '/ops/deposits/:orderNo/redeliver',
  access: 'ops',
  permission: 'money.cashier',
  reasonRequired: true,
  summary:
    "Have the gateway send the order's abandoned webhook again, through the webhook's idempotent path: pressed twice, or meeting a retry, it credits once (result: resent, or the delivery's status when it was no longer abandoned)",
  params: depositOrderParams,
  body: z.strictObject({ reason: reasonText.default('').describe('Why it is redelivered (audited)') }),
  data: z.object({
    result: z
      .enum(['resent', 'pending', 'delivered', 'refused', 'abandoned'])
      .describe('resent now; else what the delivery already was (pending: being retried)'),
    outcome: z
      .enum(['delivered', 'refused', 'retry'])
      .nullable()
      .describe('What the resent try came to (retry: the casino did not take it, tried again)'),
    deposit: opsDepositSchema,
  }),
  codes: [Code.ORDER_NOT_FOUND, Code.CALLBACK_NOT_ABANDONED, Code.SERVICE_UNAVAILABLE],
});

export const listChannels = defineEndpoint({
  method: 'GET',
  path: '/ops/channels',
  access: 'ops',
  permission: 'money.read',
  summary: 'Every deposit channel, switched off ones included, with its min and max (pesos)',
  data: z.array(rechargeMethodSchema),
});

export const setChannel = defineEndpoint({
  method: 'POST',
  path: '/ops/channels/:code',
  access: 'ops',
  permission: 'money.settings',
  summary: 'Switch a deposit channel on or off, or change its min and max (pesos); returns every channel',
  params: z.strictObject({ code: channelSchema }),
  body: z
    .strictObject({
      enabled: z.boolean().optional(),
      min: amountInput.optional(),
      max: amountInput.optional(),
    })
    .refine((b) => b.enabled !== undefined || b.min !== undefined || b.max !== undefined, {
      message: RuleMessage.required,
      path: ['enabled'],
    })
    .refine((b) => b.min === undefined || b.max === undefined || b.min <= b.max, {
      message: RuleMessage.format,
      path: ['max'],
    }),
  data: z.array(rechargeMethodSchema),
  codes: [Code.OPS_NOT_FOUND],
});

// ---------------------------------------------------------------------------------------- withdrawals

export const withdrawalEventSchema = z.object({
  from: withdrawStatusSchema.nullable().describe('null for the creation'),
  to: withdrawStatusSchema,
  actor: z.string().describe('player, ops, auto (autoApprove) or sandbox (the payout gateway)'),
  reason: z.string(),
  at: isoTime,
});

export const opsWithdrawalSchema = z.object({
  orderNo: z.string(),
  uid: z.number().int(),
  username: z.string(),
  vip: z.number().int(),
  amount: pesos,
  fee: pesos,
  bank: walletBankSchema,
  walletName: z.string(),
  account: z.string().describe('Wallet number: in full for players.contact and the service account, else its last 4'),
  kycName: z.string().describe('Verified real name, to compare with the wallet name'),
  status: withdrawStatusSchema,
  remark: z.string(),
  payoutRef: z.string().nullable(),
  payoutDueAt: isoTime.nullable().describe('While Processing: when the sandbox gateway reports its result'),
  createdAt: isoTime,
  updatedAt: isoTime,
});

export const opsWithdrawalDetailSchema = opsWithdrawalSchema.extend({
  history: z.array(withdrawalEventSchema).describe('Every status change, oldest first'),
});

export const listWithdrawals = defineEndpoint({
  method: 'GET',
  path: '/ops/withdrawals',
  access: 'ops',
  permission: 'money.read',
  summary: 'Find withdrawals, newest first',
  query: z
    .strictObject({
      status: z.coerce
        .number()
        .int()
        .min(0)
        .max(6)
        .optional()
        .describe('0 Pending, 1 Reviewed, 2 Success, 3 Failed, 4 Rejected, 5 Exception, 6 Processing'),
      uid: uidFilter,
      orderNo: z.string().max(40).optional(),
      ...dateRangeQuery,
      ...pageQuery,
    })
    .refine(...dateRangeCheck),
  data: paged(opsWithdrawalSchema),
});

export const getWithdrawal = defineEndpoint({
  method: 'GET',
  path: '/ops/withdrawals/:orderNo',
  access: 'ops',
  permission: 'money.read',
  summary: 'One withdrawal with its status history',
  params: withdrawOrderParams,
  data: opsWithdrawalDetailSchema,
  codes: [Code.ORDER_NOT_FOUND],
});

export const reviewWithdrawal = defineEndpoint({
  method: 'POST',
  path: '/ops/withdrawals/:orderNo/review',
  access: 'ops',
  permission: 'money.cashier',
  reasonRequired: true,
  summary: 'Approve a Pending withdrawal: 0 Pending -> 1 Reviewed -> 6 Processing (sent to the sandbox payout gateway)',
  params: withdrawOrderParams,
  body: z.strictObject({ reason: reasonText.default('').describe('Why it is approved (audited)') }),
  data: opsWithdrawalDetailSchema,
  codes: [Code.INSUFFICIENT_BALANCE, Code.ORDER_NOT_FOUND, Code.TRANSITION_INVALID],
});

export const rejectWithdrawal = defineEndpoint({
  method: 'POST',
  path: '/ops/withdrawals/:orderNo/reject',
  access: 'ops',
  permission: 'money.cashier',
  reasonRequired: true,
  summary: 'Reject a Pending or Reviewed withdrawal (-> 4 Rejected); the frozen amount returns to the balance',
  params: withdrawOrderParams,
  body: z.strictObject({ reason: reasonText.min(1, RuleMessage.required).describe('Shown to the player') }),
  data: opsWithdrawalDetailSchema,
  codes: [Code.INSUFFICIENT_BALANCE, Code.ORDER_NOT_FOUND, Code.TRANSITION_INVALID],
});

export const payoutWithdrawal = defineEndpoint({
  method: 'POST',
  path: '/ops/withdrawals/:orderNo/payout',
  access: 'ops',
  permission: 'money.cashier',
  reasonRequired: true,
  summary:
    'Mark the payout result of a Processing (6) or Exception (5) withdrawal: success -> 2, failed -> 3 (amount returned), exception -> 5 (from 6 only)',
  params: withdrawOrderParams,
  body: z.strictObject({
    result: z.enum(['success', 'failed', 'exception']),
    reason: reasonText.default('').describe('Shown to the player on a failure'),
  }),
  data: opsWithdrawalDetailSchema,
  codes: [Code.INSUFFICIENT_BALANCE, Code.ORDER_NOT_FOUND, Code.TRANSITION_INVALID],
});

export const withdrawSettingsSchema = z.object({
  autoApprove: z.boolean().describe('New withdrawals are reviewed at once (development stacks)'),
  autoApproveSource: z
    .enum(['operator', 'environment'])
    .describe('operator: set through this API; environment: on when NODE_ENV=development, else off'),
  payoutDelaySeconds: z
    .number()
    .int()
    .describe('How long (virtual clock) the sandbox payout gateway takes to report a result'),
  feePercent: z.number().describe('Withdrawal fee as a percent of the amount'),
  smsCode: z
    .boolean()
    .describe('A withdrawal needs the SMS code sent to the bound phone (on unless an operator turned it off)'),
  limits: z.array(
    z
      .object({
        vipLevel: z.number().int(),
        dailyAmount: pesos,
        dailyCount: z.number().int(),
        setByOperator: z
          .boolean()
          .describe('Changed through POST /ops/withdraw-limits/:vipLevel: the seed file no longer rewrites it'),
      })
      .describe('Per Manila day'),
  ),
});

export const getWithdrawSettings = defineEndpoint({
  method: 'GET',
  path: '/ops/withdraw-settings',
  access: 'ops',
  permission: 'money.read',
  summary: 'Withdrawal settings and the daily limits per VIP level',
  data: withdrawSettingsSchema,
});

export const setWithdrawSettings = defineEndpoint({
  method: 'POST',
  path: '/ops/withdraw-settings',
  access: 'ops',
  permission: 'money.settings',
  summary:
    'Change autoApprove (null returns to the environment default), the sandbox payout delay or whether a withdrawal needs the SMS code',
  body: z
    .strictObject({
      autoApprove: z.boolean().nullable().optional(),
      payoutDelaySeconds: z.number().int().min(0).max(86_400).optional(),
      smsCode: z.boolean().optional(),
    })
    .refine((b) => b.autoApprove !== undefined || b.payoutDelaySeconds !== undefined || b.smsCode !== undefined, {
      message: RuleMessage.required,
      path: ['autoApprove'],
    }),
  data: withdrawSettingsSchema,
});

/** The most withdrawals a level may allow per Manila day. */
export const WITHDRAW_DAILY_COUNT_MAX = 1000;

export const setWithdrawLimit = defineEndpoint({
  method: 'POST',
  path: '/ops/withdraw-limits/:vipLevel',
  access: 'ops',
  permission: 'money.settings',
  summary:
    "Change a VIP level's daily withdrawal limits (amount in pesos and/or count, per Manila day); kept over restarts",
  params: z.strictObject({ vipLevel: z.coerce.number().int().min(0).max(100) }),
  body: z
    .strictObject({
      dailyAmount: amountInput.optional().describe('Pesos a player of this level may withdraw per Manila day'),
      dailyCount: z
        .number()
        .int(RuleMessage.format)
        .min(1, RuleMessage.format)
        .max(WITHDRAW_DAILY_COUNT_MAX, RuleMessage.format)
        .optional()
        .describe('Withdrawals per Manila day'),
    })
    .refine((b) => b.dailyAmount !== undefined || b.dailyCount !== undefined, {
      message: RuleMessage.required,
      path: ['dailyAmount'],
    }),
  data: withdrawSettingsSchema,
  codes: [Code.OPS_NOT_FOUND],
});

// ------------------------------------------------------------------------------------ balances, journal

export const adjustBalance = defineEndpoint({
  method: 'POST',
  path: '/ops/users/:uid/adjust',
  access: 'ops',
  permission: 'money.adjust',
  reasonRequired: true,
  summary: "Credit (positive) or debit (negative) a player's balance with a reason, through the journal",
  params: uidParams,
  body: z.strictObject({
    amount: signedPesos
      .refine((n) => n !== 0 && Math.abs(n) <= AMOUNT_CEILING, { message: RuleMessage.format })
      .describe('Signed pesos, at most two decimals; a debit may not take the balance below 0'),
    reason: reasonText.min(1, RuleMessage.required).describe('Written as the journal remark'),
  }),
  data: userAccountSchema.extend({ journalId: z.number().int() }),
  codes: [Code.OPS_NOT_FOUND, Code.INSUFFICIENT_BALANCE],
});

export const opsJournalEntrySchema = z.object({
  id: z.number().int(),
  type: z.string(),
  amount: signedPesos.describe('Change of the balance'),
  frozenDelta: signedPesos.describe('Change of the amount frozen by withdrawals'),
  pointDelta: z.number().int(),
  balanceAfter: pesos,
  frozenAfter: pesos,
  reference: z.string(),
  remark: z.string(),
  createdAt: isoTime,
});

export const userJournal = defineEndpoint({
  method: 'GET',
  path: '/ops/users/:uid/journal',
  access: 'ops',
  permission: 'ledger.read',
  summary: "A player's balance journal, newest first, with the frozen bucket",
  params: uidParams,
  query: z
    .strictObject({
      type: z
        .string()
        .max(32)
        .regex(/^[a-z0-9_.]+$/, RuleMessage.format)
        .optional(),
      ...dateRangeQuery,
      ...pageQuery,
    })
    .refine(...dateRangeCheck),
  data: paged(opsJournalEntrySchema),
  codes: [Code.OPS_NOT_FOUND],
});

export const ledgerCheck = defineEndpoint({
  method: 'GET',
  path: '/ops/ledger/check',
  access: 'ops',
  permission: 'ledger.read',
  summary:
    "The ledger's invariants checked now (docs/money.md): every player account sums to its journal, every counterparty to its transfers, all accounts to zero",
  data: z.object({
    whole: z.boolean(),
    problems: z.array(z.string()).describe('What breaks an invariant; empty when whole'),
    total: signedPesos.describe('The sum over every account, players and counterparties: 0 when whole'),
    totalPoints: z.number().int().describe('The same for points: 0 when whole'),
    counterparties: z.array(
      z.object({ code: z.string(), name: z.string(), balance: signedPesos, point: z.number().int() }),
    ),
  }),
});

// -------------------------------------------------------------------------------------------- captcha

export const captchaAnswer = defineEndpoint({
  method: 'GET',
  path: '/ops/captcha/:token',
  access: 'ops',
  permission: 'tester.tools',
  summary: 'The answer of a withdrawal captcha (for testers and automated journeys; never shown to players)',
  params: z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, RuleMessage.format) }),
  data: z.object({
    answer: z.string(),
    uid: z.number().int(),
    expiresAt: isoTime,
    used: z.boolean(),
  }),
  codes: [Code.OPS_NOT_FOUND],
});

// ------------------------------------------------------------------------------------------------ KYC

const opsKycDocumentSchema = z
  .object({ contentType: z.enum(KYC_DOCUMENT_TYPES), size: z.number().int(), uploadedAt: isoTime })
  .nullable();

export const opsKycSchema = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  username: z.string(),
  realName: z.string(),
  birthDate: z.string(),
  age: z.number().int().describe('Age today (Manila) from the birth date'),
  idType: kycIdTypeSchema,
  idNumber: z
    .string()
    .describe(
      'In full for an operator with kyc.idNumbers (risk, admin) and the service account; else the last 4 characters',
    ),
  status: kycStatusSchema,
  reason: z.string(),
  submittedAt: isoTime,
  decidedAt: isoTime.nullable(),
  decidedBy: z.string().nullable(),
  registeredAt: isoTime,
  deadline: isoTime.describe('Registration + 7 days'),
  documents: z
    .object({ idFront: opsKycDocumentSchema, idBack: opsKycDocumentSchema, selfie: opsKycDocumentSchema })
    .describe("The player's current photos (GET /ops/kyc/:uid/documents/:kind answers the bytes)"),
});

export const listKyc = defineEndpoint({
  method: 'GET',
  path: '/ops/kyc',
  access: 'ops',
  permission: 'kyc.read',
  summary: 'Identity verification submissions, oldest pending first when filtering by pending, else newest first',
  query: z.strictObject({
    status: z.enum(['pending', 'verified', 'rejected']).optional(),
    uid: uidFilter,
    ...pageQuery,
  }),
  data: paged(opsKycSchema),
});

export const decideKyc = defineEndpoint({
  method: 'POST',
  path: '/ops/kyc/:uid/decide',
  access: 'ops',
  permission: 'kyc.decide',
  reasonRequired: true,
  summary: "Verify or reject a player's pending identity verification (a rejection needs a reason)",
  params: uidParams,
  body: z
    .strictObject({
      decision: z.enum(['verified', 'rejected']),
      reason: reasonText.default('').describe('Shown to the player; required for a rejection'),
      retake: z
        .array(kycDocumentKindSchema)
        .max(3)
        .default([])
        .describe(
          'On a rejection, the photos the player must take again: they are removed, so the player uploads them anew',
        ),
    })
    .refine((b) => b.decision === 'verified' || b.reason.length > 0, {
      message: RuleMessage.required,
      path: ['reason'],
    })
    .refine((b) => b.decision === 'rejected' || b.retake.length === 0, {
      message: RuleMessage.format,
      path: ['retake'],
    }),
  data: opsKycSchema,
  codes: [Code.OPS_NOT_FOUND, Code.TRANSITION_INVALID],
});

export const opsMoneyEndpoints = [
  listDeposits,
  settleDeposit,
  listAbandonedCallbacks,
  redeliverCallback,
  listChannels,
  setChannel,
  listWithdrawals,
  getWithdrawal,
  reviewWithdrawal,
  rejectWithdrawal,
  payoutWithdrawal,
  getWithdrawSettings,
  setWithdrawSettings,
  setWithdrawLimit,
  adjustBalance,
  userJournal,
  ledgerCheck,
  captchaAnswer,
  listKyc,
  decideKyc,
] as const;
