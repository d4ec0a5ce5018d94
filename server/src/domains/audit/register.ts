import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operatorOf } from '../../route';
import { auditRoutes } from './routes';
import { type AuditService, createAuditService } from './service';

declare module 'fastify' {
  interface AppServices {
    audit: AuditService;
  }
  interface FastifyRequest {
    /** Set on an /ops action once it passed the token and validation: what the audit row needs. */
    auditing?: { at: string; operator: string; target: string; before: unknown; payload: string | null };
  }
}

type Params = Record<string, string | number | undefined>;
const param = (request: FastifyRequest, name: string) => String((request.params as Params)[name] ?? '');

const dataOf = (payload: string | null): { code: number; data: unknown } => {
  if (!payload?.startsWith('{')) return { code: -1, data: null };
  try {
    const envelope = JSON.parse(payload) as { code?: number; data?: unknown };
    return { code: typeof envelope.code === 'number' ? envelope.code : -1, data: envelope.data ?? null };
  } catch {
    return { code: -1, data: null };
  }
};

/**
 * The audit trail of operator actions: every POST and DELETE under /ops that passed the token check and
 * validation gets one row when its answer is sent, refused or not. A route described with `describe`
 * records its target's state read before and after; the others record the answer's data as "after".
 */
export function register(app: FastifyInstance) {
  const audit = createAuditService({ db: app.db });
  Object.assign(app.services, { audit });

  const audited = (request: FastifyRequest) =>
    request.method !== 'GET' && request.method !== 'HEAD' && (request.routeOptions.url ?? '').startsWith('/ops/');

  app.addHook('preHandler', (request, _reply, done) => {
    if (!audited(request)) return done();
    const subject = audit.subjectOf(request.method, request.routeOptions.url ?? '');
    let before: unknown = null;
    try {
      before = subject?.state?.(request) ?? null;
    } catch {
      before = null; // the target does not exist: the handler answers that
    }
    request.auditing = {
      at: app.clock.iso(),
      operator: operatorOf(request),
      target: subject?.target(request) ?? '',
      before,
      payload: null,
    };
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.auditing && typeof payload === 'string') request.auditing.payload = payload;
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const entry = request.auditing;
    if (!entry) return done();
    const { code, data } = dataOf(entry.payload);
    const subject = audit.subjectOf(request.method, request.routeOptions.url ?? '');
    let after: unknown = data;
    if (code === 0 && subject?.state) {
      try {
        after = subject.state(request);
      } catch {
        after = data;
      }
    }
    try {
      audit.record({
        at: entry.at,
        operator: entry.operator,
        method: request.method,
        route: request.routeOptions.url ?? '',
        path: request.url.split('?')[0] ?? request.url,
        target: entry.target,
        request: request.body ?? null,
        before: entry.before,
        after,
        status: reply.statusCode,
        code,
      });
    } catch (error) {
      app.log.error({ err: error }, 'audit: could not record an operator action');
    }
    done();
  });

  describeCoreRoutes(app, audit);
  if (app.config.opsEnabled) auditRoutes(app, audit);
}

/** Targets and states of the operator routes outside a domain register (ops/routes.ts and ops/money.ts). */
function describeCoreRoutes(app: FastifyInstance, audit: AuditService) {
  const { users, ledger, withdrawals, kyc, deposits, codes } = app.services;
  const userOf = (request: FastifyRequest) => {
    const row = users.byUid(Number(param(request, 'uid')));
    if (!row) throw new Error('no such player');
    return row;
  };
  const byUid = { target: (r: FastifyRequest) => param(r, 'uid') };

  audit.describe('POST', '/ops/users/:uid/status', {
    ...byUid,
    state: (r) => {
      const row = userOf(r);
      return { status: row.status, statusReason: row.status_reason };
    },
  });
  audit.describe('POST', '/ops/users/:uid/sessions/revoke', byUid);
  audit.describe('POST', '/ops/users/:uid/sessions/:id/revoke', {
    target: (r) => `${param(r, 'uid')} session:${param(r, 'id')}`,
    state: (r) => app.sessions.auditState(userOf(r).id, Number(param(r, 'id'))),
  });
  audit.describe('POST', '/ops/codes/:id/disable', {
    target: (r) => `code:${param(r, 'id')}`,
    state: (r) => codes.auditState(Number(param(r, 'id'))),
  });
  audit.describe('POST', '/ops/users/:uid/adjust', {
    ...byUid,
    state: (r) => {
      const { userAccountVO } = ledger.buckets(userOf(r).id);
      return { balance: userAccountVO.balance, allAmount: userAccountVO.allAmount };
    },
  });
  audit.describe('POST', '/ops/kyc/:uid/decide', {
    ...byUid,
    state: (r) => {
      const v = kyc.view(userOf(r).id);
      return { status: v.status, reason: v.reason };
    },
  });
  for (const action of ['review', 'reject', 'payout']) {
    audit.describe('POST', `/ops/withdrawals/:orderNo/${action}`, {
      target: (r) => param(r, 'orderNo'),
      state: (r) => {
        const w = withdrawals.opsDetail(param(r, 'orderNo'));
        return { status: w.status, remark: w.remark, payoutRef: w.payoutRef };
      },
    });
  }
  audit.describe('POST', '/ops/deposits/:orderNo/settle', { target: (r) => param(r, 'orderNo') });
  audit.describe('POST', '/ops/channels/:code', {
    target: (r) => param(r, 'code'),
    state: (r) => deposits.methods().find((c) => c.code === param(r, 'code')) ?? null,
  });
  audit.describe('POST', '/ops/withdraw-settings', {
    target: () => 'withdraw-settings',
    state: () => ({ ...withdrawals.settings(), limits: withdrawals.limits() }),
  });
  audit.describe('POST', '/ops/clock', { target: () => 'clock', state: () => ({ now: app.clock.iso() }) });
}
