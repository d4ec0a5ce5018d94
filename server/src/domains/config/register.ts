import type { FastifyInstance } from 'fastify';
import { configRoutes } from './routes';
import { type ConfigService, createConfigService } from './service';

/** The domain's reference data, written at every start (server/src/domains/index.ts runs it). */
export { seedConfig as seed } from './seed';

declare module 'fastify' {
  interface AppServices {
    config: ConfigService;
  }
}

/** Site configuration: the service, its subscriptions and routes. */
export function register(app: FastifyInstance) {
  const config = createConfigService({ db: app.db, clock: app.clock, log: app.log });
  config.subscribe(app.events, { isGuest: async (userId) => (await app.services.users.byId(userId))?.guest === 1 });
  Object.assign(app.services, { config });
  configRoutes(app, config);
}
