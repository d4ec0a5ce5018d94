import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/mall';
import * as ops from '../../../../shared/contract/ops-rewards';
import { route } from '../../route';
import type { RedemptionService } from './service';

export function redemptionRoutes(app: FastifyInstance, codes: RedemptionService) {
  route(app, contract.useRedemptionCode, ({ user, body }) => codes.use(user.id, body.code));
}

/** Under /ops, registered only when the operator API is on. */
export function redemptionOpsRoutes(app: FastifyInstance, codes: RedemptionService) {
  route(app, ops.createCode, ({ body }) => codes.create(body));
  route(app, ops.listCodes, ({ query }) => codes.list(query.q, query.page, query.size));
}
