import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type CaptchaService, createCaptchaService } from './captcha';
import { withdrawOpsRoutes } from './ops-routes';
import { createWithdrawRepo } from './repo';
import { withdrawRoutes } from './routes';
import { createWithdrawService, type WithdrawService } from './service';
import { createTradePasswordCheck, type TradePasswordCheck } from './trade-password';
import { createWalletService, type WalletService } from './wallet';

declare module 'fastify' {
  interface AppServices {
    wallets: WalletService;
    captcha: CaptchaService;
    tradePassword: TradePasswordCheck;
    withdrawals: WithdrawService;
  }
}

/** Withdrawals: wallets, captcha, the transaction password, orders, the payout sweep, the socket push, routes. */
export function register(app: FastifyInstance) {
  const { users, ledger, kyc } = app.services;
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
  // process (memory broker) keeps a key of its own, as before.
  app.addHook('onReady', async () => {
    const claimed = await app.cluster.broker.claim('captcha.key', randomBytes(32).toString('hex'));
    captcha.useKey(Buffer.from(claimed, 'hex'));
  });
  const withdrawals = createWithdrawService({
    db: app.db,
    clock: app.clock,
    config: app.config,
    events: app.events,
    repo,
    users,
    ledger,
    kyc,
    captcha,
    tradePassword,
    assertCanTransact: users.assertCanTransact,
  });
  Object.assign(app.services, { wallets, captcha, tradePassword, withdrawals });

  // The sandbox payout gateway reports due results: on every clock move and every 5 seconds, on the one
  // process of a cluster that holds the scheduler lease.
  const settleDue = app.cluster.scheduled(() => withdrawals.settleDue());
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
