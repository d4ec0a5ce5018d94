import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { toPesos } from '../../../shared/money';
import { configRoutes } from './config/routes';
import { type ConfigService, createConfigService } from './config/service';
import { depositRoutes } from './deposit/routes';
import { createDepositService, type DepositService } from './deposit/service';
import { ledgerRoutes } from './ledger/routes';
import { createLedgerService, type LedgerService } from './ledger/service';
import { wirePushes } from './pushes';
import { userRoutes } from './user/routes';
import { createUserService, type UserService } from './user/service';
import { createSmsService } from './user/sms.service';

declare module 'fastify' {
  interface FastifyInstance {
    services: {
      config: ConfigService;
      users: UserService;
      sms: ReturnType<typeof createSmsService>;
      ledger: LedgerService;
      deposits: DepositService;
    };
  }
}

/** Builds each domain's service and registers its routes. */
export const registerDomains = fp(
  async (app: FastifyInstance) => {
    const configs = createConfigService({ db: app.db, clock: app.clock, log: app.log });
    const sms = createSmsService({ db: app.db, clock: app.clock, limiter: app.limiter, log: app.log });
    const users = createUserService({
      db: app.db,
      clock: app.clock,
      config: app.config,
      limiter: app.limiter,
      events: app.events,
      sms,
      revokeSessions: app.sessions.revokeAllOf,
      configValue: configs.value,
    });
    const ledger = createLedgerService({ db: app.db, clock: app.clock });
    const deposits = createDepositService({
      db: app.db,
      clock: app.clock,
      config: app.config,
      ledger,
      events: app.events,
      assertCanTransact: users.assertCanTransact,
    });
    configs.subscribe(app.events, { isGuest: (userId) => users.repo.byId(userId)?.guest === 1 });
    app.decorate('services', { config: configs, users, sms, ledger, deposits });

    app.events.on('user.registered', ({ userId }) => {
      app.db.transaction(() => {
        ledger.account(userId);
        for (const code of deposits.settings().welcomeCoupons) deposits.grantCoupon(userId, code, 'welcome');
      })();
    });
    // Pending deposits past their time-out become Timeout: on every clock move and once a minute.
    app.clock.onChange(() => deposits.expireOverdue());
    const sweep = setInterval(() => deposits.expireOverdue(), 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));

    configRoutes(app, configs);
    userRoutes(app, users);
    ledgerRoutes(app, ledger, {
      risk: (userId) => {
        const a = ledger.account(userId);
        const owed = ledger.surplus(a);
        return {
          turnoverRequired: toPesos(a.turnover_required),
          turnoverDone: toPesos(a.turnover_done),
          withdrawLocked: owed > 0,
          kycStatus: 'unverified',
          restricted: false,
        };
      },
      // Pending pixel events are delivered once, by whichever of balance and fb/event/fetch asks first.
      fbEvents: configs.takeFbEvents,
    });
    depositRoutes(app, deposits);
    wirePushes(app);
  },
  { name: 'domains' },
);
