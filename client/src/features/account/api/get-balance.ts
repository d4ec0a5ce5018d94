import type { balance as endpoint } from '../../../../../shared/contract/account';
import { call } from '../../../lib/http';

/** Quiet and silent: a background refresh never toasts a transport error. */
export const getBalance = () => call<typeof endpoint>('GET', '/api/balance', { quiet: true, silent: true });
