import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { type AuditRow, createAuditRepo } from './repo';

/** How the audit shows one route's target: its name, and its state (read before and after the action). */
export interface AuditSubject {
  target(request: FastifyRequest): string;
  /** The state, or a promise of it (awaited by the audit hooks). */
  state?(request: FastifyRequest): unknown;
}

const SECRET = /password|token|secret|captcha|totp|enrol/i;

/** The body as recorded: every field whose name suggests a secret is replaced by "***". */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET.test(k) ? '***' : redact(v)]),
  );
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/**
 * The operator audit trail: every POST and DELETE under /ops is one row (who, when, what, before, after).
 * Rows are only ever added: the table's triggers refuse UPDATE and DELETE, and no route writes to it.
 */
export function createAuditService(deps: { db: Db }) {
  const repo = createAuditRepo(deps.db);
  const subjects = new Map<string, AuditSubject>();

  const view = (r: AuditRow) => ({
    id: r.id,
    at: r.at,
    operator: r.operator,
    method: r.method,
    route: r.route,
    path: r.path,
    target: r.target,
    request: parse(r.request),
    before: parse(r.before),
    after: parse(r.after),
    status: r.status,
    code: r.code,
  });

  return {
    /** A domain tells how its /ops route's target is named and read (`route` is the pattern). */
    describe(method: string, route: string, subject: AuditSubject) {
      subjects.set(`${method} ${route}`, subject);
    },
    subjectOf: (method: string, route: string) => subjects.get(`${method} ${route}`),

    record(entry: {
      at: string;
      operator: string;
      method: string;
      route: string;
      path: string;
      target: string;
      request: unknown;
      before: unknown;
      after: unknown;
      status: number;
      code: number;
    }) {
      return repo.add({
        ...entry,
        request: json(redact(entry.request ?? null)) ?? 'null',
        before: json(redact(entry.before)),
        // An answer may carry a secret too (a TOTP enrolment's secret): redacted like the request.
        after: json(redact(entry.after)),
      });
    },

    async list(filter: {
      operator?: string;
      route?: string;
      target?: string;
      failed?: boolean;
      page: number;
      size: number;
    }) {
      const { rows, total } = await repo.page({
        operator: filter.operator || null,
        route: filter.route || null,
        target: filter.target || null,
        failed: filter.failed ?? null,
        limit: filter.size,
        offset: (filter.page - 1) * filter.size,
      });
      return { list: rows.map(view), page: filter.page, size: filter.size, total };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
