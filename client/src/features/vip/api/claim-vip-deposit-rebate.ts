import type { claimVipDeposit as endpoint } from '../../../../../shared/contract/vip';
import { call } from '../../../lib/http';

export const claimVipDepositRebate = () =>
  call<typeof endpoint>('POST', '/api/vip/card/deposit/rewards/claim', { body: {} });
