import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { Code } from '../../shared/codes';
import type { Endpoint } from '../../shared/contract/define';
import { OPERATOR_HEADER } from '../../shared/contract/ops-audit';
import { envelopeSchema, ok } from '../../shared/envelope';
import { type SuccessMessage, successMessages } from '../../shared/messages';
import { AppError } from './errors';
import { answeredByKey, keepAnswer } from './plugins/idempotency';
import { consumeClaim } from './plugins/rate-limit';
import type { SessionUser } from './types';

type Input<S> = S extends z.ZodObject ? z.output<S> : undefined;

export interface RouteContext<E extends Endpoint> {
  body: Input<E['body']>;
  query: Input<E['query']>;
  params: Input<E['params']>;
  /** The session's player: always present on `user` routes, present when logged in on `open` ones. */
  user: E['access'] extends 'user' ? SessionUser : SessionUser | null;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Sets the green notice shown for a successful non-GET call. */
  succeed(message: SuccessMessage): void;
}

export type RouteHandler<E extends Endpoint> = (
  ctx: RouteContext<E>,
) => z.output<E['data']> | Promise<z.output<E['data']>>;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time comparison of a presented operator token with ADMIN_TOKEN. */
export const isOpsToken = (candidate: string, adminToken: string) =>
  timingSafeEqual(digest(candidate), digest(adminToken));

/** Constant-time check of `Authorization: Bearer <ADMIN_TOKEN>`. */
export function hasOpsToken(request: FastifyRequest, adminToken: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer (.+)$/.exec(header);
  return match !== null && isOpsToken(match[1] ?? '', adminToken);
}

/** The operator's name the back office sends (X-Operator, at most 64 characters), else "operator". */
export function operatorOf(request: FastifyRequest): string {
  const raw = request.headers[OPERATOR_HEADER];
  const name = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, 64);
  return name || 'operator';
}

/**
 * Registers one contract endpoint: its schemas validate the request and serialize the envelope's data;
 * its access level is enforced before the body is even read. Its marks are read here too: `rateLimit`
 * counts the call before the handler, `signed` goes to the route's config (the envelope plugin spares it
 * the requestFrom header) and to the document (`x-signed`), `idempotent` reads the Idempotency-Key header
 * before the handler and keeps the answer (plugins/idempotency.ts).
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: RouteHandler<E>): void {
  // The session is read from the database, a promise: an async hook (Fastify refuses an async one that
  // also takes `done`). The operator's check needs no I/O: a callback hook, no promise per request.
  const authenticate = async (request: FastifyRequest) => {
    request.user = await app.sessions.authenticate(request.cookies[app.sessions.cookieName]);
    if (endpoint.access === 'user' && !request.user) throw new AppError(Code.SESSION_INVALID);
  };
  const checkOps = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const allowed = hasOpsToken(request, app.config.adminToken);
    done(allowed ? undefined : new AppError(Code.OPS_UNAUTHORIZED, { status: 401 }));
  };

  const limitClaims = endpoint.rateLimit === 'claim';

  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [tagOf(endpoint.path)],
      ...(endpoint.access === 'user' ? { security: [{ session: [] }] } : {}),
      ...(endpoint.access === 'ops' ? { security: [{ adminToken: [] }] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.signed ? { 'x-signed': true } : {}),
      response: { 200: envelopeSchema(endpoint.data) },
    },
    config: { signed: endpoint.signed === true },
    onRequest: endpoint.access === 'ops' ? checkOps : authenticate,
    ...(endpoint.idempotent ? { onSend: keepAnswer } : {}),
    // A POST without a body (no content at all) is read as {}, so `logout` needs no dummy payload.
    ...(endpoint.body
      ? {
          preValidation: (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
            if (request.body === undefined) request.body = {};
            done();
          },
        }
      : {}),
    handler: async (request, reply) => {
      // Before the claims limit: a replayed answer runs nothing, so it counts for nothing.
      if (endpoint.idempotent && (await answeredByKey(request, reply, endpoint))) return reply;
      if (limitClaims && request.user) await consumeClaim(app.limiter, request.user.id);
      const data = await handler({
        body: request.body as Input<E['body']>,
        query: request.query as Input<E['query']>,
        params: request.params as Input<E['params']>,
        user: request.user as RouteContext<E>['user'],
        request,
        reply,
        succeed: (message) => {
          request.successMessage = successMessages[message][request.lang];
        },
      });
      return ok(data, request.successMessage);
    },
  });
}

function tagOf(path: string): string {
  const parts = path.split('/').filter((p) => p && p !== 'api' && p !== 'open' && !p.startsWith(':'));
  return parts[0] === 'ops' ? 'ops' : (parts[0] ?? 'root');
}
