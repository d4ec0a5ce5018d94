import type { withdrawWagering as endpoint } from '../../../../../shared/contract/withdraw';
import { call } from '../../../lib/http';

/** The open bonus wagering requirements, what they lock and what may be withdrawn now. */
export const getWagering = () => call<typeof endpoint>('GET', '/api/withdraw/wagering', { quiet: true, silent: true });

export type WageringView = Awaited<ReturnType<typeof getWagering>>;
