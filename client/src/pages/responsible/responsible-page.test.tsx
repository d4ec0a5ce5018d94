import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ResponsibleState, responsibleFetch, responsibleTakeBreak } from '../../../../shared/contract/responsible';
import { initI18n } from '../../lib/i18n';
import { answer, broken, sent, startContractServer } from '../../test/contract-server';
import ResponsiblePage from './responsible-page';

const server = startContractServer();

const limit = (period: 'day' | 'week' | 'month') => ({
  period,
  amount: null,
  used: 0,
  resetsAt: '2026-11-26T16:00:00.000Z',
  pending: null,
});
const FREE: ResponsibleState = {
  depositLimits: [limit('day'), limit('week'), limit('month')],
  playBreak: null,
  lossLimits: [limit('day'), limit('week'), limit('month')],
  wagerLimits: [limit('day'), limit('week'), limit('month')],
  realityCheckMinutes: 0,
};

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/responsible']}>
      <ResponsiblePage />
    </MemoryRouter>,
  );

describe('the responsible gaming page', () => {
  beforeAll(() => initI18n('en-US'));
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('loads with a placeholder, offers a retry when the load fails, then shows the limits and the break', async () => {
    server.use(broken(responsibleFetch, 'network', { once: true }), answer(responsibleFetch, FREE));
    renderPage();
    expect(screen.getByRole('heading', { name: 'Responsible gaming' })).toBeTruthy();
    expect(await screen.findByText('Request error')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(screen.getByRole('region', { name: 'Deposit limits' })).toBeTruthy();
    // deposit, loss and wager limits: three periods each
    expect(screen.getAllByText('No limit')).toHaveLength(9);
    expect(screen.getByRole('region', { name: 'Loss limits' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Wager limits' })).toBeTruthy();
    expect(screen.getByText('Daily loss limit')).toBeTruthy();
    expect(screen.getByText('Monthly wager limit')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Off' })).toHaveProperty('checked', true);
    expect(screen.getByRole('region', { name: 'Take a break' })).toBeTruthy();
    expect(screen.queryByTestId('break-status')).toBeNull();
  });

  it('a confirmed break shows at the top, and only longer ones are offered', async () => {
    const since = Date.now();
    server.use(
      answer(responsibleFetch, FREE),
      answer(responsibleTakeBreak, {
        ...FREE,
        playBreak: {
          kind: 'cooloff',
          since: new Date(since).toISOString(),
          until: new Date(since + 24 * 3_600_000).toISOString(),
        },
      }),
    );
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: '24 hours' }));
    fireEvent.click(screen.getByRole('button', { name: 'Take a break' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your break' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Start my break' })));
    expect(sent(responsibleTakeBreak)).toEqual([{ kind: 'cooloff', length: '24h' }]);
    const status = screen.getByTestId('break-status');
    expect(within(status).getByRole('heading').textContent).toMatch(/^On a break until /);
    expect(within(status).getByRole('link', { name: 'Withdraw my balance' }).getAttribute('href')).toBe(
      '/finance/withdraw',
    );
    expect(screen.getByRole('region', { name: 'Make your break longer' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: '24 hours' }) as HTMLInputElement).disabled).toBe(true);
  });
});
