/** Every route of spec section 2, by its spec name. */
export const paths = {
  login: '/login',
  register: '/register',
  forgetPassword: '/forgetPassword',
  tab: '/tab',
  game: '/game',
  inbox: '/inbox',
  vip: '/vip',
  profile: '/profile',
  helpSlot: '/helpSlot',
  inviteRank: '/inviteRank',
  livechat: '/livechat',
  faq: '/faq',
  gameSearchHistory: '/game/search',
  gameSearchResult: '/game/search/result',
  gameRecord: '/game/record',
  event: '/event',
  withdraw: '/finance/withdraw',
  recharge: '/finance/recharge',
  exchange: '/finance/exchange',
  transactionHistory: '/transactionHistory',
  records: '/records',
  redeem: '/redeem',
  pokerCollection: '/pokerCollection',
  /** Responsible gaming (issue 29): deposit limits and breaks from play; not a route of the spec. */
  responsible: '/responsible',
} as const;

export type RouteName = keyof typeof paths;

/** What a visitor (no stored user info) may open (spec section 2). */
export const PUBLIC_ROUTES: readonly RouteName[] = [
  'login',
  'register',
  'forgetPassword',
  'game',
  'gameSearchHistory',
  'gameSearchResult',
  'livechat',
  'faq',
];

/** Pages whose header is the short form: logo and a customer-service button. */
export const AUTH_ROUTES: readonly RouteName[] = ['login', 'register', 'forgetPassword'];

/** Actions the profile page opens from its query (?action=...). */
export const ProfileAction = {
  transactionPwd: 'transactionPwd',
  loginPwd: 'loginPwd',
  personal: 'personal',
  security: 'security',
  settings: 'settings',
  bindWallet: 'bindWallet',
} as const;
export type ProfileAction = (typeof ProfileAction)[keyof typeof ProfileAction];

export const profileWith = (action: ProfileAction) => `${paths.profile}?action=${action}`;

/** Route meta: the spec name and the i18n key of the page title. */
export interface RouteHandle {
  name: RouteName;
  title: string;
}

/** Route meta by path (every spec path is static): its spec name and the i18n key of its title. */
const META_BY_PATH: ReadonlyMap<string, RouteHandle> = new Map(
  (Object.keys(paths) as RouteName[]).map((name) => [paths[name], { name, title: `titles.${name}` }]),
);

/** The route meta of a location (trailing slashes ignored); undefined for unknown paths. */
export const routeHandleOf = (pathname: string): RouteHandle | undefined =>
  META_BY_PATH.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
