import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppConfig, configFetch } from '../../../../shared/contract/config';
import { useConfigStore } from '../../features/config/store';
import { initI18n } from '../../lib/i18n';
import { useOverlayStore } from '../../lib/overlays';
import { answer, broken, recorded, sent, startContractServer } from '../../test/contract-server';
import LivechatPage, { contactAddress, isUsableContact } from './livechat-page';

const server = startContractServer();

/** The recorded config (brand, legal pages...) with the contacts these tests are about. */
const CONFIG: AppConfig = {
  ...recorded(configFetch),
  cs_facebook: 'https://m.me/casinoph.support',
  cs_telegram: 'https://t.me/casinoph_support',
  cs_online: 'https://chat.casinoph.example/room',
  ps_facebook: 'https://www.facebook.com/casinoph.official',
  ps_telegram: '',
  ps_online: '/livechat',
  download_page: '',
  privacy_policy: '',
  terms_of_use: '',
};

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/livechat']}>
      <LivechatPage />
    </MemoryRouter>,
  );

describe('Live chat', () => {
  beforeAll(() => initI18n('en-US'));
  beforeEach(() => {
    useOverlayStore.getState().closeAll();
    useConfigStore.setState({ config: null });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('skips empty contacts and links back to this screen', () => {
    expect(isUsableContact('')).toBe(false);
    expect(isUsableContact('/livechat/')).toBe(false);
    expect(isUsableContact('https://t.me/x')).toBe(true);
    expect(contactAddress('https://t.me/casinoph_support/')).toBe('t.me/casinoph_support');
  });

  it('opens the online channel in the in-app frame and the others outside', async () => {
    useConfigStore.setState({ config: CONFIG });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPage();
    const service = await screen.findByRole('region', { name: 'Customer service' });
    const rows = service.querySelectorAll('button.contact');
    expect([...rows].map((r) => r.textContent)).toEqual([
      'Live chatChat with an agent here in the app',
      'Telegramt.me/casinoph_support',
      'Facebookm.me/casinoph.support',
    ]);
    fireEvent.click(rows[0]!);
    expect(useOverlayStore.getState()).toMatchObject({
      showInAppFrame: true,
      frameUrl: 'https://chat.casinoph.example/room',
      frameTitle: 'Live chat',
    });
    fireEvent.click(rows[1]!);
    expect(open).toHaveBeenCalledWith('https://t.me/casinoph_support', '_blank', 'noopener,noreferrer');
    // community: no Telegram (empty) and no online row (it points back here)
    const community = screen.getByRole('region', { name: 'Community' });
    expect([...community.querySelectorAll('button.contact')].map((r) => r.textContent)).toEqual([
      'Facebookwww.facebook.com/casinoph.official',
    ]);
    expect(sent(configFetch)).toEqual([]);
  });

  it('fetches the contacts itself when start-up could not, with a retry after a failure', async () => {
    server.use(broken(configFetch, 'network', { once: true }), answer(configFetch, CONFIG));
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    await act(async () => fireEvent.click(retry));
    expect(await screen.findByRole('region', { name: 'Customer service' })).toBeTruthy();
    expect(useConfigStore.getState().config).toEqual(CONFIG);
    expect(sent(configFetch)).toHaveLength(2);
  });
});
