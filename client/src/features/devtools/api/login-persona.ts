import type { login as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';
import { hashPassword } from '../../../lib/password';

/** Logs in as a scenario persona with its documented password, as the login form would. */
export const loginPersona = (username: string, password: string) =>
  call<typeof endpoint>('POST', '/api/user/login', { body: { username, password: hashPassword(password) } });
