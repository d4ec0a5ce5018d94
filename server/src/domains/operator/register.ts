import type { FastifyInstance } from 'fastify';
import { operatorRoutes } from './routes';
import { createOperatorService, type OperatorService } from './service';

/** The dev accounts of a local start (docs/operator-guide.md): written at every start, never overwritten. */
export { seedOperators as seed } from './seed';

declare module 'fastify' {
  interface AppServices {
    operators: OperatorService;
  }
}

/**
 * Named operator accounts: sign-in with password and TOTP, roles (shared/roles.ts, enforced for every /ops
 * route in route.ts), sessions (plugins/operator-session.ts) and the admins' management.
 */
export function register(app: FastifyInstance) {
  const operators = createOperatorService({
    db: app.db,
    clock: app.clock,
    config: app.config,
    limiter: app.limiter,
    sessions: app.operatorSessions,
  });
  Object.assign(app.services, { operators });
  if (!app.config.testerTools) app.addHook('onReady', () => operators.disableDevAccounts());
  if (app.config.opsEnabled) operatorRoutes(app, operators);
}
