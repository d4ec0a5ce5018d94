import type { FastifyInstance } from 'fastify';
import { paymentGatewayClient } from './gateway';
import { depositOpsRoutes } from './ops-routes';
import { depositRoutes } from './routes';
import { createDepositService, type DepositService } from './service';

/** The domain's reference data, written at every start (server/src/domains/index.ts runs it). */
export { seedPayments as seed } from './seed';

declare module 'fastify' {
  interface AppServices {
    deposits: DepositService;
  }
}

/** Deposits: the service, the welcome coupons, the time-out sweep, the socket push and the routes. */
export function register(app: FastifyInstance) {
  const { ledger, users } = app.services;
  const deposits = createDepositService({
    db: app.db,
    clock: app.clock,
    config: app.config,
    ledger,
    events: app.events,
    assertCanTransact: users.assertCanTransact,
    assertMayDeposit: (userId, amount) => app.services.responsible.assertMayDeposit(userId, amount),
    gateway: paymentGatewayClient(app),
    playerRef: async (userId) => String((await users.byId(userId))?.uid ?? ''),
    log: app.log,
  });
  Object.assign(app.services, { deposits });

  // A new player gets the welcome coupons; a guest (who cannot deposit) only once signed up, when the
  // account is announced again.
  const grantWelcomeCoupons = async (userId: number) => {
    if (await users.isGuest(userId)) return;
    await app.db.transaction(async () => {
      for (const code of (await deposits.settings()).welcomeCoupons)
        await deposits.grantCoupon(userId, code, 'welcome');
    })();
  };
  app.events.on('user.registered', ({ userId }) => {
    return grantWelcomeCoupons(userId).catch((err) =>
      app.log.error({ err, userId }, 'deposits: could not grant the welcome coupons'),
    );
  });
  // Pending deposits past their time-out become Timeout: on every clock move and once a minute, on the one
  // process of a cluster that holds the scheduler lease.
  const expireOverdue = app.cluster.scheduled(() => deposits.expireOverdue(), 'deposit time-outs');
  app.clock.onChange(expireOverdue);
  const sweep = setInterval(expireOverdue, 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  app.events.on('deposit.settled', ({ userId, orderNo, status }) =>
    app.socket.push(userId, 'deposit.settled', { orderNo, status }),
  );

  depositRoutes(app, deposits);
  if (app.config.opsEnabled) depositOpsRoutes(app, deposits);
}
