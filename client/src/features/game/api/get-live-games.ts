import type { liveGames } from '../../../../../shared/contract/game';
import { call } from '../../../lib/http';

/** The live list (tabs with showType 1): the visitor or the logged-in form. */
export const getLiveGames = (loggedIn: boolean, page = 1) => {
  const query = { page, size: 30 };
  return loggedIn
    ? call<typeof liveGames.user>('GET', '/api/game/fetch/live', { query, silent: true })
    : call<typeof liveGames.open>('GET', '/api/open/game/fetch/live', { query, silent: true });
};
