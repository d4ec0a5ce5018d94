import { useAccountStore } from '../features/account/store';
import { parseBalanceChanged, parseSettled, useDepositStore } from '../features/wallet/store';
import type { SocketClient } from '../lib/socket';

/**
 * The money events of the socket: `balance.changed` puts the new balance in the header at once and then
 * refetches the whole balance (withdrawable, turnover); `deposit.settled` is recorded for the recharge
 * screen and the record lists; `withdraw.changed` makes the record lists reload; `kyc.changed` makes the
 * withdraw screen read the identity verification again.
 */
export function bindWalletEvents(socket: SocketClient, refreshBalance: () => Promise<void>): void {
  socket.on('balance.changed', (content) => {
    const balance = parseBalanceChanged(content);
    if (balance === null) return;
    const account = useAccountStore.getState();
    if (account.balance) {
      account.setBalance({
        ...account.balance,
        userAccountVO: { ...account.balance.userAccountVO, balance },
      });
    }
    void refreshBalance().catch(() => {});
  });
  socket.on('deposit.settled', (content) => {
    const settled = parseSettled(content);
    if (!settled) return;
    useDepositStore.getState().markSettled(settled);
  });
  socket.on('withdraw.changed', (content) => {
    if (parseSettled(content)) useDepositStore.getState().recordsChanged();
  });
  socket.on('kyc.changed', () => useDepositStore.getState().kycChanged());
}
