import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/mall';
import { route } from '../../route';
import type { MallService } from './service';

export function mallRoutes(app: FastifyInstance, mall: MallService) {
  route(app, contract.mallInfo, ({ user, request }) => mall.info(user.id, request.lang));
  route(app, contract.mallOrder, ({ user, body }) => mall.order(user.id, body.itemId, body.quantity));
}
