import type { FastifyInstance } from 'fastify';
import { type CaptchaService, createCaptchaService } from './captcha';
import { withdrawOpsRoutes } from './ops-routes';
import { createWithdrawRepo } from './repo';
import { withdrawRoutes } from './routes';
import { createWithdrawService, type WithdrawService } from './service';
import { createTradePasswordCheck, type TradePasswordCheck } from './trade-password';
import { createWalletService, type WalletService } from './wallet';

/** The domain's reference data, written at every start (server/src/domains/index.ts runs it). */
export { seedWithdrawals as seed } from './seed';

declare module 'fastify' {
  interface AppServices {
    wallets: WalletService;
    captcha: CaptchaService;
    tradePassword: TradePasswordCheck;
    withdrawals: WithdrawService;
  }
}

/** The broker key of the cluster's captcha key (docs/deployment.md), and how often each process claims it. */
const CAPTCHA_KEY = 'captcha.key';
const CAPTCHA_KEY_CLAIM_MS = 5_000;

/** Withdrawals: wallets, captcha, the transaction password, orders, the payout sweep, the socket push, routes. */
export function register(app: FastifyInstance) {
  const { users, sms, ledger, kyc } = app.services;
  const repo = createWithdrawRepo(app.db);
  const tradePassword = createTradePasswordCheck({
    limiter: app.limiter,
    storedHash: repo.tradePasswordHash,
    clock: app.clock,
    events: app.events,
  });
  const wallets = createWalletService({
    db: app.db,
    clock: app.clock,
    events: app.events,
    repo,
    tradePassword,
    assertCanTransact: users.assertCanTransact,
  });
  const captcha = createCaptchaService({ db: app.db, clock: app.clock, repo });
  // One key for the whole cluster: the first process to start claims it on the broker (Redis), the others
  // take it, so GET /api/captcha on one process and POST /api/withdraw/create on another agree. A lone
  // process (memory broker) keeps a key of its own, as before. Redis may lose the key (restarted without
  // persistence, flushed): each process claims again every few seconds with the key it uses, so the
  // running cluster puts its key back, or all take the one a newcomer claimed first.
  const claimCaptchaKey = async () => {
    const claimed = await app.cluster.broker.claim(CAPTCHA_KEY, captcha.keyHex());
    captcha.useKey(Buffer.from(claimed, 'hex'));
  };
  let claiming: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await claimCaptchaKey();
    if (app.cluster.broker.kind === 'memory') return;
    claiming = setInterval(() => {
      claimCaptchaKey().catch((err) => app.log.error({ err }, 'captcha: could not claim the cluster key'));
    }, CAPTCHA_KEY_CLAIM_MS);
    claiming.unref();
  });
  app.addHook('onClose', async () => clearInterval(claiming));
  const withdrawals = createWithdrawService({
    db: app.db,
    clock: app.clock,
    config: app.config,
    events: app.events,
    repo,
    users,
    sms,
    ledger,
    kyc,
    captcha,
    tradePassword,
    assertCanTransact: users.assertCanTransact,
    assertNoHold: (userId) => app.services.risk.assertMayWithdraw(userId),
  });
  Object.assign(app.services, { wallets, captcha, tradePassword, withdrawals });

  // The sandbox payout gateway reports due results: on every clock move and every 5 seconds, on the one
  // process of a cluster that holds the scheduler lease.
  const settleDue = app.cluster.scheduled(() => withdrawals.settleDue(), 'withdrawal payouts');
  app.clock.onChange(settleDue);
  const payouts = setInterval(settleDue, 5_000);
  payouts.unref();
  app.addHook('onClose', async () => clearInterval(payouts));
  // the withdrawal records screen follows its orders without polling
  app.events.on('withdraw.changed', ({ userId, orderNo, to }) =>
    app.socket.push(userId, 'withdraw.changed', { orderNo, status: to }),
  );

  withdrawRoutes(app, { wallets, withdrawals, captcha });
  if (app.config.opsEnabled) withdrawOpsRoutes(app, withdrawals, captcha);
}
