import type { rechargeRecords as endpoint } from '../../../../../shared/contract/recharge';
import { call } from '../../../lib/http';

export const getDepositRecords = () =>
  call<typeof endpoint>('GET', '/api/recharge/fetch', { quiet: true, silent: true, query: { page: 1, size: 20 } });
