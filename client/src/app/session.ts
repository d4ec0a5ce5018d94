import type { UserInfo } from '../../../shared/contract/user';
import { SESSION_REPLACED, SESSION_ROTATED } from '../../../shared/socket';
import { getBadgeData } from '../features/account/api/get-badge-data';
import { getBalance } from '../features/account/api/get-balance';
import { useAccountStore } from '../features/account/store';
import { logout as logoutCall } from '../features/auth/api/logout';
import { useChatStore } from '../features/chat/store';
import { loadGameMenu as loadMenu } from '../features/game/load-game-menu';
import { getUserInfo } from '../features/user/api/get-user-info';
import { isLoggedIn, useUserStore } from '../features/user/store';
import { installAppActions } from '../lib/app-actions';
import { sessionEnded } from '../lib/http';
import { t } from '../lib/i18n';
import type { SocketClient } from '../lib/socket';
import { bindChatEvents } from './chat-events';
import { navigateTo } from './navigation';
import { paths } from './paths';
import { bindWalletEvents } from './wallet-events';

/** Spec section 4: logout clears local state 100 ms after the server call. */
export const LOGOUT_DELAY_MS = 100;

let socket: SocketClient | null = null;
let socketRound = 0;

/** Opens the socket of `uid` (its code loads with the first logged-in session). */
export async function openSocket(uid: number): Promise<void> {
  const round = ++socketRound;
  socket?.disconnect();
  socket = null;
  const { SocketClient: Client, socketUrl } = await import('../lib/socket');
  if (round !== socketRound) return; // closed or reopened meanwhile
  socket = new Client({
    url: socketUrl(uid),
    onCounter: (key, value) => useAccountStore.getState().setCounter(key, value),
    // Counters move while no socket listens (the server pushes them only to a listening player).
    onOpen: () => void refreshBadge(),
  });
  bindWalletEvents(socket, refreshBalance);
  // A login elsewhere (or an operator) ended this session: tell the player now, as for code 20002.
  // The player's own security change replaced the session: this device already holds the new cookie.
  // A login on another device says so (issue 29): the player learns why, and what to do if it was not them.
  socket.on('session.ended', (reason) => {
    if (reason === SESSION_REPLACED) sessionEnded(t('errors.sessionReplaced'));
    else if (reason !== SESSION_ROTATED) sessionEnded();
  });
  bindChatEvents(socket);
  socket.connect();
}

export function closeSocket(): void {
  socketRound += 1;
  socket?.disconnect();
  socket = null;
}

export const currentSocket = (): SocketClient | null => socket;

export async function refreshBalance(): Promise<void> {
  if (!isLoggedIn()) return;
  try {
    useAccountStore.getState().setBalance(await getBalance());
  } catch (error) {
    useAccountStore.getState().setBalanceFailed();
    throw error;
  }
}

export async function refreshBadge(): Promise<void> {
  if (!isLoggedIn()) return;
  try {
    useAccountStore.getState().setBadge(await getBadgeData());
  } catch {
    useAccountStore.getState().resetBadge();
  }
}

export async function refreshUser(): Promise<void> {
  if (!isLoggedIn()) return;
  useUserStore.getState().setUser(await getUserInfo());
}

/** Start-up step "fetch game menu": the visitor or logged-in form. */
export const loadGameMenu = (): Promise<void> => loadMenu(isLoggedIn());

/** Once the user is known: balance, badge counters and the socket (spec section 4). */
export function startUserSession(user: UserInfo): void {
  useUserStore.getState().setUser(user);
  void refreshBalance().catch(() => {});
  void refreshBadge();
  void useChatStore.getState().load();
  void openSocket(user.uid).catch(() => {});
}

/** Clears user data: stored user info, balances, badge counters, the live chat and the socket. */
export function clearSession(): void {
  useUserStore.getState().clear();
  useAccountStore.getState().clear();
  useChatStore.getState().clear();
  closeSocket();
}

let loggingOut = false;

/**
 * True from a logout until the login page shows. The router renders the (lazy) login page in a
 * transition, so the page the player left may re-render without a user first: the guard then sends it
 * to /login too, instead of /game with the "Please login first" dialog.
 */
export const isLoggingOut = (): boolean => loggingOut;
export const logoutSettled = (): void => {
  loggingOut = false;
};

/** The logout of spec section 4. */
export async function logout(): Promise<void> {
  loggingOut = true;
  try {
    await logoutCall();
  } catch {
    // the session may already be gone: log out locally all the same
  }
  await new Promise((resolve) => setTimeout(resolve, LOGOUT_DELAY_MS));
  navigateTo(paths.login, { replace: true });
  clearSession();
}

export function installSessionActions(): void {
  installAppActions({
    afterLogin: (user) => {
      loggingOut = false;
      startUserSession(user);
      void loadGameMenu();
    },
    logout,
    refreshBalance,
    refreshUser,
    sessionRotated: () => {
      const uid = useUserStore.getState().userInfo?.uid;
      if (uid !== undefined) void openSocket(uid).catch(() => {});
    },
  });
}
