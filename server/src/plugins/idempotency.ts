import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '../../../shared/codes';
import {
  type Endpoint,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
} from '../../../shared/contract/define';
import { fieldMessage } from '../../../shared/messages';
import { RuleMessage } from '../../../shared/rules';
import { sendFailure } from './envelope';
import { createIdempotencyService } from './idempotency.service';

/**
 * The `Idempotency-Key` header of the contract's `idempotent` endpoints (docs/money.md "Idempotency-Key"),
 * on the HTTP side: route.ts calls answeredByKey() before the handler and stores the answer with
 * keepAnswer() (the route's onSend). The rules are idempotency.service.ts's.
 */
export const idempotencyPlugin = fp(
  async (app) => {
    app.decorate('idempotency', createIdempotencyService({ db: app.db, clock: app.clock }));
  },
  { name: 'idempotency', dependencies: ['db', 'clock'] },
);

/** The key a request reserved, until its answer is kept. */
const reserved = new WeakMap<FastifyRequest, { userId: number; key: string }>();

/** JSON with every object's keys sorted, so the same body hashes the same however its fields were ordered. */
export function canonicalJson(value: unknown): string {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return canonicalJson((value as { toJSON(): unknown }).toJSON());
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const fields = Object.keys(record)
      .filter((name) => record[name] !== undefined)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonicalJson(record[name])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** sha256 hex of the request's body as validated by the contract (so `1` and `1.00` are the same amount). */
const requestHash = (body: unknown) =>
  createHash('sha256')
    .update(canonicalJson(body ?? {}))
    .digest('hex');

/**
 * Before the handler of an `idempotent` endpoint. Without the header: nothing, the call runs as any other.
 * With a valid key: reserves it for this request and answers false (run the handler), or answers here the
 * stored answer of the key's first request (header `Idempotent-Replayed: true`) and answers true; throws
 * IDEMPOTENCY_KEY_REUSED or IDEMPOTENCY_IN_PROGRESS. An invalid key is a validation failure of that header.
 */
export async function answeredByKey(
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: Endpoint,
): Promise<boolean> {
  const header = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (header === undefined || !request.user) return false;
  const key = Array.isArray(header) ? undefined : header;
  if (key === undefined || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    const message = fieldMessage(RuleMessage.format, request.lang);
    sendFailure(request, reply, 200, Code.VALIDATION, {
      data: [{ field: IDEMPOTENCY_HEADER, message }],
      msg: `${IDEMPOTENCY_HEADER}: ${message}`,
    });
    return true;
  }
  const userId = request.user.id;
  const start = await request.server.idempotency.start(
    userId,
    key,
    `${endpoint.method} ${endpoint.path}`,
    requestHash(request.body),
  );
  if (start.kind === 'replay') {
    reply
      .status(start.status)
      .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
      .type('application/json; charset=utf-8')
      .send(start.response);
    return true;
  }
  reserved.set(request, { userId, key });
  return false;
}

/**
 * The route's onSend: the answer of a request that reserved a key is kept for the key's retries (or
 * released). An async hook, so it takes no `done` (Fastify refuses an async onSend with four parameters):
 * it answers the payload.
 */
export async function keepAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const reservation = reserved.get(request);
  if (reservation) {
    reserved.delete(request);
    try {
      const response = typeof payload === 'string' ? payload : null;
      await request.server.idempotency.finish(reservation.userId, reservation.key, reply.statusCode, response);
    } catch (error) {
      // The player still gets the answer; the key stays pending (IDEMPOTENCY_IN_PROGRESS) until it expires.
      request.log.error({ err: error }, 'idempotency: the answer could not be kept');
    }
  }
  return payload;
}
