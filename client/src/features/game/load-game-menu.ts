import { getGameMenu } from './api/get-game-menu';
import { useGameStore } from './store';

/** Start-up step "fetch game menu" (and the lobby's retry). */
export async function loadGameMenu(loggedIn: boolean): Promise<void> {
  const store = useGameStore.getState();
  store.setMenuStatus('loading');
  try {
    store.setMenu(await getGameMenu(loggedIn));
  } catch {
    store.setMenuStatus('error');
  }
}
