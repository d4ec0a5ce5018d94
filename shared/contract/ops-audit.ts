import { z } from 'zod';
import { RequestHeader } from '../http-headers';
import { isoTime, paged, pageQuery } from './common';
import { defineEndpoint } from './define';

/** The operator audit trail (issue 15 item 10): read-only; nothing in the API edits or removes an entry. */

/** The header a script sends with the service account's name (ADMIN_TOKEN); without it the actor is "service". A signed-in operator's account name wins over it. */
export const OPERATOR_HEADER = RequestHeader.operator;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: isoTime,
  operator: z.string(),
  method: z.string(),
  route: z.string().describe('The route pattern, e.g. /ops/users/:uid/status'),
  path: z.string(),
  target: z.string().describe('What the action was on: a uid, an order number, a channel code...'),
  request: z.unknown().describe('The body sent (secrets redacted)'),
  before: z.unknown().describe('The state of the target before the action (null when the route has none)'),
  after: z.unknown().describe("The state of the target after it, else the answer's data"),
  status: z.number().int(),
  code: z.number().int().describe('The envelope code of the answer: 0 when the action succeeded'),
});

export const listAudit = defineEndpoint({
  method: 'GET',
  path: '/ops/audit',
  access: 'ops',
  permission: 'audit.read',
  summary: 'The operator audit trail, newest first: every POST and DELETE on /ops, with before and after',
  query: z.strictObject({
    operator: z.string().max(64).optional(),
    route: z.string().max(200).optional().describe('Part of the route pattern or path, e.g. withdrawals'),
    target: z.string().max(64).optional(),
    failed: z.enum(['true', 'false']).optional().describe('true: only refused actions; false: only done ones'),
    ...pageQuery,
  }),
  data: paged(auditEntrySchema),
});

export const opsAuditEndpoints = [listAudit] as const;
