import type { QueryOf } from '../../../../../shared/contract/define';
import type { withdrawRecords as endpoint } from '../../../../../shared/contract/withdraw';
import { call } from '../../../lib/http';

export type WithdrawFilter = Omit<QueryOf<typeof endpoint>, 'page' | 'size'>;

export const getWithdrawRecords = (filter: WithdrawFilter = {}, page = 1) =>
  call<typeof endpoint>('GET', '/api/withdraw/fetch', {
    quiet: true,
    silent: true,
    query: { ...filter, page, size: 20 },
  });
