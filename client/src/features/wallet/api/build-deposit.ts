import type { BodyOf } from '../../../../../shared/contract/define';
import type { rechargeBuild as endpoint } from '../../../../../shared/contract/recharge';
import { call } from '../../../lib/http';

/** build: creates the Pending order and gives the e-wallet checkout URL. */
export const buildDeposit = (body: BodyOf<typeof endpoint>) =>
  call<typeof endpoint>('POST', '/api/recharge/build', { body, idempotent: true });
