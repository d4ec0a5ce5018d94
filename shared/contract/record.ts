import { z } from 'zod';
import { Code } from '../codes';
import { RuleMessage } from '../rules';
import { isoTime, paged, pageQuery, pesos } from './common';
import { defineEndpoint } from './define';
import { dateRangeCheck, dateRangeQuery, idSchema, namedType, signedPesos } from './fields';
import { rewardSchema, rewardsData } from './reward';

/** A type code in a query (journal type, letter type): lower-case letters, digits, dots and underscores. */
const typeCode = z
  .string()
  .max(32, RuleMessage.format)
  .regex(/^[a-z0-9_.]+$/, RuleMessage.format);

export const journalEntrySchema = z.object({
  id: z.number().int(),
  type: z.string().describe('Journal type code (balanceJournal/type), e.g. deposit, withdraw, bet, win, reward'),
  typeName: z.string().describe('The type in the language of the request'),
  amount: signedPesos.describe('Change of the balance: positive credit, negative debit'),
  balanceAfter: pesos.describe('Balance right after this change'),
  points: z.number().int().describe('Change of the points (a point credit moves points, not the balance)'),
  pointsAfter: z.number().int().describe('Points right after this change'),
  reference: z.string().describe('What caused it: an order number, round id or reward key'),
  remark: z.string().describe('Free text, e.g. the reason of an operator adjustment; else empty'),
  detail: z
    .string()
    .describe(
      'What caused it as a player reads it: the game and a short round number ("Lucky Lanterns #1A2B3C4D"), the wallet ("GCash"), else the remark or reference',
    ),
  createdAt: isoTime,
});

export const balanceJournal = defineEndpoint({
  method: 'GET',
  path: '/api/user/balanceJournal/fetch',
  access: 'user',
  quiet: true,
  summary: "The player's balance journal, newest first",
  query: z
    .strictObject({
      type: typeCode.optional(),
      ...dateRangeQuery,
      ...pageQuery,
    })
    .refine(...dateRangeCheck),
  data: paged(journalEntrySchema),
});

export const balanceJournalTypes = defineEndpoint({
  method: 'GET',
  path: '/api/user/balanceJournal/type',
  access: 'user',
  quiet: true,
  summary: 'The journal types, translated, for the records filter',
  data: z.array(namedType),
});

export const letterSchema = z.object({
  id: z.number().int(),
  type: z.string().describe('Letter type code (letter/type), e.g. system, notice, reward'),
  title: z.string(),
  content: z.string().describe('Markdown'),
  read: z.boolean(),
  rewards: z.array(rewardSchema).describe('Attached rewards, empty when none'),
  claimed: z.boolean().describe('The attached rewards were claimed; false when there are none'),
  createdAt: isoTime,
});

export const letters = defineEndpoint({
  method: 'GET',
  path: '/api/letter',
  access: 'user',
  quiet: true,
  summary: "The player's inbox letters, newest first",
  query: z.strictObject({ type: typeCode.optional(), ...pageQuery }),
  data: paged(letterSchema),
});

export const letterTypes = defineEndpoint({
  method: 'GET',
  path: '/api/letter/type',
  access: 'user',
  quiet: true,
  summary: 'The letter types, translated, with their unread counts',
  data: z.array(namedType.extend({ unread: z.number().int().nonnegative() })),
});

export const readLetter = defineEndpoint({
  method: 'POST',
  path: '/api/letter/read',
  access: 'user',
  summary: 'Mark a letter read (already read: no change)',
  body: z.strictObject({ id: idSchema }),
  data: z.object({ unread: z.number().int().nonnegative().describe('Unread letters left') }),
  codes: [Code.LETTER_NOT_FOUND],
});

export const deleteLetters = defineEndpoint({
  method: 'POST',
  path: '/api/letter/delete',
  access: 'user',
  summary: 'Delete one letter ({ id }) or every read letter ({ allRead: true })',
  body: z
    .strictObject({
      id: idSchema.optional(),
      allRead: z.literal(true).optional(),
    })
    .refine((b) => (b.id === undefined) !== (b.allRead === undefined), {
      message: 'Send either id or allRead',
    }),
  data: z.object({ deleted: z.number().int().nonnegative() }),
  codes: [Code.LETTER_NOT_FOUND, Code.LETTER_REWARD_UNCLAIMED],
});

export const claimLetter = defineEndpoint({
  method: 'POST',
  path: '/api/letter/claim',
  access: 'user',
  rateLimit: 'claim',
  summary: "Claim a letter's attached rewards, once; marks it read",
  body: z.strictObject({ id: idSchema }),
  data: rewardsData,
  codes: [
    Code.INSUFFICIENT_BALANCE,
    Code.REWARD_ALREADY_CLAIMED,
    Code.GUEST_NOT_ALLOWED,
    Code.NOTHING_TO_CLAIM,
    Code.LETTER_NOT_FOUND,
  ],
});

export const recordEndpoints = [
  balanceJournal,
  balanceJournalTypes,
  letters,
  letterTypes,
  readLetter,
  deleteLetters,
  claimLetter,
] as const;
