import type { FastifyInstance } from 'fastify';
import { mallRoutes } from './routes';
import { createMallService, type MallService } from './service';

/** The domain's reference data, written at every start (server/src/domains/index.ts runs it). */
export { seedMall as seed } from './seed';

declare module 'fastify' {
  interface AppServices {
    mall: MallService;
  }
}

/** The points mall: the service and its routes. */
export function register(app: FastifyInstance) {
  const { grants, ledger, users } = app.services;
  const mall = createMallService({ db: app.db, clock: app.clock, ledger, grants, users });
  Object.assign(app.services, { mall });
  app.services.remarks.provide(mall.remarkOf);
  mallRoutes(app, mall);
}
