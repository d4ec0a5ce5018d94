import type { QueryOf } from '../../../../../shared/contract/define';
import type { balanceJournal as endpoint } from '../../../../../shared/contract/record';
import { call } from '../../../lib/http';

export type JournalFilter = Omit<QueryOf<typeof endpoint>, 'page' | 'size'>;

export const getBalanceJournal = (filter: JournalFilter = {}, page = 1) =>
  call<typeof endpoint>('GET', '/api/user/balanceJournal/fetch', {
    quiet: true,
    silent: true,
    query: { ...filter, page, size: 20 },
  });
