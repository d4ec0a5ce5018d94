import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { Code, type CodeValue } from '../../../shared/codes';
import { type FieldError, fail } from '../../../shared/envelope';
import { codeMessage, fieldMessage, pickLanguage } from '../../../shared/messages';
import { RuleMessage } from '../../../shared/rules';
import { isUnavailable } from '../db/unavailable';
import { isAppError } from '../errors';
import { isClientRoute } from './client-app';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const REQUEST_FROM = new Set(['H5', 'APP_H5']);

/** Sends an envelope as a pre-serialized string, so no route response schema applies to failures. */
/** What a 503 asks a client (or a balancer) to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

export function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: CodeValue,
  options: { params?: Record<string, string | number>; data?: unknown; msg?: string } = {},
) {
  const msg = options.msg ?? codeMessage(code, request.lang, options.params);
  // The engines are away: the request changed nothing and may be sent again shortly.
  if (code === Code.SERVICE_UNAVAILABLE) reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(fail(code, msg, options.data ?? null)));
}

type ValidationIssue = { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> };

/** One message per field (the first rule it breaks), as a form shows it. */
function fieldErrorsOf(issues: ValidationIssue[], context: string | undefined): FieldError[] {
  const fields = issues.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (issue.keyword === 'unrecognized_keys') {
      const keys = (issue.params.keys as string[] | undefined) ?? [];
      return { field: [path, keys.join(',')].filter(Boolean).join('.'), message: 'Unknown field' };
    }
    const message = issue.message ?? '';
    const isDefaultZodText = /^(Invalid|Too (big|small)|Expected)/.test(message);
    let readable = message;
    if (isDefaultZodText) readable = /received undefined/.test(message) ? RuleMessage.required : RuleMessage.format;
    return { field: path || (context ?? 'body'), message: readable };
  });
  return fields.filter((f, i) => fields.findIndex((g) => g.field === f.field) === i);
}

/**
 * The envelope and the one error handler (spec section 8): business and validation failures are
 * HTTP 200 with success false; transport faults keep their status with an envelope body; nothing ever
 * carries a stack trace.
 */
export const envelopePlugin = fp(
  async (app) => {
    // Bodies are JSON only: Fastify also reads text/plain by default, which would reach validation as a
    // string; without its parser such a body gets the clear 415 envelope like any other type.
    app.removeContentTypeParser('text/plain');
    app.decorateRequest('lang', 'en-US');
    app.decorateRequest('successMessage', '');

    // A callback hook: it runs on every request, and a promise each is measurable.
    app.addHook('onRequest', (request, reply, done) => {
      request.lang = pickLanguage(request.headers.language as string | undefined);
      // Gateway webhooks and the game provider's wallet calls are signed instead (`signed` in the
      // contract): they come from servers.
      const signed = request.routeOptions.config?.signed === true;
      const isApi = request.url.startsWith('/api/') && !signed;
      if (isApi && MUTATING.has(request.method) && !REQUEST_FROM.has(String(request.headers.requestfrom ?? ''))) {
        sendFailure(request, reply, 403, Code.MISSING_REQUEST_FROM);
        return;
      }
      done();
    });

    app.setErrorHandler((caught: unknown, request, reply) => {
      if (isAppError(caught)) {
        const error = caught;
        return sendFailure(request, reply, error.status, error.code, { params: error.params, data: error.data });
      }
      const error = caught as FastifyError;
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields = fieldErrorsOf(error.validation as ValidationIssue[], error.validationContext).map((f) => ({
          field: f.field,
          message: fieldMessage(f.message, request.lang),
        }));
        const first = fields[0];
        const msg = first ? `${first.field}: ${first.message}` : undefined;
        return sendFailure(request, reply, 200, Code.VALIDATION, { data: fields, msg });
      }
      switch (error.code) {
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          return sendFailure(request, reply, 400, Code.MALFORMED_JSON);
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return sendFailure(request, reply, 413, Code.BODY_TOO_LARGE);
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return sendFailure(request, reply, 415, Code.UNSUPPORTED_MEDIA_TYPE);
      }
      if (error instanceof SyntaxError) return sendFailure(request, reply, 400, Code.MALFORMED_JSON);
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match the contract');
        return sendFailure(request, reply, 500, Code.INTERNAL);
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        if (status === 404) return sendFailure(request, reply, 404, Code.NOT_FOUND);
        if (status === 429) return sendFailure(request, reply, 429, Code.RATE_LIMITED, { params: { seconds: 60 } });
        return sendFailure(request, reply, status, Code.BAD_REQUEST);
      }
      if (isUnavailable(error)) {
        request.log.warn({ err: error }, 'storage unavailable: answered 503');
        return sendFailure(request, reply, 503, Code.SERVICE_UNAVAILABLE);
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendFailure(request, reply, 500, Code.INTERNAL);
    });

    app.setNotFoundHandler((request, reply) => {
      const wantsPage = request.method === 'GET' && isClientRoute(request.url);
      if (wantsPage && app.clientPage) {
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          .send(app.clientPage(request.url));
      }
      return sendFailure(request, reply, 404, Code.NOT_FOUND);
    });
  },
  { name: 'envelope' },
);
