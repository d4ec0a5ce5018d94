import type { guestLogin as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';

export const guestLogin = () => call<typeof endpoint>('POST', '/api/user/guest/login', { body: {} });
