import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/mall';
import { route } from '../../route';
import type { PokerService } from './service';

export function pokerRoutes(app: FastifyInstance, poker: PokerService) {
  route(app, contract.pokerFetch, ({ user }) => poker.view(user.id));
  route(app, contract.pokerMessages, () => poker.messages());
  route(app, contract.pokerDraw, ({ user }) => poker.draw(user.id));
}
