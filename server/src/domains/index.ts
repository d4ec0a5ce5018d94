import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { toPesos } from '../../../shared/money';
import { registerAudit } from './audit/register';
import { badgeRoutes } from './badge/routes';
import { type BadgeService, createBadgeService } from './badge/service';
import { registerChat } from './chat/register';
import { configRoutes } from './config/routes';
import { type ConfigService, createConfigService } from './config/service';
import { depositRoutes } from './deposit/routes';
import { createDepositService, type DepositService } from './deposit/service';
import { catalogRoutes } from './game/catalog.routes';
import { type CatalogService, createCatalogService } from './game/catalog.service';
import { registerInbox } from './inbox/register';
import { kycRoutes } from './kyc/routes';
import { createKycService, type KycService } from './kyc/service';
import { ledgerRoutes } from './ledger/routes';
import { createLedgerService, type LedgerService } from './ledger/service';
import { registerMall } from './mall/register';
import { playRoutes } from './play/routes';
import { createPlayService, type PlayService } from './play/service';
import { wirePushes } from './pushes';
import { createRewardGrants, type RewardGrants } from './reward/grant';
import { registerTooling } from './tooling/register';
import { userRoutes } from './user/routes';
import { createUserService, type UserService } from './user/service';
import { createSmsService } from './user/sms.service';
import { registerVip } from './vip/register';
import { type CaptchaService, createCaptchaService } from './withdraw/captcha';
import { createWithdrawRepo } from './withdraw/repo';
import { withdrawRoutes } from './withdraw/routes';
import { createWithdrawService, type WithdrawService } from './withdraw/service';
import { createTradePasswordCheck, type TradePasswordCheck } from './withdraw/trade-password';
import { createWalletService, type WalletService } from './withdraw/wallet';

/**
 * The services on app.services. A later domain adds its own from its register.ts with
 * `declare module '../index' { interface DomainServices { name: Service } }`.
 */
export interface DomainServices {
  config: ConfigService;
  users: UserService;
  sms: ReturnType<typeof createSmsService>;
  ledger: LedgerService;
  deposits: DepositService;
  kyc: KycService;
  wallets: WalletService;
  captcha: CaptchaService;
  tradePassword: TradePasswordCheck;
  withdrawals: WithdrawService;
  catalog: CatalogService;
  play: PlayService;
  badges: BadgeService;
  grants: RewardGrants;
}

declare module 'fastify' {
  /** Other ways for a later domain to add its services: augment `FastifyServices` or `AppServices`. */
  interface FastifyServices {}
  interface AppServices {}
  interface FastifyInstance {
    services: DomainServices & FastifyServices & AppServices;
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
    const catalog = createCatalogService({ db: app.db, clock: app.clock, configValue: configs.value });
    configs.subscribe(app.events, { isGuest: (userId) => users.repo.byId(userId)?.guest === 1 });
    const play = createPlayService({
      db: app.db,
      clock: app.clock,
      config: app.config,
      ledger,
      events: app.events,
      hasWallet: (userId) => users.repo.byId(userId)?.has_wallet === 1,
      nickname: (userId) => {
        const row = users.repo.byId(userId);
        return { uid: row?.uid ?? 0, nickname: row?.nickname ?? '' };
      },
    });
    const kyc = createKycService({ db: app.db, clock: app.clock, events: app.events, users: users.repo });
    const withdrawRepo = createWithdrawRepo(app.db);
    const tradePassword = createTradePasswordCheck({
      limiter: app.limiter,
      storedHash: withdrawRepo.tradePasswordHash,
      clock: app.clock,
      events: app.events,
    });
    const wallets = createWalletService({
      db: app.db,
      clock: app.clock,
      events: app.events,
      repo: withdrawRepo,
      tradePassword,
      assertCanTransact: users.assertCanTransact,
    });
    const captcha = createCaptchaService({ db: app.db, clock: app.clock, repo: withdrawRepo });
    const badges = createBadgeService({
      events: app.events,
      push: (userId, event, content) => app.socket.push(userId, event, content),
      discard: (userId, events) => app.socket.discard(userId, events),
    });
    const grants = createRewardGrants({
      db: app.db,
      clock: app.clock,
      ledger,
      events: app.events,
      grantCoupon: deposits.grantCoupon,
    });
    const withdrawals = createWithdrawService({
      db: app.db,
      clock: app.clock,
      config: app.config,
      events: app.events,
      repo: withdrawRepo,
      users: users.repo,
      ledger,
      kyc,
      captcha,
      tradePassword,
      assertCanTransact: users.assertCanTransact,
    });
    // Later domains add theirs from their register.ts (see AppServices).
    app.decorate('services', {
      config: configs,
      users,
      sms,
      ledger,
      deposits,
      catalog,
      play,
      kyc,
      wallets,
      captcha,
      tradePassword,
      withdrawals,
      badges,
      grants,
      // The later domains' services are added by their register functions, below.
    } as FastifyInstance['services']);

    app.events.on('user.registered', ({ userId }) => {
      app.db.transaction(() => {
        ledger.account(userId);
        for (const code of deposits.settings().welcomeCoupons) deposits.grantCoupon(userId, code, 'welcome');
      })();
    });
    // Money writes still waiting for their group commit are committed before the database closes.
    app.addHook('onClose', async () => ledger.batch.flush());
    // Pending deposits past their time-out become Timeout: on every clock move and once a minute.
    app.clock.onChange(() => deposits.expireOverdue());
    const sweep = setInterval(() => deposits.expireOverdue(), 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
    // The sandbox payout gateway reports due results: on every clock move and every 5 seconds.
    app.clock.onChange(() => withdrawals.settleDue());
    const payouts = setInterval(() => withdrawals.settleDue(), 5_000);
    payouts.unref();
    app.addHook('onClose', async () => clearInterval(payouts));

    configRoutes(app, configs);
    userRoutes(app, users);
    ledgerRoutes(app, ledger, {
      risk: (userId, a) => {
        const owed = ledger.surplus(a);
        const { kycStatus, restricted } = kyc.risk(userId);
        return {
          turnoverRequired: toPesos(a.turnover_required),
          turnoverDone: toPesos(a.turnover_done),
          withdrawLocked: owed > 0 || kycStatus !== 'verified' || restricted,
          kycStatus,
          restricted,
        };
      },
      // Pending pixel events are delivered once, by whichever of balance and fb/event/fetch asks first.
      fbEvents: configs.takeFbEvents,
    });
    depositRoutes(app, deposits);
    kycRoutes(app, kyc);
    withdrawRoutes(app, { wallets, withdrawals, captcha });
    catalogRoutes(app, catalog);
    playRoutes(app, play);
    badgeRoutes(app, badges);

    // Later domains register their own services (on app.services) and routes, each from
    // domains/<name>/register.ts, after the ones above.

    // --- VIP, friends, ranking ---
    registerVip(app);

    // --- end VIP ---

    // --- poker, codes, mall ---
    registerMall(app);

    // --- end poker ---

    // --- inbox, tasks, bonuses ---
    registerInbox(app);

    // --- end inbox ---

    // --- operator audit trail, live chat ---
    registerAudit(app);
    registerChat(app);
    // --- end audit ---

    // --- tooling ---
    registerTooling(app);
    // --- end tooling ---

    wirePushes(app);
  },
  { name: 'domains' },
);
