import type { responsibleFetch as endpoint } from '../../../../../shared/contract/responsible';
import { call } from '../../../lib/http';

/** The player's deposit limits (with what each period used) and the break running, if any. */
export const getResponsible = () =>
  call<typeof endpoint>('GET', '/api/responsible/fetch', { quiet: true, silent: true });
