import type { logout as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';

export const logout = () => call<typeof endpoint>('POST', '/api/user/logout', { body: {} });
