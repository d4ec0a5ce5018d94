import type { z } from 'zod';
import { Code, type CodeValue } from '../codes';
import { RequestHeader, ResponseHeader } from '../http-headers';
import { type Permission, TESTER_PERMISSION } from '../roles';

export type Access = 'open' | 'user' | 'ops';
export type Method = 'GET' | 'POST' | 'DELETE';

/**
 * One endpoint of the contract. `data` is the schema of the envelope's `data` on success.
 * `query` is read for GET and DELETE, `body` for POST (spec section 7). Request objects are strict:
 * an unknown field is a validation error, so a client can never smuggle `balance` or `uid` in.
 */
export interface Endpoint {
  method: Method;
  path: string;
  access: Access;
  /**
   * `ops` endpoints: what an operator's role must allow (shared/roles.ts). The server refuses the others
   * with OPS_FORBIDDEN; a tester tool (`tester.tools`) answers OPS_TESTER_TOOLS_OFF when TESTER_TOOLS=off.
   */
  permission?: Permission;
  /**
   * A money or status action: a named operator (a back-office session) must type a non-empty `reason`,
   * which the audit trail keeps with the request (OPS_REASON_REQUIRED otherwise). The service account
   * (ADMIN_TOKEN: scripts and CI, reviewed code) may leave it empty.
   */
  reasonRequired?: true;
  summary: string;
  /** Spec (quiet): the client shows no loading indicator for it. */
  quiet?: boolean;
  /**
   * Called by a server, not the client (the gateway's webhook, the game provider's wallet): its body
   * carries an HMAC `signature` the handler checks, so it needs no `requestFrom` header.
   */
  signed?: true;
  /**
   * A per-player limit the route counts before its handler runs (`user` endpoints): `claim` is the reward
   * claims limit (CLAIMS_PER_PLAYER in server/src/plugins/rate-limit.ts), shared by every claim.
   */
  rateLimit?: 'claim';
  /**
   * A player's money POST that takes an optional `Idempotency-Key` header, with Stripe's semantics
   * (server/src/plugins/idempotency.ts, docs/money.md "Idempotency-Key"): the same key with the same body
   * answers the first answer again (header `Idempotent-Replayed: true`) and moves nothing; with another
   * body or endpoint it answers IDEMPOTENCY_KEY_REUSED; while the first is still running,
   * IDEMPOTENCY_IN_PROGRESS. Both codes come with the mark (answerableCodes below).
   */
  idempotent?: true;
  /** A body limit of its own in bytes, above the server's default (64 KiB): KYC photo uploads. */
  bodyLimit?: number;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodObject;
  data: z.ZodType;
  /**
   * The business codes (shared/codes.ts) this operation can answer besides the ones every operation of
   * its kind can (validation, session, requestFrom...: the OpenAPI generator adds those from how it is
   * reached). The OpenAPI document enumerates both per operation.
   */
  codes?: readonly CodeValue[];
}

/** The request header of an `idempotent` endpoint, and what its value may be: 1-255 printable ASCII characters. */
export const IDEMPOTENCY_HEADER = RequestHeader.idempotencyKey;
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7E]{1,255}$/;
/** The answer header saying it is the stored answer of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = ResponseHeader.idempotentReplayed;

export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

export type DataOf<E extends Endpoint> = z.output<E['data']>;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodObject ? z.input<E['body']> : never;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodObject ? z.input<E['query']> : never;

/**
 * The codes an endpoint can answer: the business ones it declares (`codes` in shared/contract) and those
 * every endpoint reached the same way can (validation, bodies, the session, the operator token,
 * requestFrom, the claims limit). The document lists them; the test suite's code check (code-check.ts)
 * fails a test in which the server answers any other.
 */
export function answerableCodes(endpoint: Endpoint): number[] {
  const codes = new Set<number>([Code.INTERNAL, Code.SERVICE_UNAVAILABLE, ...(endpoint.codes ?? [])]);
  if (endpoint.params || endpoint.query || endpoint.body) codes.add(Code.VALIDATION);
  if (endpoint.body) {
    for (const c of [Code.MALFORMED_JSON, Code.BODY_TOO_LARGE, Code.UNSUPPORTED_MEDIA_TYPE]) codes.add(c);
  }
  if (endpoint.access === 'ops') {
    codes.add(Code.OPS_UNAUTHORIZED);
    codes.add(Code.OPS_FORBIDDEN);
    if (endpoint.method !== 'GET') codes.add(Code.OPS_CSRF);
    if (endpoint.permission === TESTER_PERMISSION) codes.add(Code.OPS_TESTER_TOOLS_OFF);
    if (endpoint.reasonRequired) codes.add(Code.OPS_REASON_REQUIRED);
  } else if (endpoint.method !== 'GET' && endpoint.path.startsWith('/api/') && !endpoint.signed) {
    codes.add(Code.MISSING_REQUEST_FROM);
  }
  if (endpoint.access === 'user') {
    codes.add(Code.SESSION_INVALID);
    codes.add(Code.ACCOUNT_SUSPENDED);
  }
  if (endpoint.rateLimit === 'claim') codes.add(Code.RATE_LIMITED);
  if (endpoint.idempotent) {
    codes.add(Code.IDEMPOTENCY_KEY_REUSED);
    codes.add(Code.IDEMPOTENCY_IN_PROGRESS);
  }
  return [...codes].sort((a, b) => a - b);
}
