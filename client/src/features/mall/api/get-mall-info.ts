import type { mallInfo as endpoint } from '../../../../../shared/contract/mall';
import { call } from '../../../lib/http';

export const getMallInfo = () => call<typeof endpoint>('GET', '/api/mallExchange/info', { quiet: true, silent: true });
