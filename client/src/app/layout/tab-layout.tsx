import { Outlet, useLocation } from 'react-router';
import { paths } from '../paths';
import { Footer } from './footer';
import { TabBar } from './tab-bar';

/** The tab shell (/tab): its children game, inbox, vip, profile and helpSlot sit above the tab bar. */
export function TabLayout() {
  const { pathname } = useLocation();
  return (
    <div className="tab-shell">
      <Outlet />
      {pathname === paths.game ? <Footer /> : null}
      <TabBar />
    </div>
  );
}
