import type { gameProviders, MENU_CODES } from '../../../../../shared/contract/game';
import { call } from '../../../lib/http';

type MenuCode = (typeof MENU_CODES)[number];

/**
 * Game providers (footer, and the lobby's provider filter with `type`): the visitor form, or the logged-in
 * one. Decorative or a filter, so quiet.
 */
export const getProviders = (type?: MenuCode, loggedIn = false) => {
  const query = type ? { type } : {};
  return loggedIn
    ? call<typeof gameProviders.user>('GET', '/api/manuf/fetch', { query, silent: true, quiet: true })
    : call<typeof gameProviders.open>('GET', '/api/open/manuf/fetch', { query, silent: true, quiet: true });
};
