import type { userInfo as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';

/** Quiet: no loading indicator; a 20002 here clears the user without a notice (spec section 8). */
export const getUserInfo = () => call<typeof endpoint>('GET', '/api/user/info', { quiet: true, silent: true });
