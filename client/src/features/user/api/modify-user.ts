import type { BodyOf } from '../../../../../shared/contract/define';
import type { modifyUser as endpoint } from '../../../../../shared/contract/user';
import { rotatesSession } from '../../../lib/app-actions';
import { call } from '../../../lib/http';

export type ModifyUserBody = BodyOf<typeof endpoint>;
/** A new phone number is a security change: the server rotates the session. */
export const modifyUser = (body: ModifyUserBody) => {
  const answer = call<typeof endpoint>('POST', '/api/user/modify', { body });
  return body.phone !== undefined ? rotatesSession(answer) : answer;
};
