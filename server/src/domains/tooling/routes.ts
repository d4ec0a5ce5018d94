import type { FastifyInstance } from 'fastify';
import { Code } from '../../../../shared/codes';
import * as contract from '../../../../shared/contract/ops-tooling';
import { AppError } from '../../errors';
import { sendFailure } from '../../plugins/envelope';
import { hasOpsToken, route } from '../../route';
import type { Tooling } from './register';
import { toHar } from './request-log';

/** The tester tooling under /ops (shared/contract/ops-tooling.ts), plus the HAR export of the request log. */
export function toolingRoutes(app: FastifyInstance, tooling: Tooling) {
  const { snapshots, scenarios, faults, requestLog, held } = tooling;

  route(app, contract.listScenarios, () => scenarios.list());
  route(app, contract.loadScenario, ({ params }) => scenarios.load(params.name));

  route(app, contract.listSnapshots, () => snapshots.list());
  route(app, contract.saveSnapshot, ({ params, body }) => snapshots.save(params.name, body.note));
  route(app, contract.restoreSnapshot, ({ params, body }) => snapshots.restore(params.name, body.keepClock));
  route(app, contract.deleteSnapshot, ({ params }) => {
    snapshots.remove(params.name);
    return null;
  });

  route(app, contract.listFaults, () => ({ faults: faults.list(), heldCallbacks: held.list() }));
  route(app, contract.addFault, ({ body }) => {
    const target = body.uid === undefined ? null : app.services.users.byUid(body.uid);
    if (target === undefined) throw new AppError(Code.OPS_NOT_FOUND);
    const fault = faults.add(body);
    if (fault.kind === 'socket.drop' && app.socket.drop(target?.id ?? null) > 0) {
      return faults.takeSocketDrop(fault.uid) ?? { ...fault, applied: 1, remaining: 0 };
    }
    return fault;
  });
  route(app, contract.removeFaults, ({ query }) => ({ removed: faults.remove(query.id) }));

  const filterOf = (query: { path?: string; uid?: number; code?: number; limit: number; ops?: 'true' | 'false' }) => ({
    path: query.path,
    uid: query.uid,
    code: query.code,
    limit: query.limit,
    ops: query.ops === 'true',
  });
  const logOn = () => {
    if (!app.config.requestLog) throw new AppError(Code.REQUEST_LOG_OFF);
  };
  route(app, contract.listRequests, ({ query }) => {
    logOn();
    const found = requestLog.find(filterOf(query));
    return {
      requests: found.requests.map(({ requestHeaders: _q, responseHeaders: _a, ...rest }) => rest),
      frames: found.frames,
    };
  });
  route(app, contract.clearRequests, () => {
    logOn();
    requestLog.clear();
    return null;
  });

  route(app, contract.pushFrame, ({ params, body }) => {
    const user = app.services.users.byUid(params.uid);
    if (!user) throw new AppError(Code.OPS_NOT_FOUND);
    return {
      sid: app.socket.pushAny(user.id, body.event, body.content ?? null),
      connections: app.socket.connectionsOf(user.id),
    };
  });
  route(app, contract.socketStats, () => app.socket.stats());

  // Not an envelope: a file for the browser's network panel, so it is a plain route with the same guard.
  app.get(
    '/ops/requests.har',
    {
      schema: {
        summary: 'The request log as an HTTP Archive (HAR 1.2); same filters as /ops/requests',
        tags: ['ops'],
        security: [{ adminToken: [] }],
      },
      onRequest: async (request, reply) => {
        if (!hasOpsToken(request, app.config.adminToken))
          return sendFailure(request, reply, 401, Code.OPS_UNAUTHORIZED);
      },
    },
    async (request, reply) => {
      const query = contract.listRequests.query.safeParse(request.query);
      if (!query.success) return sendFailure(request, reply, 200, Code.VALIDATION);
      if (!app.config.requestLog) return sendFailure(request, reply, 200, Code.REQUEST_LOG_OFF);
      const { requests } = requestLog.find(filterOf(query.data));
      return reply
        .type('application/json; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="casino-requests.har"')
        .send(JSON.stringify(toHar(requests, app.config.publicUrl, '1.0.0')));
    },
  );
}
