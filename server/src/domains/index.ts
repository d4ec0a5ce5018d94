import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { userRoutes } from './user/routes';
import { createUserService, type UserService } from './user/service';
import { createSmsService } from './user/sms.service';

declare module 'fastify' {
  interface FastifyInstance {
    services: {
      users: UserService;
      sms: ReturnType<typeof createSmsService>;
    };
  }
}

/** Builds each domain's service and registers its routes. */
export const registerDomains = fp(
  async (app: FastifyInstance) => {
    const sms = createSmsService({ db: app.db, clock: app.clock, limiter: app.limiter, log: app.log });
    const users = createUserService({
      db: app.db,
      clock: app.clock,
      config: app.config,
      limiter: app.limiter,
      events: app.events,
      sms,
      revokeSessions: app.sessions.revokeAllOf,
      configValue: () => '',
    });
    app.decorate('services', { users, sms });
    userRoutes(app, users);
  },
  { name: 'domains' },
);
