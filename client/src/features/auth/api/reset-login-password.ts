import type { BodyOf } from '../../../../../shared/contract/define';
import type { resetLoginPassword as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';

export const resetLoginPassword = (body: BodyOf<typeof endpoint>) =>
  call<typeof endpoint>('POST', '/api/reset/login/pwd', { body });
