import type { userBase as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';

export const getUserBase = () => call<typeof endpoint>('GET', '/api/user/base', { quiet: true, silent: true });
