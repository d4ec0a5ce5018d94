import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { initI18n } from '../../../lib/i18n';
import { BreakStatus, TakeBreak } from './play-break';

const choice = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('taking a break', () => {
  beforeAll(() => initI18n('en-US'));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('offers the cool-off and self-exclusion lengths, and sends nothing before the confirmation', async () => {
    const onTake = vi.fn(async () => {});
    render(<TakeBreak playBreak={null} onTake={onTake} />);
    const cooloff = screen.getByRole('group', { name: 'Cool-off' });
    expect(
      within(cooloff)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['24 hours', '7 days', '30 days', '6 weeks']);
    const exclusion = screen.getByRole('group', { name: 'Self-exclusion' });
    expect(
      within(exclusion)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['6 months', '1 year', '5 years', 'Permanent']);
    expect(screen.getByText(/cannot be shortened or lifted early/)).toBeTruthy();
    expect(screen.getByText(/Withdrawals stay open/)).toBeTruthy();
    const take = screen.getByRole('button', { name: 'Take a break' }) as HTMLButtonElement;
    expect(take.disabled).toBe(true);

    fireEvent.click(choice('24 hours'));
    expect(take.disabled).toBe(false);
    vi.useFakeTimers({ now: new Date('2026-11-26T06:00:00.000Z'), toFake: ['Date'] });
    await act(async () => fireEvent.click(take));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your break' });
    const until = formatDateTime('2026-11-27T06:00:00.000Z');
    expect(until).toBe('11/27/2026, 02:00 PM');
    expect(within(dialog).getByText('Cool-off · 24 hours')).toBeTruthy();
    expect(within(dialog).getByText(`Until ${until}`)).toBeTruthy();
    expect(within(dialog).getByText(`Deposits, games and bets are closed until ${until}.`)).toBeTruthy();
    expect(within(dialog).getByText(/This cannot be undone/)).toBeTruthy();
    expect(within(dialog).getByText(/Withdrawals stay open/)).toBeTruthy();
    expect(onTake).not.toHaveBeenCalled();

    // Cancel sends nothing
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onTake).not.toHaveBeenCalled();

    await act(async () => fireEvent.click(take));
    await act(async () =>
      fireEvent.click(
        within(screen.getByRole('dialog', { name: 'Confirm your break' })).getByRole('button', {
          name: 'Start my break',
        }),
      ),
    );
    expect(onTake).toHaveBeenCalledWith({ kind: 'cooloff', length: '24h', hours: 24 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a permanent self-exclusion says it never ends', async () => {
    render(<TakeBreak playBreak={null} onTake={vi.fn()} />);
    fireEvent.click(choice('Permanent'));
    fireEvent.click(screen.getByRole('button', { name: 'Take a break' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your break' });
    expect(within(dialog).getByText('Self-exclusion · Permanent')).toBeTruthy();
    expect(within(dialog).getByText('Permanently')).toBeTruthy();
    expect(within(dialog).getByText('Deposits, games and bets are closed for good.')).toBeTruthy();
  });

  it('while a break runs, offers only longer ones', () => {
    const until = new Date(Date.now() + 10 * 24 * 3_600_000).toISOString();
    render(<TakeBreak playBreak={{ kind: 'cooloff', since: new Date().toISOString(), until }} onTake={vi.fn()} />);
    expect(choice('24 hours').disabled).toBe(true);
    expect(choice('7 days').disabled).toBe(true);
    expect(choice('30 days').disabled).toBe(false);
    expect(choice('Permanent').disabled).toBe(false);
    expect(screen.getByText(/you can only make it longer/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make my break longer' })).toBeTruthy();
  });

  it('after a permanent self-exclusion there is nothing to choose', () => {
    render(
      <TakeBreak playBreak={{ kind: 'exclusion', since: new Date().toISOString(), until: null }} onTake={vi.fn()} />,
    );
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText(/Your self-exclusion is permanent/)).toBeTruthy();
  });

  it('shows the running break: until when, since when, what is closed and what stays open', () => {
    render(
      <BreakStatus
        playBreak={{ kind: 'cooloff', since: '2026-11-26T06:00:00.000Z', until: '2026-11-27T06:00:00.000Z' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'On a break until 11/27/2026, 02:00 PM' })).toBeTruthy();
    expect(screen.getByText('Cool-off since 11/26/2026, 02:00 PM')).toBeTruthy();
    expect(screen.getByText(/Withdrawals stay open/)).toBeTruthy();
    cleanup();
    render(<BreakStatus playBreak={{ kind: 'exclusion', since: '2026-11-26T06:00:00.000Z', until: null }} />);
    expect(screen.getByRole('heading', { name: 'Self-excluded permanently' })).toBeTruthy();
  });
});
