import type { BodyOf } from '../../../../../shared/contract/define';
import type { guestSignUp as endpoint } from '../../../../../shared/contract/user';
import { rotatesSession } from '../../../lib/app-actions';
import { call } from '../../../lib/http';

/** The guest account becomes a registered one (same uid, balance, records); the server rotates the session. */
export const guestSignUp = (body: BodyOf<typeof endpoint>) =>
  rotatesSession(call<typeof endpoint>('POST', '/api/user/guest/register', { body }));
