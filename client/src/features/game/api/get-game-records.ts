import type { gameRecords as endpoint } from '../../../../../shared/contract/game';
import { call } from '../../../lib/http';

export type GameRecordType = 'all' | 'slot' | 'live' | 'sports' | 'fish' | 'poker' | 'arcade';
export const getGameRecords = (type: GameRecordType) =>
  call<typeof endpoint>('GET', '/api/game/record/:type', {
    params: { type },
    query: { page: 1, size: 20 },
    silent: true,
  });
