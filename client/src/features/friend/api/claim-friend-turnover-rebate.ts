import type { claimFriendTurnover as endpoint } from '../../../../../shared/contract/friend';
import { call } from '../../../lib/http';

export const claimFriendTurnoverRebate = () =>
  call<typeof endpoint>('POST', '/api/friend/card/turnover/rewards/claim', { body: {} });
