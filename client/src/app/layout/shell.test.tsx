import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Balance } from '../../../../shared/contract/account';
import type { UserInfo } from '../../../../shared/contract/user';
import { AgeVerification, EXIT_URL } from '../../components/overlays/age-verification';
import { emptyBadge, useAccountStore } from '../../features/account/store';
import { useConfigStore } from '../../features/config/store';
import { useUserStore } from '../../features/user/store';
import { initI18n } from '../../lib/i18n';
import { useOverlayStore } from '../../lib/overlays';
import { canShowChromeTip, canShowDownloadBanner, TopBanners } from './banners';
import { Header } from './header';
import { reloadWithTimestamp, SideMenu } from './side-menu';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1',
  chrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0.0.0 Mobile Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (Android 14; Mobile; rv:126.0) Gecko/126.0 Firefox/126.0',
};

const USER = { uid: 7, username: 'player01', avatar: '', isNullPasswordTrade: false } as UserInfo;
const BALANCE = { userAccountVO: { balance: 1234567.5 } } as Balance;

const inRouter = (node: React.ReactNode, at = '/game') =>
  render(<MemoryRouter initialEntries={[at]}>{node}</MemoryRouter>);

describe('the shell of spec section 2', () => {
  beforeAll(() => initI18n('en-US'));
  beforeEach(() => {
    useUserStore.getState().clear();
    useAccountStore.setState({ balance: null, balanceFailed: false, badge: emptyBadge(), hideBalance: false });
    useOverlayStore.getState().closeAll();
    useConfigStore.setState({ config: null, downloadPage: '', showDownloadBanner: true });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('download banner: never in the wrapper or on iOS; Chrome tip: Android browsers other than Chrome', () => {
    expect(canShowDownloadBanner(UA.chrome, false)).toBe(true);
    expect(canShowDownloadBanner(UA.iphone, false)).toBe(false);
    expect(canShowDownloadBanner(UA.chrome, true)).toBe(false);
    expect(canShowChromeTip(UA.samsung, false)).toBe(true);
    expect(canShowChromeTip(UA.firefox, false)).toBe(true);
    expect(canShowChromeTip(UA.chrome, false)).toBe(false);
    expect(canShowChromeTip(UA.iphone, false)).toBe(false);
    expect(canShowChromeTip(UA.samsung, true)).toBe(false);
  });

  it('shows the Chrome tip on Samsung Internet and the download banner when a download page is set', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(UA.samsung);
    useConfigStore.setState({ downloadPage: 'https://casinoph.example/download' });
    inRouter(<TopBanners />);
    expect(screen.getByRole('note').textContent).toContain('Recommended to use Google Chrome');
    expect(screen.getByRole('link', { name: /Download/ }).getAttribute('href')).toBe(
      'https://casinoph.example/download',
    );
  });

  it('header: LOGIN and SIGN UP for a visitor; customer service on the auth pages', () => {
    const { unmount } = inRouter(<Header variant="main" />);
    expect(screen.getByRole('link', { name: 'LOGIN' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'SIGN UP' }).getAttribute('href')).toBe('/register');
    unmount();
    inRouter(<Header variant="auth" />, '/login');
    expect(screen.getByRole('button', { name: 'Customer service' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'LOGIN' })).toBeNull();
  });

  it('header: username, balance with two decimals and commas, and the menu dot only while letters are unread', () => {
    useUserStore.getState().setUser(USER);
    useAccountStore.setState({ balance: BALANCE });
    inRouter(<Header variant="main" />);
    expect(screen.getByTestId('header-balance').textContent).toContain('1,234,567.50');
    expect(screen.queryByTestId('menu-dot')).toBeNull();
    act(() => useAccountStore.getState().setCounter('letterUnreadNum', 3));
    expect(screen.getByTestId('menu-dot')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu, 3 unread messages' }));
    expect(useOverlayStore.getState().showSideMenu).toBe(true);
  });

  it('side menu: the balance hides behind a dash, the inbox shows its count, the version reloads', () => {
    useUserStore.getState().setUser(USER);
    useAccountStore.setState({ balance: BALANCE });
    useAccountStore.getState().setCounter('letterUnreadNum', 2);
    useOverlayStore.getState().setSideMenu(true);
    inRouter(<SideMenu />, '/inbox');
    expect(screen.getByTestId('side-balance').textContent).toBe('₱ 1,234,567.50');
    fireEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(screen.getByTestId('side-balance').textContent).toBe('-');
    const inbox = screen.getByRole('link', { name: /Inbox/ });
    expect(inbox.getAttribute('aria-current')).toBe('page');
    expect(inbox.textContent).toContain('2');
    expect(screen.getByRole('button', { name: 'Version 1.0.0' })).toBeTruthy();
    act(() => useAccountStore.getState().toggleHideBalance());
    expect(screen.getByTestId('side-balance').textContent).toBe('₱ 1,234,567.50');
  });

  it('the version line reloads the app with a time-stamp query', () => {
    const replace = vi.fn();
    vi.spyOn(Date, 'now').mockReturnValue(1_764_000_000_000);
    reloadWithTimestamp({ href: 'http://localhost/game?x=1', replace } as unknown as Location);
    expect(replace).toHaveBeenCalledWith('http://localhost/game?x=1&t=1764000000000');
  });

  it('age verification: Accept closes; Exit leaves for a search site in a browser, asks the wrapper to exit in the app', async () => {
    const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
    const onAccept = vi.fn();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    inRouter(<AgeVerification open onAccept={onAccept} />);
    await click('Exit');
    expect(assign).toHaveBeenCalledWith(EXIT_URL);
    await click('I am 21 or older');
    expect(onAccept).toHaveBeenCalledOnce();

    const callHandler = vi.fn();
    Object.assign(window, { WebViewJavascriptBridge: { callHandler, registerHandler: vi.fn() } });
    try {
      assign.mockClear();
      await click('Exit');
      expect(callHandler).toHaveBeenCalledWith('exit', undefined, undefined);
      expect(assign).not.toHaveBeenCalled();
    } finally {
      delete (window as { WebViewJavascriptBridge?: unknown }).WebViewJavascriptBridge;
    }
  });
});
