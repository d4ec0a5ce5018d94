import type { favouriteGames as endpoint } from '../../../../../shared/contract/game';
import { call } from '../../../lib/http';

/** The player's favourite games, last collected first. */
export const getFavouriteGames = (page = 1) =>
  call<typeof endpoint>('GET', '/api/user/game/collect/fetch', { query: { page, size: 30 }, silent: true });
