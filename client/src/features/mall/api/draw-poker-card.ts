import type { pokerDraw as endpoint } from '../../../../../shared/contract/mall';
import { call } from '../../../lib/http';

export const drawPokerCard = () => call<typeof endpoint>('POST', '/api/poker/draw', { body: {}, idempotent: true });
