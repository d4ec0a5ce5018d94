import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/withdraw';
import { manilaDayRange } from '../../../../shared/time';
import { route } from '../../route';
import type { CaptchaService } from './captcha';
import type { WithdrawService } from './service';
import type { WalletService } from './wallet';

export function withdrawRoutes(
  app: FastifyInstance,
  services: { wallets: WalletService; withdrawals: WithdrawService; captcha: CaptchaService },
) {
  const { wallets, withdrawals, captcha } = services;

  route(app, contract.walletAccount, ({ user }) => wallets.view(user.id));

  route(app, contract.bindWallet, async ({ user, body, succeed }) => {
    const wallet = await wallets.bind(user, body);
    succeed('walletBound');
    return wallet;
  });

  route(app, contract.captcha, ({ user }) => captcha.issue(user.id));

  route(app, contract.createWithdrawal, async ({ user, body, succeed }) => {
    const record = await withdrawals.create(user, body);
    succeed('withdrawCreated');
    return record;
  });

  route(app, contract.withdrawLimits, ({ user }) => withdrawals.todayLimits(user.id));

  route(app, contract.withdrawWagering, ({ user }) => withdrawals.wagering(user.id));

  route(app, contract.withdrawRecords, async ({ user, query }) => {
    await withdrawals.settleDue();
    const { rows, total } = await withdrawals.records(user.id, { ...query, ...manilaDayRange(query.from, query.to) });
    return { list: rows.map(withdrawals.view), page: query.page, size: query.size, total };
  });
}
