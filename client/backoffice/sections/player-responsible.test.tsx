import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataOf } from '../../../shared/contract/define';
import {
  opsResponsibleBreak,
  opsResponsiblePlayLimit,
  opsResponsibleState,
} from '../../../shared/contract/responsible';
import { answer, sent, startContractServer } from '../../src/test/contract-server';
import { PlayerResponsible } from './player-responsible';

const server = startContractServer();

const STATE: DataOf<typeof opsResponsibleState> = {
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
  lossLimits: [
    { period: 'day', amount: 200, used: 150, resetsAt: '2026-11-20T16:00:00.000Z', pending: null },
    { period: 'week', amount: null, used: 150, resetsAt: '2026-11-22T16:00:00.000Z', pending: null },
    { period: 'month', amount: null, used: 150, resetsAt: '2026-11-30T16:00:00.000Z', pending: null },
  ],
  wagerLimits: [
    { period: 'day', amount: null, used: 400, resetsAt: '2026-11-20T16:00:00.000Z', pending: null },
    { period: 'week', amount: null, used: 400, resetsAt: '2026-11-22T16:00:00.000Z', pending: null },
    {
      period: 'month',
      amount: 5000,
      used: 400,
      resetsAt: '2026-11-30T16:00:00.000Z',
      pending: { amount: 9000, effectiveAt: '2026-11-21T02:00:00.000Z' },
    },
  ],
  realityCheckMinutes: 30,
};

describe('back office: a player responsible gaming', () => {
  afterEach(() => {
    cleanup();
  });

  it('shows the limits and starts a break only with a typed reason and a confirmation', async () => {
    const onBreak = {
      ...STATE,
      playBreak: { kind: 'exclusion' as const, since: '2026-11-20T02:00:00.000Z', until: null },
    };
    // the state before the break, then (read again after it) the state on the break
    server.use(
      answer(opsResponsibleState, STATE, { once: true }),
      answer(opsResponsibleState, onBreak),
      answer(opsResponsibleBreak, onBreak),
    );
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

    // declined in the dialog: nothing sent
    fireEvent.click(start);
    expect(screen.getByRole('dialog', { name: 'Start a permanent self-exclusion?' })).toBeTruthy();
    expect(screen.getByText('It cannot be lifted early, not even by support.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent(opsResponsibleBreak)).toEqual([]);
    // confirmed: the break with the reason typed in the form, offered in the dialog
    fireEvent.click(start);
    expect((screen.getByLabelText(/kept in the audit trail/) as HTMLTextAreaElement).value).toBe('Asked by phone');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Start break' }));
    await waitFor(() => expect(sent(opsResponsibleBreak)).toHaveLength(1));
    expect(sent(opsResponsibleBreak)[0]).toEqual({ kind: 'exclusion', length: 'permanent', reason: 'Asked by phone' });
    expect(await screen.findByText(/permanent self-exclusion/)).toBeTruthy();
  });

  it('shows the loss and wager limits and sets one only with a typed reason and a confirmation', async () => {
    server.use(answer(opsResponsibleState, STATE), answer(opsResponsiblePlayLimit, STATE));
    render(<PlayerResponsible uid={10000042} />);
    expect(await screen.findByText(/₱200.00 · used ₱150.00/)).toBeTruthy();
    expect(screen.getByText(/₱5,000.00 · used ₱400.00 · ₱9,000.00 from/)).toBeTruthy();
    expect(screen.getByText('every 30 min')).toBeTruthy();

    const save = screen.getByRole('button', { name: 'Save limit' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('Limit kind'), { target: { value: 'wager' } });
    fireEvent.change(screen.getByLabelText('Limit period'), { target: { value: 'week' } });
    fireEvent.change(screen.getByLabelText('Limit amount'), { target: { value: '1500.5' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Limit reason'), { target: { value: 'Asked on live chat' } });
    expect(save.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Limit amount'), { target: { value: '1.234' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Limit amount'), { target: { value: '1500.5' } });
    fireEvent.click(save);
    const dialog = screen.getByRole('dialog', { name: 'Set the weekly wager limit to ₱1,500.50?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(sent(opsResponsiblePlayLimit)).toHaveLength(1));
    expect(sent(opsResponsiblePlayLimit)[0]).toEqual({
      kind: 'wager',
      period: 'week',
      amount: 1500.5,
      reason: 'Asked on live chat',
    });
  });
});
