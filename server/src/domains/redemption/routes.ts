import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/mall';
import { route } from '../../route';
import type { RedemptionService } from './service';

export function redemptionRoutes(app: FastifyInstance, codes: RedemptionService) {
  route(app, contract.useRedemptionCode, ({ user, body }) => codes.use(user.id, body.code));
}
