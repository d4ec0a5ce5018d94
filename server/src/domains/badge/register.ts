import type { FastifyInstance } from 'fastify';
import { badgeRoutes } from './routes';
import { BALANCE_MOVED_WHILE_LISTENING, type BadgeService, createBadgeService } from './service';

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
  // One nudge per balance move (a broker message in a cluster when the player's socket is elsewhere),
  // whatever the number of counters that follow bets.
  app.events.on('balance.moved', ({ userId }) => app.socket.nudge(userId, BALANCE_MOVED_WHILE_LISTENING));
  badgeRoutes(app, badges);
}
