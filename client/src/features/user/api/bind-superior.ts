import type { BodyOf } from '../../../../../shared/contract/define';
import type { bindSuperior as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';

/** Binds the player's referrer by invitation code, once (20007 after that). */
export const bindSuperior = (body: BodyOf<typeof endpoint>) =>
  call<typeof endpoint>('POST', '/api/user/bind', { body });
