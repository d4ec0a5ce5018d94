import { z } from 'zod';
import { Code } from '../codes';
import { opsChatEndpoints } from './chat';
import { isoTime, nothing } from './common';
import { defineEndpoint } from './define';
import { opsAuditEndpoints } from './ops-audit';
import { opsDashboardEndpoints } from './ops-dashboard';
import { opsInboxEndpoints } from './ops-inbox';
import { opsMoneyEndpoints } from './ops-money';
import { opsOperatorEndpoints } from './ops-operators';
import { opsRewardsEndpoints } from './ops-rewards';
import { opsRiskEndpoints, riskFlagSchema } from './ops-risk';
import { opsStubsEndpoints } from './ops-stubs';
import { opsToolingEndpoints } from './ops-tooling';
import { opsVipEndpoints } from './ops-vip';
import { opsResponsibleEndpoints } from './responsible';
import { userInfoSchema } from './user';

/** The operator API: every call needs `Authorization: Bearer <ADMIN_TOKEN>`. Later issues add to it. */

export const smsOutbox = defineEndpoint({
  method: 'GET',
  path: '/ops/sms',
  access: 'ops',
  permission: 'tester.tools',
  summary: 'The simulated SMS outbox, newest first (testers read verification codes here)',
  query: z.strictObject({
    phone: z
      .string()
      .regex(/^\d{10,11}$/)
      .optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  }),
  data: z.array(
    z.object({
      id: z.number().int(),
      phone: z
        .string()
        .describe(
          'In full for players.contact (support, cashier, risk, admin) and the service account, else its last 4',
        ),
      purpose: z.enum(['bind', 'resetLoginPwd', 'resetTradePwd', 'withdraw', 'register']),
      code: z.string(),
      text: z.string(),
      createdAt: isoTime,
      expiresAt: isoTime,
      usedAt: isoTime.nullable(),
    }),
  ),
});

export const clockActions = ['freeze', 'resume', 'real'] as const;
export type ClockAction = (typeof clockActions)[number];

const clockState = z.object({
  now: isoTime.describe('The virtual now'),
  manilaDay: z.string().describe('The business day in Asia/Manila, YYYY-MM-DD'),
  offsetMs: z.number().int().describe('Virtual minus real time'),
  frozen: z.boolean().describe('True while the clock stands still (frozen by a tester, or in tests)'),
});

export const getClock = defineEndpoint({
  method: 'GET',
  path: '/ops/clock',
  access: 'ops',
  permission: 'tester.tools',
  summary: 'The virtual clock',
  data: clockState,
});

export const setClock = defineEndpoint({
  method: 'POST',
  path: '/ops/clock',
  access: 'ops',
  permission: 'tester.tools',
  summary: 'Set, advance, freeze or resume the virtual clock, or put it back to real time',
  body: z
    .strictObject({
      set: z.iso.datetime({ offset: true }).optional().describe('An ISO 8601 instant, e.g. 2026-12-01T00:00:00+08:00'),
      advance: z.string().max(32).optional().describe('A duration: 1d, 3h, 15m, 30s or combined like 1d12h'),
      action: z
        .enum(clockActions)
        .optional()
        .describe('freeze: stand still here; resume: run on from here; real: back to real time (offset 0, running)'),
    })
    .refine((b) => [b.set, b.advance, b.action].filter((v) => v !== undefined).length === 1, {
      message: 'Give exactly one of set, advance or action',
    })
    .describe(
      'Exactly one of `set`, `advance` or `action`. `freeze` stands still at the current virtual instant (a set or advance while frozen moves it and it stays frozen); `resume` runs on from where it stands; `real` is real time again (offset 0, running). A move across midnight in Manila emits the day change once, and so does `real` when the real day differs. A frozen clock stays frozen across a restart.',
    ),
  data: clockState,
  codes: [Code.OPS_BAD_DURATION],
});

export const opsUserSchema = userInfoSchema.extend({
  id: z.number().int(),
  status: z.enum(['active', 'suspended']),
  statusReason: z.string(),
  phoneNumber: z
    .string()
    .describe('In full for players.contact (support, cashier, risk, admin) and the service account, else its last 4'),
  realName: z.string(),
  birthDate: z.string(),
  email: z.string(),
  superiorUid: z.number().int().nullable(),
  createdAt: isoTime,
  flags: z.array(riskFlagSchema).describe('Risk flags in force (fraud holds withdrawals)'),
});

export const listUsers = defineEndpoint({
  method: 'GET',
  path: '/ops/users',
  access: 'ops',
  permission: 'players.read',
  summary: 'Find players by username, phone or uid',
  query: z.strictObject({
    q: z
      .string()
      .max(64)
      .default('')
      .describe(
        'Part of a username, a uid, or a phone number: any part for players.contact, the whole number otherwise',
      ),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  data: z.array(opsUserSchema),
});

const uidParams = z.strictObject({ uid: z.coerce.number().int().positive() });

export const getUser = defineEndpoint({
  method: 'GET',
  path: '/ops/users/:uid',
  access: 'ops',
  permission: 'players.read',
  summary: 'One player',
  params: uidParams,
  data: opsUserSchema,
  codes: [Code.OPS_NOT_FOUND],
});

export const setUserStatus = defineEndpoint({
  method: 'POST',
  path: '/ops/users/:uid/status',
  access: 'ops',
  permission: 'players.status',
  reasonRequired: true,
  summary: 'Suspend a player (ends their sessions) or reactivate them',
  params: uidParams,
  body: z.strictObject({ status: z.enum(['active', 'suspended']), reason: z.string().max(200).default('') }),
  data: opsUserSchema,
  codes: [Code.OPS_NOT_FOUND],
});

export const revokeUserSessions = defineEndpoint({
  method: 'POST',
  path: '/ops/users/:uid/sessions/revoke',
  access: 'ops',
  permission: 'players.status',
  summary: 'End every session of a player (their next call answers 20002)',
  params: uidParams,
  body: z.strictObject({}),
  data: nothing,
  codes: [Code.OPS_NOT_FOUND],
});

export const opsSessionSchema = z.object({
  id: z.number().int(),
  createdAt: isoTime.describe('Login'),
  lastSeenAt: isoTime.describe('Last authenticated request (written at most once a minute)'),
  expiresAt: isoTime.describe('Absolute time-out'),
  revokedAt: isoTime.nullable(),
  revokeReason: z.string().describe('Why it ended: logout, replaced by a new login, idle, revoked by operator...'),
  live: z.boolean().describe('Not revoked and within the idle and absolute time-outs now'),
  ip: z.string(),
  deviceId: z.string(),
  userAgent: z.string(),
});

export const listUserSessions = defineEndpoint({
  method: 'GET',
  path: '/ops/users/:uid/sessions',
  access: 'ops',
  permission: 'players.read',
  summary: "A player's sessions, newest first: login, last seen, device, user agent, IP, how it ended",
  params: uidParams,
  query: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
  data: z.array(opsSessionSchema),
  codes: [Code.OPS_NOT_FOUND],
});

export const revokeUserSession = defineEndpoint({
  method: 'POST',
  path: '/ops/users/:uid/sessions/:id/revoke',
  access: 'ops',
  permission: 'players.status',
  summary: "End one of a player's sessions (its socket gets session.ended; an ended one stays as it was)",
  params: z.strictObject({ uid: z.coerce.number().int().positive(), id: z.coerce.number().int().positive() }),
  body: z.strictObject({}),
  data: opsSessionSchema,
  codes: [Code.OPS_NOT_FOUND],
});

export const opsEndpoints = [
  ...opsOperatorEndpoints,
  smsOutbox,
  ...opsRewardsEndpoints,
  getClock,
  setClock,
  listUsers,
  getUser,
  setUserStatus,
  revokeUserSessions,
  listUserSessions,
  revokeUserSession,
  ...opsMoneyEndpoints,
  ...opsInboxEndpoints,
  ...opsToolingEndpoints,
  ...opsStubsEndpoints,
  ...opsVipEndpoints,
  ...opsAuditEndpoints,
  ...opsDashboardEndpoints,
  ...opsChatEndpoints,
  ...opsResponsibleEndpoints,
  ...opsRiskEndpoints,
] as const;
