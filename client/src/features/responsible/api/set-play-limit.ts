import type { BodyOf } from '../../../../../shared/contract/define';
import type { responsibleSetPlayLimit as endpoint } from '../../../../../shared/contract/responsible';
import { call } from '../../../lib/http';

/** Sets, lowers, raises or removes (amount null) one loss or wager limit; answers the whole state again. */
export const setPlayLimit = (body: BodyOf<typeof endpoint>) =>
  call<typeof endpoint>('POST', '/api/responsible/playLimit', { body });
