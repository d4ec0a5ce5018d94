import { confirmDialog } from '../components/confirm';
import { useAccountStore } from '../features/account/store';
import { fetchConfig } from '../features/config/api/fetch-config';
import { getAppVersion } from '../features/config/api/get-app-version';
import { useConfigStore } from '../features/config/store';
import { useSettingsStore } from '../features/settings/store';
import { getUserInfo } from '../features/user/api/get-user-info';
import { isLoggedIn, useUserStore } from '../features/user/store';
import { isAppWrapper, openExternal } from '../lib/bridge';
import { getDevice, initDevice } from '../lib/device';
import { configureHttp } from '../lib/http';
import { initI18n, pickLanguage, t } from '../lib/i18n';
import { useOverlayStore } from '../lib/overlays';
import { installAudioUnlock } from '../lib/sound';
import { StorageItem, storage } from '../lib/storage';
import { applyBrandColor } from './brand';
import { navigateTo } from './navigation';
import { paths } from './paths';
import {
  clearSession,
  installSessionActions,
  loadGameMenu,
  refreshBalance,
  refreshUser,
  startUserSession,
} from './session';

/** After the 20002 notice, the page reloads this long after it was shown when already on game. */
export const RELOAD_AFTER_NOTICE_MS = 1500;

/**
 * What must be ready before the first render: the language (so the first paint is in the right one),
 * device info (headers of the first requests), the theme (no flash of the wrong one) and the hooks.
 */
export async function prepare(): Promise<void> {
  await initI18n(pickLanguage());
  initDevice();
  useSettingsStore.getState().hydrate();
  installSessionActions();
  // where the player was when the session ended: the guard may already have moved them by the notice
  let wasOnGame = false;
  configureHttp({
    clearUser: () => {
      wasOnGame = window.location.pathname === paths.game;
      clearSession();
    },
    goGame: () => {
      if (wasOnGame) setTimeout(() => window.location.reload(), RELOAD_AFTER_NOTICE_MS);
      else navigateTo(paths.game, { replace: true });
    },
  });
  if (typeof document !== 'undefined') installAudioUnlock();
}

async function loadConfig(): Promise<void> {
  try {
    const config = await fetchConfig();
    useConfigStore.getState().setConfig(config);
    applyBrandColor(config.brand.primaryColor);
  } catch {
    // defaults stay: neutral brand, no download banner link
    useConfigStore.getState().settleWithoutConfig();
  }
}

/** App wrapper only: asks to update when the installed versionCode is missing or older (spec section 4). */
export async function checkAppVersion(): Promise<void> {
  if (!isAppWrapper()) return;
  try {
    const latest = await getAppVersion();
    const installed = getDevice().versionCode;
    if (installed === null || installed < latest.versionCode) {
      const ok = await confirmDialog({ message: t('version.updatePrompt'), confirmText: t('version.update') });
      if (ok && latest.downloadUrl) openExternal(latest.downloadUrl);
    }
  } catch {
    // no answer: check again next start
  }
}

async function loadUser(): Promise<void> {
  if (!isLoggedIn()) {
    if (!storage.get(StorageItem.ageVerified)) useOverlayStore.getState().openAgeVerification();
    return;
  }
  try {
    const user = await getUserInfo();
    startUserSession(user);
  } catch {
    // 20002 already cleared the stored user quietly; a transport failure keeps the stored one
    const stored = useUserStore.getState().userInfo;
    if (stored) startUserSession(stored);
  }
}

/** Page visible again: reload user info and balance unless a game frame is open; on failure reset badges. */
export function installVisibilityRefresh(doc: Document = document): () => void {
  const onChange = () => {
    if (doc.visibilityState !== 'visible' || !isLoggedIn()) return;
    if (useOverlayStore.getState().showGameFrame) return;
    refreshUser()
      .then(refreshBalance)
      .catch(() => useAccountStore.getState().resetBadge());
  };
  doc.addEventListener('visibilitychange', onChange);
  return () => doc.removeEventListener('visibilitychange', onChange);
}

/**
 * The start-up sequence of spec section 4 after the first render: config, app version, game menu and
 * user info (then balance, badges and the socket), started in that order without blocking each other.
 */
let started = false;

export function start(): void {
  if (started) return;
  started = true;
  void loadConfig();
  void checkAppVersion();
  void loadGameMenu();
  void loadUser();
  installVisibilityRefresh();
}
