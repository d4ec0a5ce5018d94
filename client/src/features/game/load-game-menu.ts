import { Code } from '../../../../shared/codes';
import { ApiError } from '../../lib/http';
import { currentLanguage } from '../../lib/i18n';
import { getGameMenu } from './api/get-game-menu';
import { useGameStore } from './store';

/**
 * Start-up step "fetch game menu" (and the lobby's retry). A stored login whose session ended while the
 * tab was closed is refused (SESSION_INVALID): the visitor's menu is loaded instead, so the lobby is never
 * empty, and the login that follows loads the player's own (issue 29).
 */
export async function loadGameMenu(loggedIn: boolean): Promise<void> {
  const store = useGameStore.getState();
  store.setMenuStatus('loading');
  const language = currentLanguage();
  try {
    store.setMenu(await getGameMenu(loggedIn), language);
  } catch (error) {
    if (loggedIn && error instanceof ApiError && error.code === Code.SESSION_INVALID) {
      return loadGameMenu(false);
    }
    store.setMenuStatus('error');
  }
}
