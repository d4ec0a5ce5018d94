import type { balanceJournalTypes as endpoint } from '../../../../../shared/contract/record';
import { call } from '../../../lib/http';

/** The journal types, translated, for the records filter. */
export const getJournalTypes = () =>
  call<typeof endpoint>('GET', '/api/user/balanceJournal/type', { quiet: true, silent: true });
