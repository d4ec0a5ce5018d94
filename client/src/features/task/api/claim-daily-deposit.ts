import type { dailyDepositClaim as endpoint } from '../../../../../shared/contract/task';
import { call } from '../../../lib/http';

export const claimDailyDeposit = (tier: number) =>
  call<typeof endpoint>('POST', '/api/bonus/dailyDeposit/claim', { body: { tier } });
