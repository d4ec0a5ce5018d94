import type { BodyOf } from '../../../../../shared/contract/define';
import type { responsibleSetDepositLimit as endpoint } from '../../../../../shared/contract/responsible';
import { call } from '../../../lib/http';

/** Sets, lowers, raises or removes (amount null) one deposit limit; answers the whole state again. */
export const setDepositLimit = (body: BodyOf<typeof endpoint>) =>
  call<typeof endpoint>('POST', '/api/responsible/depositLimit', { body });
