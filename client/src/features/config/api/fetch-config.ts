import type { configFetch as endpoint } from '../../../../../shared/contract/config';
import { call } from '../../../lib/http';

export const fetchConfig = () => call<typeof endpoint>('GET', '/api/config/fetch', { quiet: true, silent: true });
