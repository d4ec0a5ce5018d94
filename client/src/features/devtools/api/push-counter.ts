import type { BodyOf } from '../../../../../shared/contract/define';
import type { devPush as endpoint } from '../../../../../shared/contract/dev';
import { call } from '../../../lib/http';

/** Has the server push a badge counter event to this player's socket. */
export const pushCounter = (body: BodyOf<typeof endpoint>) =>
  call<typeof endpoint>('POST', '/api/dev/push', { body, quiet: true });
