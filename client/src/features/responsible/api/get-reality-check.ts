import type { responsibleRealityCheck as endpoint } from '../../../../../shared/contract/responsible';
import { call } from '../../../lib/http';

/** The reality check: the interval, when this session began, the server's time, this session's net result. */
export const getRealityCheck = () =>
  call<typeof endpoint>('GET', '/api/responsible/realityCheck', { quiet: true, silent: true });
