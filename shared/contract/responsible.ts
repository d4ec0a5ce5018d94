import { z } from 'zod';
import { Code } from '../codes';
import { RuleMessage } from '../rules';
import { isoTime, pesos } from './common';
import { defineEndpoint } from './define';
import { AMOUNT_CEILING } from './fields';

/**
 * Responsible gaming (issue 29 item 3; docs/responsible-gaming.md), as PAGCOR-licensed sites offer it:
 * deposit limits per Manila day, week and month (a lower limit applies at once, a higher one or a removal
 * after 24 hours), and a break from play: a cool-off (24 hours to 6 weeks) or a self-exclusion (6 months
 * to permanent). A break cannot be shortened or lifted early, by the player or by support; while it runs
 * deposits, game launches and bets are refused, and withdrawals stay open.
 */

export const DEPOSIT_LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export const depositLimitPeriodSchema = z.enum(DEPOSIT_LIMIT_PERIODS);
export type DepositLimitPeriod = z.infer<typeof depositLimitPeriodSchema>;

/** Loss limits (stakes minus wins) and wager limits (stakes), per the same periods as deposit limits. */
export const PLAY_LIMIT_KINDS = ['loss', 'wager'] as const;
export const playLimitKindSchema = z.enum(PLAY_LIMIT_KINDS);
export type PlayLimitKind = z.infer<typeof playLimitKindSchema>;

/** The reality-check intervals a player may choose, in minutes of a session; 0 is off. */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];

/** Hours a raised or removed deposit, loss or wager limit waits before it applies. */
export const LIMIT_RAISE_DELAY_HOURS = 24;

/** The lengths a player may choose, by kind of break: hours, or null for a permanent self-exclusion. */
export const BREAK_LENGTHS = {
  cooloff: { '24h': 24, '7d': 7 * 24, '30d': 30 * 24, '6w': 42 * 24 },
  exclusion: { '6m': 183 * 24, '1y': 365 * 24, '5y': 5 * 365 * 24, permanent: null },
} as const;
export type BreakKind = keyof typeof BREAK_LENGTHS;
export const breakKindSchema = z.enum(['cooloff', 'exclusion']);
export const breakLengthSchema = z.enum(['24h', '7d', '30d', '6w', '6m', '1y', '5y', 'permanent']);
export type BreakLength = z.infer<typeof breakLengthSchema>;

export const depositLimitSchema = z.object({
  period: depositLimitPeriodSchema,
  amount: pesos.nullable().describe('The limit in force for this period; null when none'),
  used: pesos.describe("This period's deposits counted against it: successful ones and pending orders"),
  resetsAt: isoTime.describe(
    'When the period starts again (Manila midnight; Monday for the week, the 1st for the month)',
  ),
  pending: z
    .object({
      amount: pesos.nullable().describe('The new limit; null: the limit is removed'),
      effectiveAt: isoTime.describe('When it applies: 24 hours after it was asked for'),
    })
    .nullable()
    .describe('A raise or a removal waiting its 24 hours; null when none'),
});

export const playLimitSchema = depositLimitSchema.extend({
  used: pesos.describe(
    "This period's figure counted against it: for a wager limit the stakes (bets and raises), for a loss limit the stakes minus the wins (0 when the wins are ahead); rolled-back stakes never count",
  ),
});

export const playBreakSchema = z.object({
  kind: breakKindSchema.describe('cooloff: a short break; exclusion: a self-exclusion'),
  since: isoTime,
  until: isoTime.nullable().describe('When play opens again; null for a permanent self-exclusion'),
});

export const responsibleStateSchema = z.object({
  depositLimits: z.array(depositLimitSchema).describe('Always the three periods: day, week, month'),
  playBreak: playBreakSchema.nullable().describe('The break running now; null when the player may play'),
  lossLimits: z.array(playLimitSchema).describe('Always the three periods: day, week, month'),
  wagerLimits: z.array(playLimitSchema).describe('Always the three periods: day, week, month'),
  realityCheckMinutes: z
    .number()
    .int()
    .describe('The reality-check interval in minutes of a session (15, 30 or 60); 0 when off'),
});
export type ResponsibleState = z.infer<typeof responsibleStateSchema>;

export const responsibleFetch = defineEndpoint({
  method: 'GET',
  path: '/api/responsible/fetch',
  access: 'user',
  quiet: true,
  summary: "The player's deposit limits (with what each period used) and any break from play",
  data: responsibleStateSchema,
});

const limitBody = z.strictObject({
  period: depositLimitPeriodSchema,
  amount: pesos
    .positive(RuleMessage.format)
    .max(AMOUNT_CEILING, RuleMessage.format)
    .nullable()
    .describe('Pesos, at most two decimals; null removes the limit (after 24 hours)'),
});

export const responsibleSetDepositLimit = defineEndpoint({
  method: 'POST',
  path: '/api/responsible/depositLimit',
  access: 'user',
  summary: 'Set, lower, raise or remove a deposit limit: lower applies at once, raise or removal after 24 hours',
  body: limitBody,
  data: responsibleStateSchema,
});

const playLimitBody = z.strictObject({
  kind: playLimitKindSchema.describe('loss: stakes minus wins; wager: stakes'),
  period: depositLimitPeriodSchema,
  amount: limitBody.shape.amount,
});

export const responsibleSetPlayLimit = defineEndpoint({
  method: 'POST',
  path: '/api/responsible/playLimit',
  access: 'user',
  summary: 'Set, lower, raise or remove a loss or wager limit: lower applies at once, raise or removal after 24 hours',
  body: playLimitBody,
  data: responsibleStateSchema,
});

const realityCheckMinutesSchema = z
  .number()
  .int()
  .refine((m) => (REALITY_CHECK_MINUTES as readonly number[]).includes(m), RuleMessage.format)
  .describe('0 (off), 15, 30 or 60');

export const responsibleSetRealityCheck = defineEndpoint({
  method: 'POST',
  path: '/api/responsible/realityCheck',
  access: 'user',
  summary: 'Choose the reality-check interval: a reminder every 15, 30 or 60 minutes of a session, or off (0)',
  body: z.strictObject({ minutes: realityCheckMinutesSchema }),
  data: responsibleStateSchema,
});

export const realityCheckSchema = z.object({
  minutes: z.number().int().describe('The interval chosen; 0 when off'),
  startedAt: isoTime.describe('When this session began (the login)'),
  now: isoTime.describe("The server's time, so the app counts the minutes played from the same clock"),
  wagered: pesos.describe("This session's stakes (bets and raises; rolled-back ones not)"),
  net: z.number().describe("This session's wins minus its stakes, in pesos: positive when ahead, negative when behind"),
});
export type RealityCheck = z.infer<typeof realityCheckSchema>;

export const responsibleRealityCheck = defineEndpoint({
  method: 'GET',
  path: '/api/responsible/realityCheck',
  access: 'user',
  quiet: true,
  summary: "The reality check: the interval chosen, when this session began and this session's net result",
  data: realityCheckSchema,
});

const breakBody = z
  .strictObject({
    kind: breakKindSchema,
    length: breakLengthSchema.describe('cooloff: 24h, 7d, 30d or 6w; exclusion: 6m, 1y, 5y or permanent'),
  })
  .refine((b) => b.length in BREAK_LENGTHS[b.kind], { message: RuleMessage.format, path: ['length'] });

export const responsibleTakeBreak = defineEndpoint({
  method: 'POST',
  path: '/api/responsible/break',
  access: 'user',
  summary: 'Start a cool-off or a self-exclusion at once; it cannot be shortened or lifted early',
  body: breakBody,
  data: responsibleStateSchema,
  codes: [Code.BREAK_RUNNING],
});

const uidParams = z.strictObject({ uid: z.coerce.number().int().positive() });

export const opsResponsibleState = defineEndpoint({
  method: 'GET',
  path: '/ops/users/:uid/responsible',
  access: 'ops',
  permission: 'responsible.read',
  summary: "A player's deposit limits and break, as the player sees them",
  params: uidParams,
  data: responsibleStateSchema,
  codes: [Code.OPS_NOT_FOUND],
});

export const opsResponsibleBreak = defineEndpoint({
  method: 'POST',
  path: '/ops/users/:uid/responsible/break',
  access: 'ops',
  permission: 'responsible.write',
  reasonRequired: true,
  summary: 'Start a break for a player who asked support for one (it cannot be lifted early either)',
  params: uidParams,
  body: z.strictObject({
    kind: breakKindSchema,
    length: breakLengthSchema,
    reason: z.string().trim().min(3, RuleMessage.required).max(200, RuleMessage.format),
  }),
  data: responsibleStateSchema,
  codes: [Code.OPS_NOT_FOUND, Code.BREAK_RUNNING],
});

export const opsResponsiblePlayLimit = defineEndpoint({
  method: 'POST',
  path: '/ops/users/:uid/responsible/playLimit',
  access: 'ops',
  permission: 'responsible.write',
  reasonRequired: true,
  summary:
    'Set a loss or wager limit for a player who asked support: lower applies at once, raise or removal after 24 hours',
  params: uidParams,
  body: playLimitBody.extend({
    reason: z.string().trim().min(3, RuleMessage.required).max(200, RuleMessage.format),
  }),
  data: responsibleStateSchema,
  codes: [Code.OPS_NOT_FOUND],
});

export const responsibleEndpoints = [
  responsibleFetch,
  responsibleSetDepositLimit,
  responsibleSetPlayLimit,
  responsibleSetRealityCheck,
  responsibleRealityCheck,
  responsibleTakeBreak,
] as const;
export const opsResponsibleEndpoints = [opsResponsibleState, opsResponsibleBreak, opsResponsiblePlayLimit] as const;
