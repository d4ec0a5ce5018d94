import type { FastifyInstance } from 'fastify';
import { kycOpsRoutes } from './ops-routes';
import { kycRoutes } from './routes';
import { createKycService, type KycService } from './service';

declare module 'fastify' {
  interface AppServices {
    kyc: KycService;
  }
}

/** Identity verification: the service, its socket push and its routes. */
export function register(app: FastifyInstance) {
  const kyc = createKycService({ db: app.db, clock: app.clock, events: app.events, users: app.services.users });
  Object.assign(app.services, { kyc });
  // the withdraw screen shows the operator's identity decision without a reload
  app.events.on('kyc.decided', ({ userId, status }) => app.socket.push(userId, 'kyc.changed', { status }));
  kycRoutes(app, kyc);
  if (app.config.opsEnabled) kycOpsRoutes(app, kyc);
}
