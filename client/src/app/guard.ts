import { ProfileAction, PUBLIC_ROUTES, paths, type RouteName } from './paths';

export interface GuardState {
  loggedIn: boolean;
  /** userInfo.isNullPasswordTrade */
  isNullPasswordTrade: boolean;
  /** The player just logged out: the way out is /login, not the "Please login first" dialog. */
  loggingOut?: boolean;
}

export type GuardResult = { allow: true } | { allow: false; redirect: string; openLogin: boolean };

/**
 * The route guard of spec section 2: a visitor may open only the public routes, anything else goes to
 * game and opens the login dialog; withdraw without a transaction password goes to
 * profile?action=transactionPwd.
 */
export function checkRoute(name: RouteName | undefined, state: GuardState): GuardResult {
  // unknown paths and /tab only redirect to game
  if (!name || name === 'tab') return { allow: true };
  if (!state.loggedIn && !PUBLIC_ROUTES.includes(name)) {
    if (state.loggingOut) return { allow: false, redirect: paths.login, openLogin: false };
    return { allow: false, redirect: paths.game, openLogin: true };
  }
  if (name === 'withdraw' && state.isNullPasswordTrade) {
    return { allow: false, redirect: `${paths.profile}?action=${ProfileAction.transactionPwd}`, openLogin: false };
  }
  return { allow: true };
}
