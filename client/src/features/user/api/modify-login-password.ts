import type { BodyOf } from '../../../../../shared/contract/define';
import type { modifyLoginPassword as endpoint } from '../../../../../shared/contract/user';
import { rotatesSession } from '../../../lib/app-actions';
import { call } from '../../../lib/http';

export const modifyLoginPassword = (body: BodyOf<typeof endpoint>) =>
  rotatesSession(call<typeof endpoint>('POST', '/api/user/modifyPasswordLogin', { body }));
