import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { SkeletonList } from '../components/states';
import GamePage from '../pages/game/game-page';
import { RootLayout } from './layout/root-layout';
import { TabLayout } from './layout/tab-layout';
import { loadChunk } from './lazy-route';
import { paths, type RouteName } from './paths';
import { RouteErrorBoundary } from './route-error';

/** Route modules by name, so the routes and the idle prefetch share them. */
export const pageLoaders = {
  login: () => import('../pages/login/login-page'),
  register: () => import('../pages/register/register-page'),
  forgetPassword: () => import('../pages/forget-password/forget-password-page'),
  inbox: () => import('../pages/inbox/inbox-page'),
  vip: () => import('../pages/vip/vip-page'),
  profile: () => import('../pages/profile/profile-page'),
  helpSlot: () => import('../pages/help-slot/help-slot-page'),
  inviteRank: () => import('../pages/invite-rank/invite-rank-page'),
  livechat: () => import('../pages/livechat/livechat-page'),
  faq: () => import('../pages/faq/faq-page'),
  gameSearchHistory: () => import('../pages/game-search-history/game-search-history-page'),
  gameSearchResult: () => import('../pages/game-search-result/game-search-result-page'),
  gameRecord: () => import('../pages/game-record/game-record-page'),
  event: () => import('../pages/event/event-page'),
  withdraw: () => import('../pages/withdraw/withdraw-page'),
  recharge: () => import('../pages/recharge/recharge-page'),
  exchange: () => import('../pages/exchange/exchange-page'),
  transactionHistory: () => import('../pages/transaction-history/transaction-history-page'),
  records: () => import('../pages/records/records-page'),
  redeem: () => import('../pages/redeem/redeem-page'),
  pokerCollection: () => import('../pages/poker-collection/poker-collection-page'),
  responsible: () => import('../pages/responsible/responsible-page'),
} satisfies Partial<Record<RouteName, () => Promise<{ default: ComponentType }>>>;

type LazyName = keyof typeof pageLoaders;

const lazyPages = Object.fromEntries(
  (Object.keys(pageLoaders) as LazyName[]).map((name) => [name, lazy(() => loadChunk(pageLoaders[name]))]),
) as unknown as Record<LazyName, ComponentType>;

function PageFallback() {
  return (
    <div className="page__content page__content--fallback">
      <SkeletonList rows={5} />
    </div>
  );
}

function LazyPage({ name }: { name: LazyName }) {
  const Page = lazyPages[name];
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageFallback />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
}

const TAB_CHILDREN: LazyName[] = ['inbox', 'vip', 'profile', 'helpSlot'];
const PAGES: LazyName[] = [
  'login',
  'register',
  'forgetPassword',
  'inviteRank',
  'livechat',
  'faq',
  'gameSearchHistory',
  'gameSearchResult',
  'gameRecord',
  'event',
  'withdraw',
  'recharge',
  'exchange',
  'transactionHistory',
  'records',
  'redeem',
  'pokerCollection',
  'responsible',
];

/**
 * Every route of spec section 2. The tab shell (/tab) holds game, inbox, vip, profile and helpSlot; the
 * lobby (game) is in the main bundle as the first screen, every other page is its own chunk. /tab and
 * unknown paths go to game.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<TabLayout />}>
          <Route path={paths.game} element={<GamePage />} />
          {TAB_CHILDREN.map((name) => (
            <Route key={name} path={paths[name]} element={<LazyPage name={name} />} />
          ))}
        </Route>
        {PAGES.map((name) => (
          <Route key={name} path={paths[name]} element={<LazyPage name={name} />} />
        ))}
        <Route path={paths.tab} element={<Navigate to={paths.game} replace />} />
        <Route path="*" element={<Navigate to={paths.game} replace />} />
      </Route>
    </Routes>
  );
}
