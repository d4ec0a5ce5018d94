import type { collectGame as endpoint } from '../../../../../shared/contract/game';
import { call } from '../../../lib/http';

/** Adds a game to the favourites (the server's success message is shown as a green notice). */
export const collectGame = (gameId: number) =>
  call<typeof endpoint>('POST', '/api/user/game/collect', { body: { gameId }, quiet: true });
