import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from './catalog.routes';
import { type CatalogService, createCatalogService } from './catalog.service';

/** The domain's reference data, written at every start (server/src/domains/index.ts runs it). */
export { seedCatalog as seed } from './catalog.seed';

declare module 'fastify' {
  interface AppServices {
    catalog: CatalogService;
  }
}

/** The game catalog: the service and its routes. */
export function register(app: FastifyInstance) {
  const catalog = createCatalogService({
    db: app.db,
    clock: app.clock,
    configValue: (key) => app.services.config.value(key),
  });
  Object.assign(app.services, { catalog });
  catalogRoutes(app, catalog);
}
