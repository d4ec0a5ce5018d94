import type { withdrawRecords as endpoint } from '../../../../../shared/contract/withdraw';
import { call } from '../../../lib/http';

export const getWithdrawRecords = () =>
  call<typeof endpoint>('GET', '/api/withdraw/fetch', { quiet: true, silent: true, query: { page: 1, size: 20 } });
