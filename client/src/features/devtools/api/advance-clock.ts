import type { devClock as endpoint } from '../../../../../shared/contract/dev';
import type { ClockAction } from '../../../../../shared/contract/ops';
import { call } from '../../../lib/http';

/** Moves the server's virtual clock forward (development mode only). */
export const advanceClock = (advance: string) =>
  call<typeof endpoint>('POST', '/api/dev/clock', { body: { advance }, quiet: true });

/** Freezes or resumes the server's virtual clock, or puts it back to real time (development mode only). */
export const clockAction = (action: ClockAction) =>
  call<typeof endpoint>('POST', '/api/dev/clock', { body: { action }, quiet: true });
