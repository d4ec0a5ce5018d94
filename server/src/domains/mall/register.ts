import type { FastifyInstance } from 'fastify';
import { startOfManilaDay } from '../../../../shared/time';
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

const DAY_MS = 86_400_000;

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
  watchManilaMidnight(app, poker);

  pokerRoutes(app, poker);
  redemptionRoutes(app, codes);
  mallRoutes(app, mall);
  if (app.config.opsEnabled) redemptionOpsRoutes(app, codes);
}

/**
 * A new Manila day gives back the free draw: connected players who used yesterday's hear their new
 * chances. Checked when the clock is moved, and by one timer set for the next midnight of a running clock.
 */
function watchManilaMidnight(app: FastifyInstance, poker: PokerService) {
  const online = (userId: number) => app.socket.isConnected(userId);
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = undefined;
    if (app.clock.frozen) return;
    const now = app.clock.now();
    const midnight = startOfManilaDay(now).getTime() + DAY_MS;
    timer = setTimeout(
      () => {
        poker.dayTurned(new Date(midnight - 1), app.clock.now(), online);
        schedule();
      },
      midnight - now.getTime() + 50,
    );
    timer.unref();
  };
  app.clock.onChange((from, to) => {
    poker.dayTurned(from, to, online);
    schedule();
  });
  schedule();
  app.addHook('onClose', async () => clearTimeout(timer));
}
