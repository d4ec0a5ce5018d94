import type { pokerFetch as endpoint } from '../../../../../shared/contract/mall';
import { call } from '../../../lib/http';

export const getPoker = () => call<typeof endpoint>('GET', '/api/poker/fetch', { silent: true });
