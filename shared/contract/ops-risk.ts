import { z } from 'zod';
import { Code } from '../codes';
import { RuleMessage } from '../rules';
import { isoTime } from './common';
import { defineEndpoint } from './define';

/**
 * Risk under /ops (issue 29 item 4): a player's linked accounts (the other accounts sharing a device, an
 * address, an e-wallet number or a payee name), flags set and cleared with a reason, free-text notes, and
 * the sign-up's SMS code setting. Every POST lands in the audit trail. docs/operator-guide.md, "Risk".
 */

export const RISK_FLAGS = ['bonus_abuse', 'multi_account', 'fraud', 'watch'] as const;
export const riskFlagSchema = z.enum(RISK_FLAGS);
export type RiskFlag = z.infer<typeof riskFlagSchema>;

/** The facts two accounts can share. */
export const LINK_KINDS = ['device', 'ip', 'wallet', 'payee'] as const;
export const linkKindSchema = z.enum(LINK_KINDS);

const uidParams = z.strictObject({ uid: z.coerce.number().int().positive() });
const reasonText = z.string().trim().max(200, RuleMessage.format);

export const playerFlagSchema = z.object({
  id: z.number().int(),
  flag: riskFlagSchema,
  reason: z.string(),
  setBy: z.string().describe('The operator who set it'),
  setAt: isoTime,
  clearedBy: z.string().nullable(),
  clearedAt: isoTime.nullable().describe('Null while the flag is in force'),
  clearReason: z.string().nullable(),
});

export const playerNoteSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  operator: z.string(),
  createdAt: isoTime,
});

export const linkedAccountSchema = z.object({
  uid: z.number().int(),
  username: z.string(),
  status: z.enum(['active', 'suspended']),
  guest: z.boolean(),
  createdAt: isoTime,
  flags: z.array(riskFlagSchema).describe('Flags in force'),
  links: z
    .array(z.object({ kind: linkKindSchema, value: z.string() }))
    .describe('What this account shares with the player: device id, IP address, e-wallet number, payee name'),
});

export const playerRiskSchema = z.object({
  uid: z.number().int(),
  linked: z.array(linkedAccountSchema).describe('Most shared facts first, at most 100 accounts'),
  flags: z.array(playerFlagSchema).describe('Newest first: in force, then cleared'),
  notes: z.array(playerNoteSchema).describe('Newest first'),
});

export const getPlayerRisk = defineEndpoint({
  method: 'GET',
  path: '/ops/users/:uid/risk',
  access: 'ops',
  permission: 'risk.read',
  summary: "A player's linked accounts (shared device, IP address, e-wallet number, payee name), flags and notes",
  params: uidParams,
  data: playerRiskSchema,
  codes: [Code.OPS_NOT_FOUND],
});

export const setPlayerFlag = defineEndpoint({
  method: 'POST',
  path: '/ops/users/:uid/flags',
  access: 'ops',
  permission: 'risk.write',
  reasonRequired: true,
  summary: 'Flag a player (fraud also holds their withdrawals until it is cleared)',
  params: uidParams,
  body: z.strictObject({ flag: riskFlagSchema, reason: reasonText.default('') }),
  data: playerRiskSchema,
  codes: [Code.OPS_NOT_FOUND, Code.RISK_FLAG_SET_ALREADY],
});

export const clearPlayerFlag = defineEndpoint({
  method: 'POST',
  path: '/ops/users/:uid/flags/:flag/clear',
  access: 'ops',
  permission: 'risk.write',
  reasonRequired: true,
  summary: "Clear a player's flag (kept in the history with who cleared it and why)",
  params: z.strictObject({ uid: z.coerce.number().int().positive(), flag: riskFlagSchema }),
  body: z.strictObject({ reason: reasonText.default('') }),
  data: playerRiskSchema,
  codes: [Code.OPS_NOT_FOUND, Code.RISK_FLAG_NOT_SET],
});

export const addPlayerNote = defineEndpoint({
  method: 'POST',
  path: '/ops/users/:uid/notes',
  access: 'ops',
  permission: 'risk.write',
  summary: 'Add a free-text note about a player (who and when are recorded; notes are never edited)',
  params: uidParams,
  body: z.strictObject({
    text: z.string().trim().min(1, RuleMessage.required).max(1000, RuleMessage.format),
  }),
  data: playerRiskSchema,
  codes: [Code.OPS_NOT_FOUND],
});

const riskSettingsSchema = z.object({
  signUpSmsCode: z
    .boolean()
    .describe('A sign-up (and a guest signing up) needs the code texted to its phone; on by default'),
});

export const getRiskSettings = defineEndpoint({
  method: 'GET',
  path: '/ops/risk-settings',
  access: 'ops',
  permission: 'risk.read',
  summary: 'Risk settings: whether a sign-up needs an SMS code',
  data: riskSettingsSchema,
});

export const setRiskSettings = defineEndpoint({
  method: 'POST',
  path: '/ops/risk-settings',
  access: 'ops',
  permission: 'risk.settings',
  summary: 'Turn the sign-up SMS code on or off',
  body: z.strictObject({ signUpSmsCode: z.boolean() }),
  data: riskSettingsSchema,
});

export const opsRiskEndpoints = [
  getPlayerRisk,
  setPlayerFlag,
  clearPlayerFlag,
  addPlayerNote,
  getRiskSettings,
  setRiskSettings,
] as const;
