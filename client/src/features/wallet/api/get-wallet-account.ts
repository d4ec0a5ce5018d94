import type { walletAccount as endpoint } from '../../../../../shared/contract/withdraw';
import { call } from '../../../lib/http';

export const getWalletAccount = () =>
  call<typeof endpoint>('GET', '/api/user/bankCard/wallet/account', { quiet: true, silent: true });
