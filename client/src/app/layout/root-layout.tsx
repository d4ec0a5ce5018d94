import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useConfigStore } from '../../features/config/store';
import { RealityCheckReminder } from '../../features/responsible/components/reality-check';
import { useUserStore } from '../../features/user/store';
import { useOverlayStore } from '../../lib/overlays';
import { checkRoute } from '../guard';
import { OverlayHost } from '../overlay-host';
import { AUTH_ROUTES, paths, type RouteHandle, routeHandleOf } from '../paths';
import { clearSession, isLoggingOut, logoutSettled, startUserSession } from '../session';
import { TopBanners } from './banners';
import { Header, useBrand } from './header';

/** The meta of the current route (spec name and title key); undefined on unknown paths. */
export function useRouteHandle(): RouteHandle | undefined {
  return routeHandleOf(useLocation().pathname);
}

/** Applies the guard to the matched route: redirect (and open the login dialog) instead of rendering it. */
export function Guarded() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const user = useUserStore((s) => s.userInfo);
  const openLogin = useOverlayStore((s) => s.openLogin);
  const result = checkRoute(handle?.name, {
    loggedIn: user?.uid != null,
    isNullPasswordTrade: user?.isNullPasswordTrade === true,
    guest: user?.guest === true,
    loggingOut: isLoggingOut(),
  });
  const mustLogin = !result.allow && result.openLogin;
  const atLogin = handle?.name === 'login';
  useEffect(() => {
    if (atLogin) logoutSettled();
  }, [atLogin]);
  useEffect(() => {
    if (mustLogin) openLogin(t('auth.loginFirst'));
  }, [mustLogin, openLogin, t]);
  if (!result.allow) return <Navigate to={result.redirect} replace />;
  return <Outlet />;
}

/** Loaded only when the server says it runs in development mode: production never downloads it. */
const DevPanel = lazy(() => import('../../features/devtools/components/dev-panel'));

function DevTools() {
  const on = useConfigStore((s) => s.config?.devTools === true);
  return on ? (
    <Suspense fallback={null}>
      <DevPanel onLogin={startUserSession} onReset={clearSession} />
    </Suspense>
  ) : null;
}

/**
 * The reality check (responsible gaming) for a signed-in player, over every page and the game: "Stop"
 * closes the game and goes to the lobby (the player stays signed in, to withdraw or set a limit).
 */
function RealityCheck() {
  const navigate = useNavigate();
  const signedIn = useUserStore((s) => s.userInfo?.uid != null && s.userInfo.guest !== true);
  const closeGame = useOverlayStore((s) => s.closeGameFrame);
  return (
    <RealityCheckReminder
      active={signedIn}
      onStop={() => {
        closeGame();
        navigate(paths.game);
      }}
    />
  );
}

/** Page title from route meta (spec section 2). */
function PageTitle() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const brand = useBrand();
  useEffect(() => {
    document.title = handle?.title ? `${t(handle.title)} · ${brand.name}` : brand.name;
  }, [handle?.title, brand.name, t]);
  return null;
}

/** Scroll to the top on each new page. */
function ScrollReset() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);
  return null;
}

export function RootLayout() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const variant = handle && AUTH_ROUTES.includes(handle.name) ? 'auth' : 'main';
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Header variant={variant} />
      <main id="main" className="app__main" tabIndex={-1}>
        <TopBanners />
        <Guarded />
      </main>
      <PageTitle />
      <ScrollReset />
      <OverlayHost />
      <RealityCheck />
      <DevTools />
    </div>
  );
}
