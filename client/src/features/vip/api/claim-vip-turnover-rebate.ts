import type { claimVipRebate as endpoint } from '../../../../../shared/contract/vip';
import { call } from '../../../lib/http';

export const claimVipTurnoverRebate = () =>
  call<typeof endpoint>('POST', '/api/vip/card/rebate/rewards/claim', { body: {} });
