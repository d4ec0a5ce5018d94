import type { BodyOf } from '../../../../../shared/contract/define';
import type { responsibleSetRealityCheck as endpoint } from '../../../../../shared/contract/responsible';
import { call } from '../../../lib/http';

/** Chooses the reality-check interval (0 off, 15, 30 or 60 minutes); answers the whole state again. */
export const setRealityCheck = (body: BodyOf<typeof endpoint>) =>
  call<typeof endpoint>('POST', '/api/responsible/realityCheck', { body });
