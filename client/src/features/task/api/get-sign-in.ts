import type { signInFetch as endpoint } from '../../../../../shared/contract/task';
import { call } from '../../../lib/http';

export const getSignIn = () => call<typeof endpoint>('GET', '/api/bonus/signIn/fetch', { quiet: true, silent: true });
