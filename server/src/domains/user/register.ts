import type { FastifyInstance } from 'fastify';
import { userOpsRoutes } from './ops-routes';
import { userRoutes } from './routes';
import { createUserService, type UserService } from './service';
import { createSmsService, type SmsService } from './sms.service';

declare module 'fastify' {
  interface AppServices {
    users: UserService;
    sms: SmsService;
  }
}

/** Players and the simulated SMS outbox: services and routes. */
export function register(app: FastifyInstance) {
  const sms = createSmsService({ db: app.db, clock: app.clock, limiter: app.limiter, log: app.log });
  const users = createUserService({
    db: app.db,
    clock: app.clock,
    config: app.config,
    limiter: app.limiter,
    events: app.events,
    sms,
    revokeSessions: app.sessions.revokeAllOf,
    configValue: (key) => app.services.config.value(key),
    identityVerified: (userId) => app.services.kyc.verified(userId),
    signUpSmsCode: () => app.services.risk.signUpSmsCode(),
  });
  Object.assign(app.services, { users, sms });
  userRoutes(app, users);
  if (app.config.opsEnabled) userOpsRoutes(app, users, sms);
}
