import type { Game } from '../../../../shared/contract/game';
import { isAppWrapper, openExternal } from '../../lib/bridge';
import { t } from '../../lib/i18n';
import { useOverlayStore } from '../../lib/overlays';
import { getGameUrl } from './api/get-game-url';
import { rememberPlayed } from './recent';

/**
 * The launch flow of spec section 4: login required; needBindWallet opens the bind-wallet form; openMode
 * browser inside the wrapper opens an external browser; otherwise the game frame (balance refreshed on close).
 * A game that opens is remembered as recently played.
 */
export async function launchGame(game: Game | number, loggedIn: boolean): Promise<void> {
  const overlays = useOverlayStore.getState();
  if (!loggedIn) {
    overlays.openLogin(t('auth.loginFirst'));
    return;
  }
  const launch = await getGameUrl(typeof game === 'number' ? game : game.id);
  if (launch.needBindWallet) {
    overlays.openBindWallet();
    return;
  }
  if (!launch.playUrl) return;
  if (typeof game !== 'number') rememberPlayed(game);
  if (launch.openMode === 'browser' && isAppWrapper()) {
    openExternal(launch.playUrl);
    return;
  }
  overlays.openGameFrame(launch.playUrl);
}
