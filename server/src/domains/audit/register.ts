import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { operatorOf } from '../../route';
import { auditRoutes } from './routes';
import { type AuditService, type AuditSubject, createAuditService } from './service';

declare module 'fastify' {
  interface AppServices {
    audit: AuditService;
  }
  interface FastifyRequest {
    /** Set on an /ops action once it passed the token and validation: what the audit row needs. */
    auditing?: {
      at: string;
      operator: string;
      subject: AuditSubject | undefined;
      target: string;
      before: unknown;
    };
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
 * validation gets one row before its answer is sent, refused or not. A route described with `describe`
 * records its target's state read before and after; the others record the answer's data as "after".
 */
export function register(app: FastifyInstance) {
  const audit = createAuditService({ db: app.db });
  Object.assign(app.services, { audit });

  // The hooks go on the audited routes only (every other request never runs them): this domain is
  // registered first, so its onRoute hook sees every route added after it.
  const preHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const subject = audit.subjectOf(request.method, request.routeOptions.url ?? '');
    let before: unknown = null;
    try {
      before = (await subject?.state?.(request)) ?? null;
    } catch {
      before = null; // the target does not exist: the handler answers that
    }
    request.auditing = {
      at: app.clock.iso(),
      // The signed-in operator's account name; a sign-in names the account it tried.
      operator:
        request.routeOptions.url === '/ops/auth/login'
          ? String((request.body as { name?: unknown } | undefined)?.name ?? '').slice(0, 64)
          : operatorOf(request),
      subject,
      target: subject?.target(request) ?? '',
      before,
    };
  };
  // Recorded before the answer leaves (onSend): an operator who reads the audit log right after an
  // action finds it there.
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const entry = request.auditing;
    if (!entry) return payload;
    const { code, data } = dataOf(typeof payload === 'string' ? payload : null);
    let after: unknown = data;
    if (code === 0 && entry.subject?.state) {
      try {
        after = await entry.subject.state(request);
      } catch {
        after = data;
      }
    }
    try {
      await audit.record({
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
    return payload;
  };
  app.addHook('onRoute', (options) => {
    const methods = [options.method].flat();
    if (!options.url.startsWith('/ops/') || methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    options.preHandler = [...[options.preHandler ?? []].flat(), preHandler];
    options.onSend = [...[options.onSend ?? []].flat(), onSend];
  });

  describeCoreRoutes(app, audit);
  if (app.config.opsEnabled) auditRoutes(app, audit);
}

/** Targets and states of the operator routes whose domains do not describe them themselves. */
function describeCoreRoutes(app: FastifyInstance, audit: AuditService) {
  // Read when an action runs: the services of the domains registered after this one.
  const { services } = app;
  const userOf = async (request: FastifyRequest) => {
    const row = await services.users.byUid(Number(param(request, 'uid')));
    if (!row) throw new Error('no such player');
    return row;
  };
  const byUid = { target: (r: FastifyRequest) => param(r, 'uid') };

  audit.describe('POST', '/ops/users/:uid/status', {
    ...byUid,
    state: async (r) => {
      const row = await userOf(r);
      return { status: row.status, statusReason: row.status_reason };
    },
  });
  audit.describe('POST', '/ops/users/:uid/sessions/revoke', byUid);
  audit.describe('POST', '/ops/users/:uid/sessions/:id/revoke', {
    target: (r) => `${param(r, 'uid')} session:${param(r, 'id')}`,
    state: async (r) => app.sessions.auditState((await userOf(r)).id, Number(param(r, 'id'))),
  });
  audit.describe('POST', '/ops/codes/:id/disable', {
    target: (r) => `code:${param(r, 'id')}`,
    state: (r) => services.codes.auditState(Number(param(r, 'id'))),
  });
  audit.describe('POST', '/ops/users/:uid/adjust', {
    ...byUid,
    state: async (r) => {
      const { userAccountVO } = await services.ledger.buckets((await userOf(r)).id);
      return { balance: userAccountVO.balance, allAmount: userAccountVO.allAmount };
    },
  });
  audit.describe('POST', '/ops/kyc/:uid/decide', {
    ...byUid,
    state: async (r) => {
      const v = await services.kyc.view((await userOf(r)).id);
      return { status: v.status, reason: v.reason };
    },
  });
  for (const action of ['review', 'reject', 'payout']) {
    audit.describe('POST', `/ops/withdrawals/:orderNo/${action}`, {
      target: (r) => param(r, 'orderNo'),
      state: async (r) => {
        const w = await services.withdrawals.opsDetail(param(r, 'orderNo'));
        return { status: w.status, remark: w.remark, payoutRef: w.payoutRef };
      },
    });
  }
  audit.describe('POST', '/ops/deposits/:orderNo/settle', { target: (r) => param(r, 'orderNo') });
  // A redelivery records the order's status before and after: the audit shows whether it credited.
  audit.describe('POST', '/ops/deposits/:orderNo/redeliver', {
    target: (r) => param(r, 'orderNo'),
    state: async (r) => {
      const order = await services.deposits.order(param(r, 'orderNo'));
      if (!order) throw new Error('no such order');
      return { status: order.status, callbackCount: order.callback_count };
    },
  });
  audit.describe('POST', '/ops/channels/:code', {
    target: (r) => param(r, 'code'),
    state: async (r) => (await services.deposits.methods()).find((c) => c.code === param(r, 'code')) ?? null,
  });
  audit.describe('POST', '/ops/withdraw-settings', {
    target: () => 'withdraw-settings',
    state: async () => ({ ...(await services.withdrawals.settings()), limits: await services.withdrawals.limits() }),
  });
  audit.describe('POST', '/ops/withdraw-limits/:vipLevel', {
    target: (r) => `vip-${param(r, 'vipLevel')}`,
    state: async (r) =>
      (await services.withdrawals.limits()).find((l) => l.vipLevel === Number(param(r, 'vipLevel'))) ?? null,
  });
  audit.describe('POST', '/ops/clock', { target: () => 'clock', state: () => ({ now: app.clock.iso() }) });
}
