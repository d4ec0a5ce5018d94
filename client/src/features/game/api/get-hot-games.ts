import type { hotGames } from '../../../../../shared/contract/game';
import { call } from '../../../lib/http';

/** The hot list (the "hot" tab): the visitor or the logged-in form. */
export const getHotGames = (loggedIn: boolean, page = 1) => {
  const query = { page, size: 30 };
  return loggedIn
    ? call<typeof hotGames.user>('GET', '/api/game/fetch/hot', { query, silent: true })
    : call<typeof hotGames.open>('GET', '/api/open/game/fetch/hot', { query, silent: true });
};
