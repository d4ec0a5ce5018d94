import type { UserInfo } from '../../../shared/contract/user';

/**
 * Session-wide actions the app layer implements (it owns the stores of several features, the socket and
 * the router). Pages and features call them through here, so no feature imports another.
 */
export interface AppActions {
  /** After login, register or guest login: store the user, then balance, badges and the socket. */
  afterLogin(user: UserInfo): void;
  /** The logout of spec section 4 (server call, then clear, go to login, close the socket). */
  logout(): Promise<void>;
  /** Refetch the balance (quietly). */
  refreshBalance(): Promise<void>;
  /** Reload the stored user info from the server (quietly). */
  refreshUser(): Promise<void>;
  /** A security change gave this device a new session (new cookie): reopen the socket on it. */
  sessionRotated(): void;
}

const missing = async () => {
  throw new Error('app actions are not installed yet');
};

export const appActions: AppActions = {
  afterLogin: () => {},
  logout: missing,
  refreshBalance: missing,
  refreshUser: missing,
  sessionRotated: () => {},
};

/** Resolves as `call` does; once it succeeded, the server has rotated the session (see sessionRotated). */
export const rotatesSession = async <T>(call: Promise<T>): Promise<T> => {
  const answer = await call;
  appActions.sessionRotated();
  return answer;
};

export const installAppActions = (actions: AppActions): void => {
  Object.assign(appActions, actions);
};
