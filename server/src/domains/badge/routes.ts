import type { FastifyInstance } from 'fastify';
import { badgeData } from '../../../../shared/contract/account';
import { route } from '../../route';
import type { BadgeService } from './service';

export function badgeRoutes(app: FastifyInstance, badges: BadgeService) {
  route(app, badgeData, ({ user }) => badges.data(user.id));
}
