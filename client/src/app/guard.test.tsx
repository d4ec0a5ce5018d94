import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { logout as logoutEndpoint, type UserInfo } from '../../../shared/contract/user';
import { useUserStore } from '../features/user/store';
import { initI18n } from '../lib/i18n';
import { useOverlayStore } from '../lib/overlays';
import { answer, sent, startContractServer } from '../test/contract-server';
import { checkRoute } from './guard';
import { Guarded } from './layout/root-layout';
import { setNavigator } from './navigation';
import { PUBLIC_ROUTES, paths, type RouteName, routeHandleOf } from './paths';
import { logout } from './session';

const server = startContractServer();

/** The login page loads lazily, as in the app: its code arrives after the navigation started. */
const SlowLogin = lazy(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { default: () => <p>page login</p> };
});

const visitor = { loggedIn: false, isNullPasswordTrade: false };
const player = { loggedIn: true, isNullPasswordTrade: false };
const allRoutes = Object.keys(paths) as RouteName[];

describe('checkRoute', () => {
  it('lets a visitor open only the eight public routes (and /tab, which goes to game)', () => {
    expect([...PUBLIC_ROUTES].sort()).toEqual(
      [
        'login',
        'register',
        'forgetPassword',
        'game',
        'gameSearchHistory',
        'gameSearchResult',
        'livechat',
        'faq',
      ].sort(),
    );
    for (const name of allRoutes) {
      const result = checkRoute(name, visitor);
      if (PUBLIC_ROUTES.includes(name) || name === 'tab') expect(result, name).toEqual({ allow: true });
      else expect(result, name).toEqual({ allow: false, redirect: '/game', openLogin: true });
    }
  });

  it('lets a logged-in player open every route', () => {
    for (const name of allRoutes) expect(checkRoute(name, player), name).toEqual({ allow: true });
  });

  it('sends withdraw without a transaction password to profile?action=transactionPwd', () => {
    expect(checkRoute('withdraw', { loggedIn: true, isNullPasswordTrade: true })).toEqual({
      allow: false,
      redirect: '/profile?action=transactionPwd',
      openLogin: false,
    });
    expect(checkRoute('recharge', { loggedIn: true, isNullPasswordTrade: true })).toEqual({ allow: true });
  });

  it('sends a guest from deposit and withdraw to the sign-up that keeps the account', () => {
    const guest = { loggedIn: true, isNullPasswordTrade: true, guest: true };
    for (const name of ['recharge', 'withdraw'] as const) {
      expect(checkRoute(name, guest), name).toEqual({ allow: false, redirect: '/register', openLogin: false });
    }
    for (const name of ['game', 'profile', 'records', 'vip', 'register'] as const) {
      expect(checkRoute(name, guest), name).toEqual({ allow: true });
    }
  });

  it('allows unknown paths (the router sends them to game)', () => {
    expect(checkRoute(undefined, visitor)).toEqual({ allow: true });
  });

  it('reads route meta from the path, ignoring a trailing slash', () => {
    expect(routeHandleOf('/finance/withdraw')).toEqual({ name: 'withdraw', title: 'titles.withdraw' });
    expect(routeHandleOf('/game/search/')).toEqual({ name: 'gameSearchHistory', title: 'titles.gameSearchHistory' });
    expect(routeHandleOf('/nope')).toBeUndefined();
  });
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<Guarded />}>
          {allRoutes.map((name) => (
            <Route key={name} path={paths[name]} element={<p>page {name}</p>} />
          ))}
        </Route>
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const user = (over: Partial<UserInfo> = {}): UserInfo => ({
  uid: 1,
  username: 'player01',
  nickname: 'player01',
  gender: 'male',
  phone: '',
  avatar: '',
  invitationCode: 'ABCD1234',
  vip: 0,
  bind: false,
  isNullPasswordTrade: false,
  hasSignUp: false,
  registrationCode: '',
  guest: false,
  ...over,
});

describe('route guard component', () => {
  beforeAll(() => initI18n('en-US'));
  beforeEach(() => {
    useUserStore.setState({ userInfo: null });
    useOverlayStore.getState().closeAll();
  });
  afterEach(cleanup);

  it('sends a visitor from a private page to game and opens the login dialog', async () => {
    await act(async () => renderAt('/vip'));
    expect(screen.getByTestId('where').textContent).toBe('/game');
    expect(screen.getByText('page game')).toBeTruthy();
    expect(useOverlayStore.getState().showLogin).toBe(true);
    expect(useOverlayStore.getState().loginMessage).toBe('Please login first to view');
  });

  it('lets a visitor open a public page without the dialog', async () => {
    await act(async () => renderAt('/faq'));
    expect(screen.getByText('page faq')).toBeTruthy();
    expect(useOverlayStore.getState().showLogin).toBe(false);
  });

  it('lets a player in, and sends withdraw to the transaction password when none is set', async () => {
    useUserStore.setState({ userInfo: user({ isNullPasswordTrade: true }) });
    await act(async () => renderAt('/finance/withdraw'));
    expect(screen.getByTestId('where').textContent).toBe('/profile?action=transactionPwd');
    expect(screen.getByText('page profile')).toBeTruthy();
    expect(useOverlayStore.getState().showLogin).toBe(false);
  });

  it('redirects as soon as the stored user disappears (logout elsewhere, 20002)', async () => {
    useUserStore.setState({ userInfo: user() });
    await act(async () => renderAt('/inbox'));
    expect(screen.getByText('page inbox')).toBeTruthy();
    await act(async () => useUserStore.setState({ userInfo: null }));
    expect(screen.getByTestId('where').textContent).toBe('/game');
  });
});

describe('logout from a private page', () => {
  beforeAll(() => initI18n('en-US'));
  beforeEach(() => {
    useUserStore.setState({ userInfo: null });
    useOverlayStore.getState().closeAll();
  });
  afterEach(cleanup);

  function Bridge() {
    const navigate = useNavigate();
    setNavigator((to, options) => void navigate(to, options));
    return null;
  }

  it('lands on /login without the "Please login first" dialog (spec section 4)', async () => {
    useUserStore.setState({ userInfo: user() });
    render(
      <MemoryRouter initialEntries={['/profile']}>
        <Bridge />
        <Routes>
          <Route element={<Guarded />}>
            {allRoutes.map((name) => (
              <Route key={name} path={paths[name]} element={name === 'login' ? <SlowLogin /> : <p>page {name}</p>} />
            ))}
          </Route>
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByText('page profile')).toBeTruthy();
    server.use(answer(logoutEndpoint, null));
    await act(async () => logout());
    expect(await screen.findByText('page login')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/login');
    expect(useOverlayStore.getState().showLogin).toBe(false);
    expect(useUserStore.getState().userInfo).toBeNull();
    expect(sent(logoutEndpoint)).toHaveLength(1);
  });
});
