import { z } from 'zod';
import { Code, type CodeValue } from '../codes';
import { codeMessages } from '../messages';
import { badRepeat, renderStub } from '../stub-template';
import { isoTime } from './common';
import { answerableCodes, defineEndpoint, type Endpoint } from './define';
import { allEndpoints } from './index';

/**
 * Stubs as data (the tester's mock server): the success answer's data of one contract endpoint, or a
 * business error, set at run time over /ops, checked against the endpoint's own schema when it is set, so a
 * stub can never answer what the contract forbids. Plus a count/assert over the request log.
 */

/** The contract endpoints a stub can stand in for: every /api endpoint but the signed server-to-server calls. */
export const stubbableEndpoints: readonly Endpoint[] = allEndpoints.filter((e: Endpoint) => !e.signed);

export const stubEndpointOf = (method: string, path: string): Endpoint | undefined =>
  stubbableEndpoints.find((e) => e.method === method && e.path === path);

/** A sample uid to check a template's `{{uid}}` with when the stub is for everyone. */
const SAMPLE_UID = 10_000_001;

const stubError = z.strictObject({
  code: z.number().int().min(1).describe("A business code the endpoint declares (its contract's codes)"),
  msg: z.string().min(1).max(500).optional().describe("The envelope msg instead of the code's message"),
});

export const addStubBody = z
  .strictObject({
    method: z.enum(['GET', 'POST', 'DELETE']).describe('The endpoint method, as in /api/docs'),
    path: z
      .string()
      .min(1)
      .max(200)
      .describe('The endpoint path as the contract writes it, e.g. /api/game/fetch or /api/letter/:id'),
    uid: z.number().int().positive().optional().describe('Only this player (default: everyone)'),
    data: z
      .unknown()
      .optional()
      .describe(
        'The success answer\'s data. In strings: {{uid}}, {{now}} (ISO, the server clock), {{nowMs}}, {{today}} (Manila day), {{i}} (row of a $repeat, from 1); "{{uid}}", "{{i}}" or "{{nowMs}}" alone become numbers. {"$repeat": N, "item": {...}} makes a list of N items',
      ),
    error: stubError.optional().describe('Answer this business error instead of data'),
    count: z
      .number()
      .int()
      .min(1)
      .max(100_000)
      .optional()
      .describe('How many calls it answers, then the real answer is back (default: until removed)'),
  })
  .superRefine((body, ctx) => {
    const endpoint = stubEndpointOf(body.method, body.path);
    if (!endpoint) {
      const other = stubbableEndpoints.find((e) => e.path === body.path);
      ctx.addIssue({
        code: 'custom',
        path: ['path'],
        message: other
          ? `${body.path} is a ${other.method} endpoint, not ${body.method}`
          : `No endpoint of the contract is ${body.method} ${body.path} (see /api/docs; /ops and signed server calls cannot be stubbed)`,
      });
      return;
    }
    if ((body.data === undefined) === (body.error === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['data'], message: 'Give data or error, one of them' });
      return;
    }
    if (body.error) {
      const codes = answerableCodes(endpoint);
      if (!codes.includes(body.error.code)) {
        ctx.addIssue({
          code: 'custom',
          path: ['error', 'code'],
          message: `${body.method} ${body.path} does not declare ${body.error.code}; it can answer ${codes.join(', ')}`,
        });
        return;
      }
      // A message with values to fill in ("try again in {wait}") cannot be told without them.
      const text = codeMessages[body.error.code as CodeValue]?.['en-US'] ?? '';
      const needs = text.match(/\{\w+\}/g);
      if (needs && body.error.msg === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['error', 'msg'],
          message: `The message of ${body.error.code} needs values (${needs.join(', ')}): give msg`,
        });
      }
      return;
    }
    const repeat = badRepeat(body.data);
    if (repeat) {
      ctx.addIssue({
        code: 'custom',
        path: ['data', ...repeat],
        message: '$repeat takes a whole number from 0 to 10000 and one item: {"$repeat": N, "item": {...}}',
      });
      return;
    }
    const sample = renderStub(body.data, { uid: body.uid ?? SAMPLE_UID, now: new Date() });
    const checked = endpoint.data.safeParse(sample);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const at = issue?.path.length ? issue.path.join('.') : '(the data itself)';
      ctx.addIssue({
        code: 'custom',
        path: ['data', ...(issue?.path ?? []).map((p) => (typeof p === 'symbol' ? String(p) : p))],
        message: `Not what ${body.method} ${body.path} answers at ${at}: ${issue?.message ?? 'invalid'}`,
      });
    }
  });

export const stubSchema = z.object({
  id: z.number().int(),
  method: z.string(),
  path: z.string().describe('The contract path it stands in for'),
  uid: z.number().int().nullable().describe('Only this player; null: everyone'),
  data: z.unknown().describe('The data template (null for an error stub)'),
  error: z
    .object({ code: z.number().int(), msg: z.string().nullable() })
    .nullable()
    .describe('The business error it answers instead'),
  remaining: z.number().int().nullable().describe('Calls left; null until removed'),
  applied: z.number().int().describe('How many calls it answered'),
  source: z.enum(['api', 'file']).describe('Set over /ops (kept across restarts) or loaded from STUBS_FILE'),
  createdAt: isoTime,
});

export const listStubs = defineEndpoint({
  method: 'GET',
  path: '/ops/stubs',
  access: 'ops',
  permission: 'tester.tools',
  summary: 'Active stubs: endpoints whose answer is overridden, for everyone or one player',
  data: z.object({ stubs: z.array(stubSchema) }),
});

export const addStub = defineEndpoint({
  method: 'POST',
  path: '/ops/stubs',
  access: 'ops',
  permission: 'tester.tools',
  summary:
    "Override the success answer's data of a contract endpoint (or answer a business error), for everyone or one player, for count calls or until removed; checked against the endpoint's schema",
  body: addStubBody,
  data: stubSchema,
  codes: [Code.OPS_NOT_FOUND],
});

export const removeStubs = defineEndpoint({
  method: 'DELETE',
  path: '/ops/stubs',
  access: 'ops',
  permission: 'tester.tools',
  summary: 'Remove one stub (id), or every stub',
  query: z.strictObject({ id: z.coerce.number().int().positive().optional() }),
  data: z.object({ removed: z.number().int() }),
  codes: [Code.STUB_NOT_FOUND],
});

export const countRequests = defineEndpoint({
  method: 'GET',
  path: '/ops/requests/count',
  access: 'ops',
  permission: 'tester.tools',
  summary:
    'How many logged requests match (of every process, the last 1,000 each); with expect, a failure (30061) when the count differs',
  query: z.strictObject({
    method: z.enum(['GET', 'POST', 'DELETE']).optional(),
    path: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('The path without its query, the route pattern (/api/letter/:id), or a prefix ending in *'),
    uid: z.coerce.number().int().positive().optional(),
    status: z.coerce.number().int().min(100).max(599).optional().describe('HTTP status'),
    code: z.coerce.number().int().min(0).optional().describe('Envelope code (0: success)'),
    stubbed: z.enum(['true', 'false']).optional().describe('true: only answers a stub gave; false: only real ones'),
    expect: z.coerce.number().int().min(0).optional().describe('The count expected: another count fails with 30061'),
  }),
  data: z.object({ count: z.number().int() }),
  codes: [Code.REQUEST_LOG_OFF, Code.REQUEST_COUNT_MISMATCH],
});

export const opsStubsEndpoints = [listStubs, addStub, removeStubs, countRequests] as const;
