import type { FastifyInstance } from 'fastify';
import { pokerRoutes } from './routes';
import { createPokerService, type PokerService } from './service';

/** The domain's reference data, written at every start (server/src/domains/index.ts runs it). */
export { seedPoker as seed } from './seed';

declare module 'fastify' {
  interface AppServices {
    poker: PokerService;
  }
}

/** The poker-card event: the service, its badge counter, the events that deal cards, routes. */
export function register(app: FastifyInstance) {
  const { grants, users, badges } = app.services;
  const poker = createPokerService({ db: app.db, clock: app.clock, events: app.events, grants, users });
  Object.assign(app.services, { poker });

  badges.provide('inviteFriendToEarnNum', async (userId) => (await poker.chances(userId)).total);
  app.events.on('deposit.succeeded', ({ userId, orderNo, first }) => {
    if (!first) return;
    return poker
      .onDeposit(userId, orderNo)
      .catch((err) => app.log.error({ err, userId, orderNo }, 'poker: deposit chance'));
  });
  // A new Manila day gives back the free draw: connected players who used the last one hear their chances.
  app.events.on('clock.dayChanged', ({ from, to }) => {
    return poker
      .dayTurned(from, to, (userId) => app.socket.isConnected(userId))
      .catch((err) => app.log.error({ err, from, to }, 'poker: day turned'));
  });

  pokerRoutes(app, poker);
}
