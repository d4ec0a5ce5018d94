import type { gameRecords as endpoint } from '../../../../../shared/contract/game';
import { call } from '../../../lib/http';

export type GameRecordType = 'all' | 'slot' | 'live' | 'sports' | 'fish' | 'poker' | 'arcade';

/** The player's rounds of a type (or all), newest first, with totals over the filter; from/to are Manila days. */
export const getGameRecords = (type: GameRecordType, range: { from?: string; to?: string } = {}, page = 1) =>
  call<typeof endpoint>('GET', '/api/game/record/:type', {
    params: { type },
    query: { ...range, page, size: 20 },
    silent: true,
  });
