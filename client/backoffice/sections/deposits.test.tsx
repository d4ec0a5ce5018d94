import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { listAbandonedCallbacks, listDeposits, redeliverCallback } from '../../../shared/contract/ops-money';
import { answer, recorded, sent, startContractServer } from '../../src/test/contract-server';
import { grant } from '../api';
import { Deposits } from './deposits';

const server = startContractServer();

const noDeposits = { list: [], page: 1, size: 100, total: 0 };

describe('back office: abandoned gateway callbacks on Deposits', () => {
  afterEach(() => {
    cleanup();
    grant([]);
  });

  it('shows them with their count, and a cashier redelivers one with a reason', async () => {
    grant(['money.read', 'money.cashier'], false);
    const abandoned = recorded(listAbandonedCallbacks);
    const orderNo = abandoned.list[0]?.orderNo ?? '';
    server.use(
      answer(listDeposits, noDeposits),
      answer(listAbandonedCallbacks, abandoned),
      answer(redeliverCallback, recorded(redeliverCallback)),
    );
    render(<Deposits />);
    const box = await screen.findByRole('region', { name: 'Abandoned gateway callbacks' });
    expect(within(box).getByLabelText('1 abandoned').textContent).toBe('1');
    expect(within(box).getByText(orderNo)).toBeTruthy();
    fireEvent.click(within(box).getByRole('button', { name: 'Redeliver' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'receipt checked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() => expect(sent(redeliverCallback)).toEqual([{ reason: 'receipt checked' }]));
  });

  it('shows nothing when none was abandoned, and no Redeliver to a role without money.cashier', async () => {
    grant(['money.read'], false);
    server.use(answer(listDeposits, noDeposits), answer(listAbandonedCallbacks, { count: 0, list: [] }));
    render(<Deposits />);
    await screen.findByText(/No deposits/i);
    expect(screen.queryByRole('region', { name: 'Abandoned gateway callbacks' })).toBeNull();
    cleanup();
    server.use(answer(listAbandonedCallbacks, recorded(listAbandonedCallbacks)));
    render(<Deposits />);
    const box = await screen.findByRole('region', { name: 'Abandoned gateway callbacks' });
    expect(within(box).queryByRole('button', { name: 'Redeliver' })).toBeNull();
  });
});
