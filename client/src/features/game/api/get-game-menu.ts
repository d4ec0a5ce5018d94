import type { gameMenu } from '../../../../../shared/contract/game';
import { call } from '../../../lib/http';

/** The lobby menu: the visitor form (/api/open/...) or the logged-in one. */
export const getGameMenu = (loggedIn: boolean) =>
  loggedIn
    ? call<typeof gameMenu.user>('GET', '/api/game/type', { silent: true })
    : call<typeof gameMenu.open>('GET', '/api/open/game/type', { silent: true });
