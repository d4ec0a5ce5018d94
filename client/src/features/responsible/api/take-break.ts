import type { BodyOf } from '../../../../../shared/contract/define';
import type { responsibleTakeBreak as endpoint } from '../../../../../shared/contract/responsible';
import { call } from '../../../lib/http';

/** Starts a cool-off or a self-exclusion at once (it cannot be shortened); answers the whole state again. */
export const takeBreak = (body: BodyOf<typeof endpoint>) =>
  call<typeof endpoint>('POST', '/api/responsible/break', { body });
