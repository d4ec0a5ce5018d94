import type { FastifyInstance } from 'fastify';
import { redemptionOpsRoutes } from './ops-routes';
import { redemptionRoutes } from './routes';
import { createRedemptionService, type RedemptionService } from './service';

/** The domain's reference data, written at every start (server/src/domains/index.ts runs it). */
export { seedRedemptionCodes as seed } from './seed';

declare module 'fastify' {
  interface AppServices {
    codes: RedemptionService;
  }
}

/** Redemption codes: the service and its routes (player and /ops). */
export function register(app: FastifyInstance) {
  const { grants, users, deposits } = app.services;
  const codes = createRedemptionService({
    db: app.db,
    clock: app.clock,
    grants,
    users,
    couponExists: deposits.couponExists,
  });
  Object.assign(app.services, { codes });
  redemptionRoutes(app, codes);
  if (app.config.opsEnabled) redemptionOpsRoutes(app, codes);
}
