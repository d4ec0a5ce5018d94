import { z } from 'zod';
import { Code } from './codes';

/** Every /api and /ops body: { success, code, msg, data }. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    code: z.number().int(),
    msg: z.string(),
    data,
  });

export type Envelope<T> = { success: boolean; code: number; msg: string; data: T };

/** A field-level validation problem, listed in `data` of a validation failure. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const ok = <T>(data: T, msg = ''): Envelope<T> => ({ success: true, code: Code.OK, msg, data });

export const fail = <T = null>(code: number, msg: string, data: T = null as T): Envelope<T> => ({
  success: false,
  code,
  msg,
  data,
});
