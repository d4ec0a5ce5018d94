import type { BodyOf } from '../../../../../shared/contract/define';
import type { modifyTradePassword as endpoint } from '../../../../../shared/contract/user';
import { rotatesSession } from '../../../lib/app-actions';
import { call } from '../../../lib/http';

/** Sets the transaction password (no oldPassword while none is set) or changes it. */
export const modifyTradePassword = (body: BodyOf<typeof endpoint>) =>
  rotatesSession(call<typeof endpoint>('POST', '/api/user/modifyPasswordTrade', { body }));
