import type { dailyDepositFetch as endpoint } from '../../../../../shared/contract/task';
import { call } from '../../../lib/http';

export const getDailyDeposit = () =>
  call<typeof endpoint>('GET', '/api/bonus/dailyDeposit/fetch', { quiet: true, silent: true });
