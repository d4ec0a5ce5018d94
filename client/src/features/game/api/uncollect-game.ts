import type { uncollectGame as endpoint } from '../../../../../shared/contract/game';
import { call } from '../../../lib/http';

/** Removes a game from the favourites. */
export const uncollectGame = (gameId: number) =>
  call<typeof endpoint>('POST', '/api/user/game/collect/del', { body: { gameId }, quiet: true });
