import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import type { WageringView } from '../api/get-wagering';
import { WageringList } from './wagering-list';

/** The 8.00 bonus (10x) beside 447.00 of the player's own money, 30.00 already bet. */
const VIEW: WageringView = {
  balance: 455,
  locked: 8,
  surplus: 0,
  withdrawalAmount: 447,
  list: [
    {
      id: 1,
      source: 'dailyDeposit',
      reference: 'dailyDeposit:2026-11-24:1',
      bonus: 8,
      turnoverRequired: 80,
      turnoverDone: 30,
      state: 'open',
      createdAt: '2026-11-24T02:00:00.000Z',
    },
    {
      id: 2,
      source: 'somethingNew',
      reference: 'x',
      bonus: 50,
      turnoverRequired: 150,
      turnoverDone: 0,
      state: 'open',
      createdAt: '2026-11-24T03:00:00.000Z',
    },
  ],
};

describe('the withdraw screen list of bonus wagering', () => {
  afterEach(cleanup);

  it('shows each bonus, its turnover done with a progress bar, what it locks and what stays withdrawable', async () => {
    await initI18n('en-US');
    render(<WageringList data={VIEW} />);
    expect(screen.getByText(/₱ 8.00 of bonus is locked/).textContent).toContain('₱\u00a0447.00 now');
    const items = screen.getAllByTestId('wagering-item');
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByText('Daily deposit reward')).toBeTruthy();
    expect(first.getByText('Bet ₱ 30.00 of ₱ 80.00')).toBeTruthy();
    expect(first.getByText('Locks ₱ 8.00')).toBeTruthy();
    const bar = first.getByRole('progressbar', { name: 'Turnover of the ₱ 8.00 bonus' });
    expect(bar.getAttribute('aria-valuenow')).toBe('37');
    // A source the screen does not know yet still reads as a bonus.
    expect(within(items[1] as HTMLElement).getByText('Bonus')).toBeTruthy();
    expect(
      within(items[1] as HTMLElement)
        .getByRole('progressbar')
        .getAttribute('aria-valuenow'),
    ).toBe('0');
  });

  it('says the whole balance is free when nothing is being wagered', async () => {
    await initI18n('en-US');
    render(<WageringList data={{ ...VIEW, locked: 0, withdrawalAmount: 455, list: [] }} />);
    expect(screen.getByText('No bonus is being wagered')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('tells a restricted account the truth: nothing can be withdrawn until verified (en and vi)', async () => {
    await initI18n('en-US');
    render(<WageringList data={{ ...VIEW, locked: 0, withdrawalAmount: 455, list: [] }} restricted />);
    expect(screen.queryByText(/whole balance can be withdrawn/)).toBeNull();
    expect(screen.getByText(/nothing can be withdrawn until your identity is verified/)).toBeTruthy();
    cleanup();
    render(<WageringList data={VIEW} restricted />);
    expect(screen.queryByText(/stays withdrawable/)).toBeNull();
    expect(screen.getByText(/₱ 8.00 of bonus is locked.*restricted/)).toBeTruthy();
    cleanup();
    await initI18n('vi-VN');
    render(<WageringList data={{ ...VIEW, locked: 0, withdrawalAmount: 455, list: [] }} restricted />);
    expect(screen.getByText(/không thể rút tiền cho đến khi danh tính được xác minh/)).toBeTruthy();
  });

  it('reads in Vietnamese', async () => {
    await initI18n('vi-VN');
    render(<WageringList data={VIEW} />);
    expect(screen.getByText('Đã cược ₱ 30.00 / ₱ 80.00')).toBeTruthy();
    expect(screen.getByText('Thưởng nạp hằng ngày')).toBeTruthy();
  });
});
