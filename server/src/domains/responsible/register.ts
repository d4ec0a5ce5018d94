import type { FastifyInstance } from 'fastify';
import { responsibleOpsRoutes } from './ops-routes';
import { responsibleRoutes } from './routes';
import { createResponsibleService, type ResponsibleService } from './service';

declare module 'fastify' {
  interface AppServices {
    responsible: ResponsibleService;
  }
}

/**
 * Responsible gaming: deposit limits and breaks from play. The deposits, game launch and bet paths ask
 * `assertMayDeposit` / `assertMayPlay` at call time (through app.services).
 */
export function register(app: FastifyInstance) {
  const responsible = createResponsibleService({
    db: app.db,
    clock: app.clock,
    depositedSince: app.services.deposits.countedSince,
    cancelPendingDeposits: (userId) => app.services.deposits.cancelPendingOf(userId),
    announceCancelled: (userId, orderNos) => app.services.deposits.announceCancelled(userId, orderNos),
    closeCheckouts: (userId) => app.services.deposits.closeCheckoutsOf(userId),
  });
  Object.assign(app.services, { responsible });
  responsibleRoutes(app, responsible);
  if (app.config.opsEnabled) responsibleOpsRoutes(app, responsible);
}
