import type { devState as endpoint } from '../../../../../shared/contract/dev';
import { call } from '../../../lib/http';

export const getDevState = () => call<typeof endpoint>('GET', '/api/dev/state', { quiet: true, silent: true });
