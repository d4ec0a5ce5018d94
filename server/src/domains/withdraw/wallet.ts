import type { z } from 'zod';
import { Code } from '../../../../shared/codes';
import type { bindWallet, Wallet } from '../../../../shared/contract/withdraw';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { EventBus } from '../../plugins/events';
import type { SessionUser } from '../../types';
import type { WalletRow, WithdrawRepo } from './repo';
import type { TradePasswordCheck } from './trade-password';

type BindRequest = z.output<typeof bindWallet.body>;

/** "9171234567" -> "9*****4567". */
export const maskAccount = (account: string) =>
  account.length > 5 ? `${account.slice(0, 1)}*****${account.slice(-4)}` : '*****';

export const walletView = (w: Pick<WalletRow, 'bank' | 'name' | 'account'>): Wallet => ({
  bank: w.bank,
  name: w.name,
  account: maskAccount(w.account),
});

/**
 * The e-wallet withdrawals go to (spec sections 3-5): bound once with the transaction password, never
 * changed by the player afterwards, and one wallet account belongs to one player (no fund sharing).
 */
export function createWalletService(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  repo: WithdrawRepo;
  tradePassword: TradePasswordCheck;
  assertCanTransact: (userId: number) => Promise<void>;
}) {
  const { db, clock, events, repo, tradePassword } = deps;

  return {
    get: (userId: number) => repo.wallet(userId),

    async view(userId: number): Promise<Wallet | null> {
      const w = await repo.wallet(userId);
      return w ? walletView(w) : null;
    },

    async bind(user: SessionUser, body: BindRequest): Promise<Wallet> {
      await deps.assertCanTransact(user.id);
      if (await repo.wallet(user.id)) throw new AppError(Code.WALLET_ALREADY_BOUND);
      await tradePassword.verify(user, body.password);
      await db.transaction(async () => {
        if (await repo.wallet(user.id)) throw new AppError(Code.WALLET_ALREADY_BOUND);
        if ((await repo.walletOwner(body.bank, body.account)) !== undefined) throw new AppError(Code.WALLET_IN_USE);
        const bound = await repo.insertWallet({
          userId: user.id,
          bank: body.bank,
          name: body.name.replace(/\s+/g, ' '),
          account: body.account,
          now: clock.iso(),
        });
        if (!bound) throw new AppError(Code.WALLET_ALREADY_BOUND);
      })();
      events.emit('wallet.bound', { userId: user.id, bank: body.bank });
      return walletView((await repo.wallet(user.id)) as WalletRow);
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
