import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlayerResponsible } from './player-responsible';

const STATE = {
  depositLimits: [
    { period: 'day', amount: 600, used: 500, resetsAt: '2026-11-20T16:00:00.000Z', pending: null },
    { period: 'week', amount: null, used: 500, resetsAt: '2026-11-22T16:00:00.000Z', pending: null },
    {
      period: 'month',
      amount: 1000,
      used: 500,
      resetsAt: '2026-11-30T16:00:00.000Z',
      pending: { amount: null, effectiveAt: '2026-11-21T02:00:00.000Z' },
    },
  ],
  playBreak: null,
};

describe('back office: a player responsible gaming', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the limits and starts a break only with a typed reason and a confirmation', async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL, init?: RequestInit) => {
        if (init?.method === 'POST') calls.push({ url: String(url), body: JSON.parse(String(init.body)) });
        const data =
          calls.length > 0
            ? { ...STATE, playBreak: { kind: 'exclusion', since: '2026-11-20T02:00:00.000Z', until: null } }
            : STATE;
        return new Response(JSON.stringify({ success: true, code: 0, msg: '', data }));
      }),
    );
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    render(<PlayerResponsible uid={10000042} />);
    expect(await screen.findByText(/₱600.00 · used ₱500.00/)).toBeTruthy();
    expect(screen.getByText(/no limit · used ₱500.00/)).toBeTruthy();
    expect(screen.getByText(/₱1,000.00 · used ₱500.00 · removed from/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Break kind'), { target: { value: 'exclusion' } });
    fireEvent.change(screen.getByLabelText('Break length'), { target: { value: 'permanent' } });
    const start = screen.getByRole('button', { name: 'Start break' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Break reason'), { target: { value: 'Asked by phone' } });
    expect(start.disabled).toBe(false);

    // declined: nothing sent
    fireEvent.click(start);
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([]);
    // confirmed: the break with the reason
    confirm.mockReturnValue(true);
    fireEvent.click(start);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toContain('/ops/users/10000042/responsible/break');
    expect(calls[0]?.body).toEqual({ kind: 'exclusion', length: 'permanent', reason: 'Asked by phone' });
    expect(await screen.findByText(/permanent self-exclusion/)).toBeTruthy();
  });
});
