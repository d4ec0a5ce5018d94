import { z } from 'zod';
import { RuleMessage } from '../rules';
import { pesos } from './common';

/**
 * Field schemas shared by several domain files of the contract (beside the ones in ./common.ts).
 */

/** A row id on the wire: a positive integer. */
export const idSchema = z.number().int().positive();

/** The largest peso amount any request may carry; the real limits come from channels, VIP levels and balances. */
export const AMOUNT_CEILING = 100_000_000;

/** A peso amount a player asks to move (deposit, withdrawal): above 0, at most two decimals, below the ceiling. */
export const amountInput = pesos.positive(RuleMessage.format).max(AMOUNT_CEILING, RuleMessage.format);

/** A signed peso amount (journal rows: credits positive, debits negative), at most two decimals. */
export const signedPesos = z.number().refine((n) => Number.isFinite(n) && Number(n.toFixed(2)) === n, {
  message: RuleMessage.format,
});

/** A whole percentage, 0 to 100. */
export const percent = z.number().min(0).max(100);

/** A calendar day in a query: YYYY-MM-DD, read as a business day in Asia/Manila. */
export const dayText = z
  .string()
  .max(10, RuleMessage.date)
  .regex(/^\d{4}-\d{2}-\d{2}$/, RuleMessage.date)
  .refine(isRealDay, RuleMessage.date);

function isRealDay(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The date-range filter of record lists: both ends optional and inclusive, Manila days. */
export const dateRangeQuery = {
  from: dayText.optional().describe('First day included, YYYY-MM-DD (Asia/Manila)'),
  to: dayText.optional().describe('Last day included, YYYY-MM-DD (Asia/Manila)'),
};

/** Refinement for a query holding dateRangeQuery: `from` must not be after `to`. Use `.refine(...dateRangeCheck)`. */
export const dateRangeCheck: [
  (q: { from?: string | undefined; to?: string | undefined }) => boolean,
  { message: string; path: string[] },
] = [(q) => !q.from || !q.to || q.from <= q.to, { message: RuleMessage.date, path: ['to'] }];

/** A code-and-name pair, used by the type lists (journal types, letter types). */
export const namedType = z.object({
  type: z.string().describe('Stable code, sent back as a filter'),
  name: z.string().describe('Display name in the language of the request'),
});
