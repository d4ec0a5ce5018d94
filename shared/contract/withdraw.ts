import { z } from 'zod';
import { Code } from '../codes';
import { WITHDRAW_MIN } from '../field-rules';
import { E_WALLETS, hashedPasswordRule, RuleMessage, smsCodeRule, walletAccountValid, walletNameRule } from '../rules';
import { isoTime, paged, pageQuery, pesos } from './common';
import { defineEndpoint } from './define';
import { amountInput, dateRangeCheck, dateRangeQuery } from './fields';

/** Spec sections 5 and 9: the minimum withdrawal is 100 pesos. */
export { WITHDRAW_MIN } from '../field-rules';

/** Withdrawal status, spec section 4. */
export const WITHDRAW_STATUS = {
  PENDING: 0,
  REVIEWED: 1,
  SUCCESS: 2,
  FAILED: 3,
  REJECTED: 4,
  EXCEPTION: 5,
  PROCESSING: 6,
} as const;
export const withdrawStatusSchema = z
  .literal([0, 1, 2, 3, 4, 5, 6])
  .describe('0 Pending, 1 Reviewed, 2 Success, 3 Failed, 4 Rejected, 5 Exception, 6 Processing');

export const walletBankSchema = z.enum(E_WALLETS);

/** The bound e-wallet (spec section 3). */
export const walletSchema = z.object({
  bank: walletBankSchema,
  name: z.string().describe('Payee name as registered with the wallet provider'),
  account: z.string().describe('Wallet number, masked except the last 4 digits (9*****1234)'),
});
export type Wallet = z.infer<typeof walletSchema>;

export const walletAccount = defineEndpoint({
  method: 'GET',
  path: '/api/user/bankCard/wallet/account',
  access: 'user',
  quiet: true,
  summary: 'The bound e-wallet, or null when none is bound',
  data: walletSchema.nullable(),
});

export const bindWallet = defineEndpoint({
  method: 'POST',
  path: '/api/user/bankCard/create',
  access: 'user',
  summary: 'Bind the e-wallet withdrawals go to; checks the transaction password; a bound wallet cannot change',
  body: z
    .strictObject({
      bank: walletBankSchema,
      name: walletNameRule.describe('Payee name: letters and spaces, 2-32, exactly as registered with the wallet'),
      account: z.string().max(32, RuleMessage.format).describe('gcash/maya: 10 digits starting with 9 (no +63)'),
      password: hashedPasswordRule.describe('Transaction password, md5 hex of what the player typed'),
    })
    .refine((b) => walletAccountValid(b.bank, b.account), { message: RuleMessage.format, path: ['account'] }),
  data: walletSchema,
  codes: [
    Code.TRADE_PASSWORD_NOT_SET,
    Code.GUEST_NOT_ALLOWED,
    Code.ACCOUNT_LOCKED,
    Code.WALLET_ALREADY_BOUND,
    Code.TRADE_PASSWORD_WRONG,
    Code.WALLET_IN_USE,
  ],
});

export const captcha = defineEndpoint({
  method: 'GET',
  path: '/api/captcha',
  access: 'user',
  quiet: true,
  summary: 'A fresh image challenge for the withdrawal form (not in spec section 7; needed by its captcha field)',
  data: z.object({
    token: z.string().describe('Identifies the challenge; sent back with the answer, usable once'),
    image: z.string().describe('The challenge image as a data URL (SVG)'),
    expiresAt: isoTime,
  }),
});

export const withdrawRecordSchema = z.object({
  orderNo: z.string(),
  amount: pesos.describe('Amount frozen at creation and paid out on success'),
  fee: pesos.describe('Fee taken from the payout, 0 when none'),
  bank: walletBankSchema,
  account: z.string().describe('Wallet number it goes to, masked'),
  status: withdrawStatusSchema,
  remark: z.string().describe('Reason of a rejection or failure, else empty'),
  createdAt: isoTime,
  updatedAt: isoTime.describe('Last status change'),
});

export const createWithdrawal = defineEndpoint({
  method: 'POST',
  path: '/api/withdraw/create',
  access: 'user',
  idempotent: true,
  summary: 'Ask for a withdrawal to the bound wallet; freezes the amount',
  body: z.strictObject({
    amount: amountInput
      .min(WITHDRAW_MIN, 'Minimum withdrawal is 100')
      .describe('Pesos, at least 100, within the VIP daily limit and withdrawalAmount'),
    password: hashedPasswordRule.describe('Transaction password, md5 hex'),
    captcha: z
      .strictObject({
        token: z.string().min(1, RuleMessage.required).max(64, RuleMessage.format),
        answer: z.string().trim().min(1, RuleMessage.required).max(8, RuleMessage.format),
      })
      .describe('The challenge token from GET /api/captcha and what the player read in its image'),
    smsCode: smsCodeRule
      .optional()
      .describe(
        'The code POST /api/user/sms/send/withdraw texted to the bound phone, in this session; required unless an operator turned the smsCode setting off',
      ),
  }),
  data: withdrawRecordSchema,
  codes: [
    Code.TRADE_PASSWORD_NOT_SET,
    Code.GUEST_NOT_ALLOWED,
    Code.ACCOUNT_LOCKED,
    Code.INSUFFICIENT_BALANCE,
    Code.WALLET_NOT_BOUND,
    Code.TRADE_PASSWORD_WRONG,
    Code.KYC_REQUIRED,
    Code.WITHDRAW_MIN,
    Code.WITHDRAW_LIMIT,
    Code.WITHDRAW_COUNT,
    Code.TURNOVER_OWED,
    Code.WITHDRAW_BLOCKED_FLAG,
    Code.CAPTCHA_INVALID,
    Code.ACCOUNT_RESTRICTED,
    Code.BONUS_LOCKED,
    Code.SMS_CODE_INVALID,
    Code.PHONE_NOT_BOUND,
  ],
});

export const withdrawRecords = defineEndpoint({
  method: 'GET',
  path: '/api/withdraw/fetch',
  access: 'user',
  quiet: true,
  summary: "The player's withdrawal records, newest first",
  query: z
    .strictObject({
      status: z.coerce
        .number()
        .int()
        .min(0)
        .max(6)
        .optional()
        .describe('0 Pending, 1 Reviewed, 2 Success, 3 Failed, 4 Rejected, 5 Exception, 6 Processing'),
      ...dateRangeQuery,
      ...pageQuery,
    })
    .refine(...dateRangeCheck),
  data: paged(withdrawRecordSchema),
});

export const withdrawLimits = defineEndpoint({
  method: 'GET',
  path: '/api/withdraw/limits',
  access: 'user',
  quiet: true,
  summary:
    "The player's withdrawal limits for today (Manila day) at their VIP level, and what is left (not in spec section 7: the withdrawal screen shows them)",
  data: z.object({
    vipLevel: z.number().int().nonnegative(),
    min: pesos.describe('Smallest withdrawal (100)'),
    dailyAmount: pesos.describe('Most that may be withdrawn per Manila day at this VIP level'),
    dailyCount: z.number().int().nonnegative().describe('Most withdrawals per Manila day at this VIP level'),
    usedAmount: pesos.describe('Asked for today, Rejected and Failed orders excluded'),
    usedCount: z.number().int().nonnegative().describe('Withdrawals made today, Rejected and Failed excluded'),
    remainingAmount: pesos.describe('dailyAmount - usedAmount, never below 0'),
    remainingCount: z.number().int().nonnegative().describe('dailyCount - usedCount, never below 0'),
  }),
});

export const WAGERING_STATES = ['open', 'met', 'forfeited'] as const;

export const wageringRequirementSchema = z.object({
  id: z.number().int().positive(),
  source: z
    .string()
    .describe('What granted the bonus: deposit (coupon), signin, task, poker, carried (owed before wagering records)'),
  reference: z.string().describe("The deposit's order number or the reward key"),
  bonus: pesos.describe('The bonus granted; while the requirement is open this much of the balance is locked'),
  turnoverRequired: pesos.describe('Bets needed before the bonus is cash (bonus x turnover multiple)'),
  turnoverDone: pesos.describe('Bets counted so far, oldest requirement first; rollbacks take theirs back'),
  state: z.enum(WAGERING_STATES),
  createdAt: z.string(),
});

export const withdrawWagering = defineEndpoint({
  method: 'GET',
  path: '/api/withdraw/wagering',
  access: 'user',
  quiet: true,
  summary:
    "The player's open bonus wagering requirements, oldest first, what they lock and what may be withdrawn now (not in spec section 7: the withdrawal screen shows them)",
  data: z.object({
    balance: pesos.describe('Spendable balance'),
    locked: pesos.describe('Bonus locked by the open requirements (may be more than the balance after losses)'),
    surplus: pesos.describe("Deposits' own turnover still owed: while above 0 nothing may be withdrawn"),
    withdrawalAmount: pesos.describe('What may be withdrawn now: balance - locked, never below 0; 0 while surplus > 0'),
    list: z.array(wageringRequirementSchema),
  }),
});

export const withdrawEndpoints = [
  walletAccount,
  bindWallet,
  captcha,
  createWithdrawal,
  withdrawRecords,
  withdrawLimits,
  withdrawWagering,
] as const;
