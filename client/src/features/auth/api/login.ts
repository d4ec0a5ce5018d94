import type { BodyOf } from '../../../../../shared/contract/define';
import type { login as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';

/** Log in with username or phone; the password travels as md5 hex. Ends the account's other sessions. */
export const login = (body: BodyOf<typeof endpoint>) => call<typeof endpoint>('POST', '/api/user/login', { body });
