import type { FastifyInstance } from 'fastify';
import { Code } from '../../../../shared/codes';
import * as contract from '../../../../shared/contract/ops-stubs';
import { AppError } from '../../errors';
import { route } from '../../route';
import type { Tooling } from './register';

/** The answer of a failed `expect`: 417 Expectation Failed, so `curl -f` and a test runner's check fail too. */
const MISMATCH_STATUS = 417;

/** Stubs as data and the request count (shared/contract/ops-stubs.ts), under /ops. */
export function stubRoutes(app: FastifyInstance, tooling: Tooling) {
  const { stubs, clusterLog } = tooling;

  route(app, contract.listStubs, () => ({ stubs: stubs.list() }));
  route(app, contract.addStub, async ({ body }) => {
    if (body.uid !== undefined && !(await app.services.users.byUid(body.uid))) throw new AppError(Code.OPS_NOT_FOUND);
    return stubs.add(body);
  });
  route(app, contract.removeStubs, ({ query }) => ({ removed: stubs.remove(query.id) }));

  route(app, contract.countRequests, async ({ query }) => {
    if (!app.config.requestLog) throw new AppError(Code.REQUEST_LOG_OFF);
    const found = await clusterLog.find({
      ...(query.path !== undefined ? { route: query.path } : {}),
      ...(query.method !== undefined ? { method: query.method } : {}),
      ...(query.uid !== undefined ? { uid: query.uid } : {}),
      ...(query.status !== undefined ? { status: query.status } : {}),
      ...(query.code !== undefined ? { code: query.code } : {}),
      ...(query.stubbed !== undefined ? { stubbed: query.stubbed === 'true' } : {}),
      limit: Number.MAX_SAFE_INTEGER,
      ops: query.path?.startsWith('/ops') ?? false,
    });
    const count = found.requests.length;
    if (query.expect !== undefined && count !== query.expect) {
      throw new AppError(Code.REQUEST_COUNT_MISMATCH, {
        status: MISMATCH_STATUS,
        params: { expected: query.expect, count },
        data: { count, expected: query.expect },
      });
    }
    return { count };
  });
}
