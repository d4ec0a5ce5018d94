import { currentLanguage } from '../../lib/i18n';
import { getGameMenu } from './api/get-game-menu';
import { useGameStore } from './store';

/** Start-up step "fetch game menu" (and the lobby's retry). */
export async function loadGameMenu(loggedIn: boolean): Promise<void> {
  const store = useGameStore.getState();
  store.setMenuStatus('loading');
  try {
    const language = currentLanguage();
    store.setMenu(await getGameMenu(loggedIn), language);
  } catch {
    store.setMenuStatus('error');
  }
}
