import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../shared/codes';
import type { DataOf } from '../../../shared/contract/define';
import { getDashboard } from '../../../shared/contract/ops-dashboard';
import { listAbandonedCallbacks } from '../../../shared/contract/ops-money';
import { answer, pending, recorded, refuse, startContractServer } from '../../src/test/contract-server';
import { Dashboard } from './dashboard';

const ABANDONED = recorded(listAbandonedCallbacks);

const server = startContractServer();

// uPlot draws on a canvas, which happy-dom does not have: the chart (not the API, which msw answers from the
// contract) is stood in for by its caption and data.
vi.mock('../chart', () => ({
  default: (props: { title: string; days: string[]; series: { label: string; values: number[] }[] }) => (
    <figure data-testid="chart">
      <figcaption>{props.title}</figcaption>
      {props.series.map((s) => `${s.label}: ${s.values.join(',')}`).join(' | ')}
    </figure>
  ),
}));

const days = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(2026, 9, 23 + i));
    return d.toISOString().slice(0, 10);
  });

const period = (over: object = {}) => ({
  from: '2026-11-20T16:00:00.000Z',
  to: '2026-11-21T16:00:00.000Z',
  ggr: 0,
  bonusCost: 0,
  ngr: 0,
  deposits: { amount: 0, count: 0 },
  withdrawals: { amount: 0, count: 0 },
  activePlayers: 0,
  newPlayers: 0,
  ...over,
});

const DASHBOARD: DataOf<typeof getDashboard> = {
  now: '2026-11-20T17:01:00.000Z',
  today: '2026-11-21',
  periods: {
    today: period({
      ggr: -140,
      bonusCost: 520,
      ngr: -660,
      deposits: { amount: 500, count: 1 },
      withdrawals: { amount: 300, count: 1 },
      activePlayers: 1,
      newPlayers: 3,
    }),
    last30Days: period({ ggr: 1234.5, ngr: 714.5, bonusCost: 520, deposits: { amount: 1500, count: 2 } }),
  },
  daily: days(30).map((day) => ({
    day,
    ggr: day === '2026-11-21' ? -140 : day === '2026-11-20' ? 110 : 0,
    deposits: day === '2026-11-20' ? 1000 : 0,
    withdrawals: 0,
    activePlayers: day === '2026-11-21' ? 2 : day === '2026-11-20' ? 1 : 0,
    newPlayers: day === '2026-11-21' ? 3 : 0,
  })),
  pending: {
    withdrawals: 2,
    withdrawalsAmount: 400,
    withdrawalExceptions: 0,
    kyc: 1,
    chats: 3,
    chatsUnread: 1,
    deposits: 0,
  },
};

describe('back office dashboard', () => {
  afterEach(() => {
    cleanup();
  });

  it("shows today's and the 30 days' figures, the queues as links to their sections, and the charts", async () => {
    server.use(answer(getDashboard, DASHBOARD), answer(listAbandonedCallbacks, ABANDONED));
    render(<Dashboard />);
    const today = await screen.findByRole('region', { name: 'Today, 11/21/2026' });
    const card = (region: HTMLElement, label: string) =>
      (within(region).getByText(label, { selector: 'dt' }).parentElement as HTMLElement).textContent;
    expect(card(today, 'GGR')).toContain('₱ -140.00');
    expect(within(today).getByText('₱ -140.00').className).toContain('negative');
    expect(card(today, 'NGR')).toContain('₱ -660.00');
    expect(card(today, 'Bonus cost')).toContain('₱ 520.00');
    expect(card(today, 'Deposits')).toContain('1 paid');
    expect(card(today, 'Withdrawals paid')).toContain('₱ 300.00');
    expect(card(today, 'New players')).toContain('3');
    const month = screen.getByRole('region', { name: 'Last 30 days, 10/23/2026 – 11/21/2026' });
    expect(card(month, 'GGR')).toContain('₱ 1,234.50');
    expect(screen.getByText(/As of 11\/21\/2026, 01:01 AM/)).toBeTruthy();

    const queues = screen.getByRole('navigation', { name: 'Pending queues' });
    const link = (name: RegExp) => within(queues).getByRole('link', { name });
    expect(link(/Withdrawals to review/).getAttribute('href')).toBe('#withdrawals');
    expect(link(/Withdrawals to review/).textContent).toBe('2Withdrawals to review · ₱ 400.00');
    expect(link(/KYC to decide/).getAttribute('href')).toBe('#kyc');
    expect(link(/Live chats open/).textContent).toContain('1 unread');
    expect(link(/Deposits pending/).className).not.toContain('waiting');
    expect(link(/KYC to decide/).className).toContain('waiting');
    // A paid deposit whose gateway webhook was given up on: its own queue, on Deposits.
    await waitFor(() =>
      expect(link(/Callbacks abandoned/).textContent).toBe('1Callbacks abandoned · paid, never credited'),
    );
    expect(link(/Callbacks abandoned/).getAttribute('href')).toBe('#deposits');
    expect(link(/Callbacks abandoned/).className).toContain('waiting');

    const charts = await screen.findAllByTestId('chart');
    expect(charts.map((c) => c.querySelector('figcaption')?.textContent)).toEqual([
      'GGR per day (₱)',
      'Deposits and withdrawals paid per day (₱)',
      'Active and new players per day',
    ]);
    expect(charts[2]?.textContent).toContain(`Active players: ${'0,'.repeat(28)}1,2`);
    expect(charts[2]?.textContent).toContain(`New players: ${'0,'.repeat(29)}3`);
    expect(charts[0]?.textContent).toContain(`GGR: ${'0,'.repeat(28)}110,-140`);
  });

  it('says so when the 30 days had no activity, instead of empty charts', async () => {
    server.use(
      answer(listAbandonedCallbacks, ABANDONED),
      answer(getDashboard, {
        ...DASHBOARD,
        daily: DASHBOARD.daily.map((d) => ({
          ...d,
          ggr: 0,
          deposits: 0,
          withdrawals: 0,
          activePlayers: 0,
          newPlayers: 0,
        })),
      }),
    );
    render(<Dashboard />);
    expect(await screen.findByText('No bets, deposits, withdrawals or new players in the last 30 days.')).toBeTruthy();
    expect(screen.queryByTestId('chart')).toBeNull();
  });

  it('shows the loading state, then an error with Retry', async () => {
    server.use(pending(getDashboard), answer(listAbandonedCallbacks, ABANDONED));
    render(<Dashboard />);
    expect(await screen.findByText('Loading the dashboard…')).toBeTruthy();
    cleanup();
    server.resetHandlers(
      refuse(getDashboard, Code.SERVICE_UNAVAILABLE, { msg: 'Server busy' }),
      answer(listAbandonedCallbacks, ABANDONED),
    );
    render(<Dashboard />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`Server busy (${Code.SERVICE_UNAVAILABLE})`);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
