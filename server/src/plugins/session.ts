import fp from 'fastify-plugin';
import { createSessionService } from './session.service';

/** Sessions: the service that issues, checks and revokes session cookies (see route.ts for the guard). */
export const sessionPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorate(
      'sessions',
      createSessionService({
        db: app.db,
        clock: app.clock,
        config: app.config,
        events: app.events,
        log: app.log,
        broker: app.cluster.broker,
      }),
    );
  },
  { name: 'session', dependencies: ['db', 'clock', 'events', 'broker'] },
);
