import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { Code } from '../../shared/codes';
import type { Endpoint } from '../../shared/contract/define';
import { OPERATOR_HEADER } from '../../shared/contract/ops-audit';
import { envelopeSchema, ok } from '../../shared/envelope';
import { type SuccessMessage, successMessages } from '../../shared/messages';
import { may, type Permission, TESTER_PERMISSION } from '../../shared/roles';
import { AppError } from './errors';
import { answeredByKey, keepAnswer } from './plugins/idempotency';
import type { OperatorActor } from './plugins/operator-session';
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

/** The X-Operator header (at most 64 characters): the name a script gives the service account, else "service". */
function typedOperatorName(request: FastifyRequest): string {
  const raw = request.headers[OPERATOR_HEADER];
  const name = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, 64);
  return name || 'service';
}

/**
 * Who the audit trail names for an /ops request: the signed-in operator's account name (a typed X-Operator
 * is ignored then), else the service account's X-Operator name or "service".
 */
export function operatorOf(request: FastifyRequest): string {
  return request.operator?.name ?? typedOperatorName(request);
}

/** The values of the requestFrom header a back-office page sends on its mutating calls (CSRF: see opsActor). */
const BACK_OFFICE_FROM = new Set(['BO', 'H5', 'APP_H5']);

/** A back-office write must carry its `requestFrom` header, which a cross-site form cannot set (OPS_CSRF). */
export function assertBackOfficeFrom(request: FastifyRequest): void {
  if (!BACK_OFFICE_FROM.has(String(request.headers.requestfrom ?? '')))
    throw new AppError(Code.OPS_CSRF, { status: 403 });
}
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Who is calling an /ops route, and whether they may use `permission` (shared/roles.ts):
 * - `Authorization: Bearer <ADMIN_TOKEN>`: the service account, every right (scripts, CI, the sandboxes).
 * - else the operator's session cookie (plugins/operator-session.ts); a mutating call must also carry the
 *   back office's `requestFrom` header: the cookie is SameSite=Strict and a cross-site form cannot set a
 *   custom header (the player side's rule), so a forged request is refused (OPS_CSRF).
 * A tester tool answers OPS_TESTER_TOOLS_OFF (404) to everyone when TESTER_TOOLS=off; a role that does not
 * hold the permission, OPS_FORBIDDEN (403). Sets `request.operator`.
 */
export async function opsActor(
  app: FastifyInstance,
  request: FastifyRequest,
  permission: Permission | undefined,
): Promise<OperatorActor> {
  let actor: OperatorActor | null;
  if (hasOpsToken(request, app.config.adminToken)) {
    actor = { id: 0, name: typedOperatorName(request), role: 'admin', service: true, sessionId: 0 };
  } else {
    actor = await app.operatorSessions.authenticate(request.cookies[app.operatorSessions.cookieName]);
    if (!actor) throw new AppError(Code.OPS_UNAUTHORIZED, { status: 401 });
    if (MUTATING.has(request.method)) assertBackOfficeFrom(request);
  }
  request.operator = actor;
  if (permission === TESTER_PERMISSION && !app.config.testerTools)
    throw new AppError(Code.OPS_TESTER_TOOLS_OFF, { status: 404 });
  if (!actor.service && (permission === undefined || !may(actor.role, permission)))
    throw new AppError(Code.OPS_FORBIDDEN, { status: 403 });
  return actor;
}

/**
 * The envelope schema of each contract data schema, made once per process: the same schema object in every
 * app built, so each app reuses the serializer compiled for it (plugins/serializer.ts keeps them by schema).
 */
const envelopes = new WeakMap<z.ZodType, z.ZodType>();
function responseSchemaOf(data: z.ZodType): z.ZodType {
  let envelope = envelopes.get(data);
  if (!envelope) {
    envelope = envelopeSchema(data);
    envelopes.set(data, envelope);
  }
  return envelope;
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
  // also takes `done`). So is the operator's (the service token needs no I/O, a session cookie does).
  const authenticate = async (request: FastifyRequest) => {
    request.user = await app.sessions.authenticate(request.cookies[app.sessions.cookieName]);
    if (endpoint.access === 'user' && !request.user) throw new AppError(Code.SESSION_INVALID);
  };
  const checkOps = async (request: FastifyRequest) => {
    await opsActor(app, request, endpoint.permission);
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
      response: { 200: responseSchemaOf(endpoint.data) },
    },
    config: { signed: endpoint.signed === true },
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
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
      if (endpoint.reasonRequired && request.operator && !request.operator.service) {
        const reason = (request.body as { reason?: unknown } | undefined)?.reason;
        if (typeof reason !== 'string' || reason.trim() === '') throw new AppError(Code.OPS_REASON_REQUIRED);
      }
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
