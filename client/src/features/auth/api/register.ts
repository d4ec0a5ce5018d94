import type { BodyOf } from '../../../../../shared/contract/define';
import type { register as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';

export const register = (body: BodyOf<typeof endpoint>) =>
  call<typeof endpoint>('POST', '/api/user/custom/register', { body });
