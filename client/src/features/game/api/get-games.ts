import type { gameList } from '../../../../../shared/contract/game';
import { call } from '../../../lib/http';

export type MenuCode = 'default' | 'hot' | 'slot' | 'live' | 'sports' | 'fish' | 'poker' | 'arcade';

/** Games of a menu tab, optionally of one provider: the visitor or the logged-in form (the latter fills in favourites). */
export const getGames = (loggedIn: boolean, type: MenuCode, page = 1, provider?: string) => {
  const query = { type, page, size: 30, ...(provider ? { provider } : {}) };
  return loggedIn
    ? call<typeof gameList.user>('GET', '/api/game/fetch', { query, silent: true })
    : call<typeof gameList.open>('GET', '/api/open/game/fetch', { query, silent: true });
};
