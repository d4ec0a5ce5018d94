import type { balanceJournal as endpoint } from '../../../../../shared/contract/record';
import { call } from '../../../lib/http';

export const getBalanceJournal = () =>
  call<typeof endpoint>('GET', '/api/user/balanceJournal/fetch', {
    quiet: true,
    silent: true,
    query: { page: 1, size: 20 },
  });
