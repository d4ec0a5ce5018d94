import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataOf } from '../../../shared/contract/define';
import { getUser, listUserSessions, listUsers } from '../../../shared/contract/ops';
import { listKyc, userJournal } from '../../../shared/contract/ops-money';
import { getPlayerRisk } from '../../../shared/contract/ops-risk';
import { opsResponsibleState } from '../../../shared/contract/responsible';
import { answer, recorded, startContractServer } from '../../src/test/contract-server';
import { Players } from './players';

const server = startContractServer();

const PLAYER: DataOf<typeof getUser> = {
  ...recorded(getUser),
  uid: 10000042,
  username: 'maria42',
  status: 'active',
  statusReason: '',
  phoneNumber: '09171234567',
  vip: 2,
  realName: 'Maria Cruz',
  superiorUid: null,
  createdAt: '2026-11-20T01:00:00.000Z',
  flags: ['watch'],
};

const EMPTY_PAGE = { list: [], page: 1, size: 20, total: 0 };

describe('back office players table', () => {
  afterEach(() => {
    cleanup();
  });

  it('reaches a player row with the keyboard and opens it with Enter', async () => {
    // the list and the player; the detail's other panels answer empty lists or their recorded examples
    server.use(
      answer(listUsers, [PLAYER]),
      answer(getUser, PLAYER),
      answer(userJournal, EMPTY_PAGE),
      answer(listUserSessions, []),
      answer(listKyc, EMPTY_PAGE),
      answer(opsResponsibleState, recorded(opsResponsibleState)),
      answer(getPlayerRisk, recorded(getPlayerRisk)),
    );
    render(<Players />);
    const row = (await screen.findByText('maria42')).closest('tr') as HTMLTableRowElement;
    // In the tab order, as a focusable row.
    expect(row.tabIndex).toBe(0);
    row.focus();
    expect(document.activeElement).toBe(row);
    // Another key does nothing; Enter opens the player's detail and marks the row.
    fireEvent.keyDown(row, { key: 'ArrowDown' });
    expect(screen.queryByRole('region', { name: 'Player maria42' })).toBeNull();
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(await screen.findByRole('region', { name: 'Player maria42' })).toBeTruthy();
    expect(row.className).toBe('selected');
  });
});
