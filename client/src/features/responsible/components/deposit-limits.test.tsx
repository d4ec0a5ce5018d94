import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../../../shared/codes';
import type { ResponsibleState } from '../../../../../shared/contract/responsible';
import { ApiError } from '../../../lib/http';
import { initI18n } from '../../../lib/i18n';
import { useToastStore } from '../../../lib/toast';
import { DepositLimits } from './deposit-limits';

/** No daily limit; a weekly ₱ 600 with ₱ 150 used; a monthly ₱ 1,000 waiting to become ₱ 5,000. */
const STATE: ResponsibleState = {
  depositLimits: [
    { period: 'day', amount: null, used: 0, resetsAt: '2026-11-26T16:00:00.000Z', pending: null },
    { period: 'week', amount: 600, used: 150, resetsAt: '2026-11-29T16:00:00.000Z', pending: null },
    {
      period: 'month',
      amount: 1000,
      used: 1000,
      resetsAt: '2026-11-30T16:00:00.000Z',
      pending: { amount: 5000, effectiveAt: '2026-11-27T06:00:00.000Z' },
    },
  ],
  playBreak: null,
  lossLimits: [],
  wagerLimits: [],
  realityCheckMinutes: 0,
};

const row = (period: string) => within(screen.getByTestId(`limit-${period}`));
const toasts = () => useToastStore.getState().toasts.map((t) => t.message);

describe('deposit limits', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(cleanup);

  it('shows each period: the limit or No limit, what it used, when it resets, a change waiting', async () => {
    await initI18n('en-US');
    render(<DepositLimits limits={STATE.depositLimits} onSave={vi.fn()} />);
    expect(row('day').getByText('Daily limit')).toBeTruthy();
    expect(row('day').getByText('No limit')).toBeTruthy();
    expect(row('day').getByText('Deposited ₱ 0.00')).toBeTruthy();
    expect(row('day').getByText('Resets 11/27/2026, 12:00 AM')).toBeTruthy();
    expect(row('day').getByRole('button', { name: 'Set a limit' })).toBeTruthy();

    expect(row('week').getByText('₱ 600.00')).toBeTruthy();
    expect(row('week').getByText('Used ₱ 150.00 of ₱ 600.00')).toBeTruthy();
    expect(row('week').getByRole('progressbar', { name: 'Weekly limit used' }).getAttribute('aria-valuenow')).toBe(
      '25',
    );

    expect(row('month').getByText('New limit ₱ 5,000.00 from 11/27/2026, 02:00 PM')).toBeTruthy();
    expect(row('month').getByText(/applies 24 hours after you ask/)).toBeTruthy();
    expect(row('month').getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });

  it('sets a first limit: it applies at once', async () => {
    await initI18n('en-US');
    const onSave = vi.fn(async () => ({
      depositLimits: [{ ...STATE.depositLimits[0]!, amount: 600 }],
    }));
    render(<DepositLimits limits={STATE.depositLimits} onSave={onSave} />);
    fireEvent.click(row('day').getByRole('button', { name: 'Set a limit' }));
    const field = row('day').getByLabelText('New daily limit');
    expect(row('day').getByText('A first or lower limit applies at once.')).toBeTruthy();
    // nothing typed: asked for an amount, nothing sent
    await act(async () => fireEvent.click(row('day').getByRole('button', { name: 'Save' })));
    expect(onSave).not.toHaveBeenCalled();
    expect(row('day').getByText('Enter an amount above ₱ 0.00')).toBeTruthy();
    fireEvent.change(field, { target: { value: '600' } });
    await act(async () => fireEvent.click(row('day').getByRole('button', { name: 'Save' })));
    expect(onSave).toHaveBeenCalledWith('day', 600);
    expect(toasts()).toContain('Daily limit: ₱ 600.00, from now on.');
    // the editor closes
    expect(row('day').queryByLabelText('New daily limit')).toBeNull();
  });

  it('a raise says before and after saving that it applies in 24 hours', async () => {
    await initI18n('en-US');
    const onSave = vi.fn(async () => ({
      depositLimits: [
        { ...STATE.depositLimits[1]!, pending: { amount: 5000, effectiveAt: '2026-11-27T06:00:00.000Z' } },
      ],
    }));
    render(<DepositLimits limits={STATE.depositLimits} onSave={onSave} />);
    fireEvent.click(row('week').getByRole('button', { name: 'Change' }));
    const field = row('week').getByLabelText('New weekly limit') as HTMLInputElement;
    expect(field.value).toBe('600');
    fireEvent.change(field, { target: { value: '5000' } });
    expect(row('week').getByText(/^A higher limit applies in 24 hours, from /)).toBeTruthy();
    await act(async () => fireEvent.click(row('week').getByRole('button', { name: 'Save' })));
    expect(onSave).toHaveBeenCalledWith('week', 5000);
    expect(toasts()).toContain('Saved. Weekly limit becomes ₱ 5,000.00 in 24 hours, on 11/27/2026, 02:00 PM.');
  });

  it('removes a limit (after 24 hours), and keeps the editor open with the refusal under the field', async () => {
    await initI18n('en-US');
    const onSave = vi.fn(async () => ({
      depositLimits: [
        { ...STATE.depositLimits[1]!, pending: { amount: null, effectiveAt: '2026-11-27T06:00:00.000Z' } },
      ],
    }));
    render(<DepositLimits limits={STATE.depositLimits} onSave={onSave} />);
    expect(row('day').queryByRole('button', { name: 'Remove limit' })).toBeNull();
    fireEvent.click(row('week').getByRole('button', { name: 'Change' }));
    await act(async () => fireEvent.click(row('week').getByRole('button', { name: 'Remove limit' })));
    expect(onSave).toHaveBeenCalledWith('week', null);
    expect(toasts()).toContain('Saved. Weekly limit is removed in 24 hours, on 11/27/2026, 02:00 PM.');

    onSave.mockRejectedValueOnce(
      new ApiError('envelope', 'Format is incorrect', Code.VALIDATION, 200, [
        { field: 'amount', message: 'Format is incorrect' },
      ]),
    );
    fireEvent.click(row('week').getByRole('button', { name: 'Change' }));
    fireEvent.change(row('week').getByLabelText('New weekly limit'), { target: { value: '700' } });
    await act(async () => fireEvent.click(row('week').getByRole('button', { name: 'Save' })));
    expect(row('week').getByText('Format is incorrect')).toBeTruthy();
    expect(row('week').getByLabelText('New weekly limit')).toBeTruthy();
  });

  it('reads in Vietnamese', async () => {
    await initI18n('vi-VN');
    render(<DepositLimits limits={STATE.depositLimits} onSave={vi.fn()} />);
    expect(row('day').getByText('Không giới hạn')).toBeTruthy();
    expect(row('week').getByText('Đã dùng ₱ 150.00 / ₱ 600.00')).toBeTruthy();
    expect(row('month').getByText('Hạn mức mới ₱ 5,000.00 từ 14:00 27/11/2026')).toBeTruthy();
    await initI18n('en-US');
  });
});
