import type { claimFriendDeposit as endpoint } from '../../../../../shared/contract/friend';
import { call } from '../../../lib/http';

export const claimFriendDepositRebate = () =>
  call<typeof endpoint>('POST', '/api/friend/card/deposit/rewards/claim', { body: {} });
