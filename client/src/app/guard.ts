import { ProfileAction, PUBLIC_ROUTES, paths, type RouteName } from './paths';

export interface GuardState {
  loggedIn: boolean;
  /** userInfo.isNullPasswordTrade */
  isNullPasswordTrade: boolean;
  /** userInfo.guest: no money moves (deposit, withdraw) until the guest signs up. */
  guest?: boolean;
  /** The player just logged out: the way out is /login, not the "Please login first" dialog. */
  loggingOut?: boolean;
}

export type GuardResult = { allow: true } | { allow: false; redirect: string; openLogin: boolean };

/** Where a guest is sent to the sign-up instead (the server refuses guests there, 20015). */
export const GUEST_CLOSED_ROUTES: readonly RouteName[] = ['recharge', 'withdraw'];

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
  // A guest cannot move money: the sign-up screen says so and keeps the account.
  if (state.guest && GUEST_CLOSED_ROUTES.includes(name)) {
    return { allow: false, redirect: paths.register, openLogin: false };
  }
  if (name === 'withdraw' && state.isNullPasswordTrade) {
    return { allow: false, redirect: `${paths.profile}?action=${ProfileAction.transactionPwd}`, openLogin: false };
  }
  return { allow: true };
}
