import type { FastifyInstance } from 'fastify';
import * as ops from '../../../../shared/contract/ops-rewards';
import { route } from '../../route';
import type { RedemptionService } from './service';

/** Redemption codes under /ops (shared/contract/ops-rewards.ts). */
export function redemptionOpsRoutes(app: FastifyInstance, codes: RedemptionService) {
  route(app, ops.createCode, ({ body }) => codes.create(body));
  route(app, ops.listCodes, ({ query }) => codes.list(query.q, query.page, query.size));
  route(app, ops.disableCode, ({ params }) => codes.disable(params.id));
}
