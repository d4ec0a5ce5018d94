import type { FastifyInstance } from 'fastify';
import { badgeRoutes } from './routes';
import { type BadgeService, createBadgeService } from './service';

declare module 'fastify' {
  interface AppServices {
    badges: BadgeService;
  }
}

/** Badge counters: each domain provides its own counter to this service (badges.provide). */
export function register(app: FastifyInstance) {
  const badges = createBadgeService({
    events: app.events,
    push: (userId, event, content) => app.socket.push(userId, event, content),
    discard: (userId, events) => app.socket.discard(userId, events),
    log: app.log,
  });
  Object.assign(app.services, { badges });
  badgeRoutes(app, badges);
}
