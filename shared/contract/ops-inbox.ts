import { z } from 'zod';
import { Code } from '../codes';
import { RuleMessage } from '../rules';
import { isoTime, paged, pageQuery, pesos } from './common';
import { defineEndpoint } from './define';
import { AMOUNT_CEILING } from './fields';
import { rewardSchema } from './reward';

/** The operator API for the inbox and the socket: letters to players, raw socket pushes. */

const uid = z.number().int().positive();
const text = (max: number) => z.string().trim().min(1, RuleMessage.required).max(max, RuleMessage.format);

/** A reward attached to a letter: cash in pesos, coupon by template code, the rest in whole units. */
export const letterRewardInput = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('cash'),
    amount: pesos.positive(RuleMessage.format).max(AMOUNT_CEILING, RuleMessage.format),
    info: z.string().max(60).optional(),
  }),
  z.strictObject({
    type: z.literal('coupon'),
    amount: z.number().int().min(1).max(10),
    coupon: z.string().min(1).max(32).describe('A coupon template code, e.g. RELOAD20'),
    info: z.string().max(60).optional(),
  }),
  z.strictObject({
    type: z.enum(['point', 'energy', 'other']),
    amount: z.number().int().min(1).max(1_000_000),
    info: z.string().max(60).optional(),
  }),
]);

export const LETTER_TYPES = ['system', 'notice', 'reward'] as const;

export const opsLetterSchema = z.object({
  id: z.number().int().describe('The send (not a letter id)'),
  audience: z.enum(['player', 'all']),
  uid: z.number().int().nullable(),
  type: z.enum(LETTER_TYPES),
  titleEn: z.string(),
  titleVi: z.string(),
  contentEn: z.string(),
  contentVi: z.string(),
  rewards: z.array(rewardSchema),
  recipients: z.number().int(),
  read: z.number().int().describe('Recipients who have read it'),
  claimed: z.number().int().describe('Recipients who have claimed its rewards'),
  validUntil: isoTime.nullable().describe('Letters to all: players who register before this instant receive it too'),
  createdAt: isoTime,
});

export const sendLetter = defineEndpoint({
  method: 'POST',
  path: '/ops/letters',
  access: 'ops',
  permission: 'inbox.send',
  summary:
    'Send a letter to one player (uid) or to every player (all: true), in English and optionally Vietnamese, with optional rewards',
  body: z
    .strictObject({
      uid: uid.optional(),
      all: z.literal(true).optional(),
      type: z.enum(['notice', 'reward']).optional().describe('Default: reward when rewards are attached, else notice'),
      titleEn: text(80),
      titleVi: text(80).optional().describe('Default: the English title'),
      contentEn: text(4000).describe('Markdown'),
      contentVi: text(4000).optional(),
      rewards: z.array(letterRewardInput).max(5).default([]),
      validUntil: z.iso
        .datetime({ offset: true })
        .optional()
        .describe('With all: players who register before this instant receive it too (default: 7 days after sending)'),
    })
    .refine((b) => (b.uid === undefined) !== (b.all === undefined), { message: 'Give either uid or all' })
    .refine((b) => b.validUntil === undefined || b.all !== undefined, {
      message: 'validUntil is for letters to all',
      path: ['validUntil'],
    }),
  data: opsLetterSchema,
  codes: [Code.OPS_NOT_FOUND, Code.LETTER_REWARD_INVALID],
});

export const listSentLetters = defineEndpoint({
  method: 'GET',
  path: '/ops/letters',
  access: 'ops',
  permission: 'inbox.read',
  summary: 'What operators sent, newest first, with read and claim counts',
  query: z.strictObject({ uid: z.coerce.number().int().positive().optional(), ...pageQuery }),
  data: paged(opsLetterSchema),
  codes: [Code.OPS_NOT_FOUND],
});

export const pushEvent = defineEndpoint({
  method: 'POST',
  path: '/ops/push',
  access: 'ops',
  permission: 'inbox.send',
  summary: "Push any socket event with content to a player's live connections (kept until acknowledged)",
  body: z.strictObject({
    uid,
    event: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_.:-]+$/, RuleMessage.format),
    content: z.unknown().optional(),
  }),
  data: z.object({
    sid: z.string(),
    connections: z.number().int().describe('Live connections of the player it was sent to now'),
  }),
  codes: [Code.OPS_NOT_FOUND],
});

export const opsInboxEndpoints = [sendLetter, listSentLetters, pushEvent] as const;
