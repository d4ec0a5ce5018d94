import type { QueryOf } from '../../../../../shared/contract/define';
import type { rechargeRecords as endpoint } from '../../../../../shared/contract/recharge';
import { call } from '../../../lib/http';

export type DepositFilter = Omit<QueryOf<typeof endpoint>, 'page' | 'size'>;

export const getDepositRecords = (filter: DepositFilter = {}, page = 1) =>
  call<typeof endpoint>('GET', '/api/recharge/fetch', {
    quiet: true,
    silent: true,
    query: { ...filter, page, size: 20 },
  });
