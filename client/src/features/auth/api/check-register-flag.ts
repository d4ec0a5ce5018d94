import type { BodyOf } from '../../../../../shared/contract/define';
import type { registerFlag as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';

/** Whether a username or phone is already taken (checked while the player types; quiet, no toasts for transport errors). */
export const checkRegisterFlag = (body: BodyOf<typeof endpoint>) =>
  call<typeof endpoint>('POST', '/api/user/register/flag', { body, silent: true });
