import type { devClock as endpoint } from '../../../../../shared/contract/dev';
import { call } from '../../../lib/http';

/** Moves the server's virtual clock forward (development mode only). */
export const advanceClock = (advance: string) =>
  call<typeof endpoint>('POST', '/api/dev/clock', { body: { advance }, quiet: true });
