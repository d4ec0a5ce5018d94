import type { BodyOf } from '../../../../../shared/contract/define';
import type { modifyUser as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';

export type ModifyUserBody = BodyOf<typeof endpoint>;
export const modifyUser = (body: ModifyUserBody) => call<typeof endpoint>('POST', '/api/user/modify', { body });
