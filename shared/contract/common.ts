import { z } from 'zod';

/** Pesos on the wire: a non-negative number with at most two decimals (see ../money.ts). */
export const pesos = z
  .number()
  .nonnegative()
  // n * 100 is not exact in binary (261.09 * 100 = 26108.999999999996), so compare with the 2-decimal text.
  .refine((n) => Number.isFinite(n) && Number(n.toFixed(2)) === n, {
    message: 'Format is incorrect',
  });
/** A wire timestamp, ISO 8601. */
export const isoTime = z.string();
export const empty = z.strictObject({});
export const nothing = z.null();

/** Page query used by every list: page from 1, size up to 100. Query strings arrive as text. */
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100000).default(1).describe('Page number, from 1'),
  size: z.coerce.number().int().min(1).max(100).default(20).describe('Items per page, at most 100'),
};

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item).describe('The items of this page'),
    page: z.number().int().describe('Page number, from 1'),
    size: z.number().int().describe('Items per page asked'),
    total: z.number().int().describe('Items in all pages'),
  });
