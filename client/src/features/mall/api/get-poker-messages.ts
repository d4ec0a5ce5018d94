import type { pokerMessages as endpoint } from '../../../../../shared/contract/mall';
import { call } from '../../../lib/http';

/** The live feed: polled in the background, so quiet and without transport toasts. */
export const getPokerMessages = () => call<typeof endpoint>('GET', '/api/poker/message', { quiet: true, silent: true });
