import type { FastifyInstance } from 'fastify';
import { inboxOpsRoutes } from './ops-routes';
import { inboxRoutes } from './routes';
import { createInboxService, type InboxService } from './service';
import { subscribeSystemLetters } from './system-letters';

declare module 'fastify' {
  interface AppServices {
    inbox: InboxService;
  }
}

/** The inbox: the service, its badge counter, system letters, routes (player and /ops). */
export function register(app: FastifyInstance) {
  const { grants, deposits, badges, kyc } = app.services;
  const inbox = createInboxService({
    db: app.db,
    clock: app.clock,
    events: app.events,
    grants,
    couponExists: deposits.couponExists,
    connectedUsers: () => app.socket.connectedUsers(),
  });
  Object.assign(app.services, { inbox });

  badges.provide('letterUnreadNum', inbox.unread);
  subscribeSystemLetters({
    events: app.events,
    inbox,
    log: app.log,
    kycReason: async (userId) => (await kyc.view(userId)).reason,
    username: async (userId) => (await app.services.users.byId(userId))?.username ?? '',
    isGuest: (userId) => app.services.users.isGuest(userId),
    withdrawal: (orderNo) => app.services.withdrawals.order(orderNo),
  });

  // A letter to all still valid reaches a player who registers now.
  app.events.on('user.registered', ({ userId }) => {
    return inbox.welcome(userId).catch((err) => app.log.error({ err, userId }, 'letters to all not delivered'));
  });

  inboxRoutes(app, inbox);
  if (app.config.opsEnabled) inboxOpsRoutes(app, inbox);
}
