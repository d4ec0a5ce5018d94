import type { FastifyInstance } from 'fastify';
import { pokerRoutes } from '../poker/routes';
import { createPokerService, type PokerService } from '../poker/service';
import { redemptionOpsRoutes, redemptionRoutes } from '../redemption/routes';
import { createRedemptionService, type RedemptionService } from '../redemption/service';
import { mallRoutes } from './routes';
import { createMallService, type MallService } from './service';

declare module 'fastify' {
  interface FastifyServices {
    poker: PokerService;
    codes: RedemptionService;
    mall: MallService;
  }
}

/** The poker-card event, redemption codes and the points mall (issue 5): services, events, badge, routes. */
export function registerMall(app: FastifyInstance) {
  const { grants, ledger, users, badges, deposits } = app.services;
  const poker = createPokerService({ db: app.db, clock: app.clock, events: app.events, grants, users: users.repo });
  const codes = createRedemptionService({
    db: app.db,
    clock: app.clock,
    grants,
    users: users.repo,
    couponExists: (template) => deposits.repo.template(template) !== undefined,
  });
  const mall = createMallService({ db: app.db, clock: app.clock, ledger, grants, users: users.repo });
  Object.assign(app.services, { poker, codes, mall });

  badges.provide('inviteFriendToEarnNum', (userId) => poker.chances(userId).total);
  app.events.on('deposit.succeeded', ({ userId, orderNo, first }) => {
    if (first) poker.onDeposit(userId, orderNo);
  });
  // A new Manila day gives back the free draw: connected players who used the last one hear their chances.
  app.events.on('clock.dayChanged', ({ from, to }) =>
    poker.dayTurned(from, to, (userId) => app.socket.isConnected(userId)),
  );

  pokerRoutes(app, poker);
  redemptionRoutes(app, codes);
  mallRoutes(app, mall);
  if (app.config.opsEnabled) redemptionOpsRoutes(app, codes);
}
