import type { signInClaim as endpoint } from '../../../../../shared/contract/task';
import { call } from '../../../lib/http';

export const claimSignIn = (day: number) => call<typeof endpoint>('POST', '/api/bonus/signIn/claim', { body: { day } });
