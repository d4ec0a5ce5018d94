import type { gameUrl as endpoint } from '../../../../../shared/contract/game';
import { call } from '../../../lib/http';

/** Launch a game: playUrl, openMode and needBindWallet (spec section 4). */
export const getGameUrl = (gameId: number) => call<typeof endpoint>('POST', '/api/game/getUrl', { body: { gameId } });
