import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { isLoggedIn } from '../features/user/store';
import { setNavigator } from './navigation';
import { AppRoutes, pageLoaders } from './routes';
import { start } from './startup';

/** Prefetch the likely next page when the browser is idle (UI.md: speed). */
function prefetchOnIdle() {
  const next = isLoggedIn() ? [pageLoaders.profile, pageLoaders.recharge] : [pageLoaders.login, pageLoaders.register];
  const run = () => {
    for (const load of next) void load().catch(() => {});
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 4000 });
  else setTimeout(run, 2500);
}

/** Lets code outside React (http hooks, session actions) navigate with the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
  }, [navigate]);
  return null;
}

export function App() {
  useEffect(() => {
    start();
    prefetchOnIdle();
  }, []);
  return (
    <BrowserRouter>
      <NavigatorBridge />
      <AppRoutes />
    </BrowserRouter>
  );
}
