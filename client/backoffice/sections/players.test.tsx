import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Players } from './players';

const PLAYER = {
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

/** The operator API answers: the list, the player, and empty detail lists. */
const answer = (url: URL) => {
  if (url.pathname === '/ops/users') return [PLAYER];
  if (url.pathname === `/ops/users/${PLAYER.uid}`) return PLAYER;
  if (url.pathname.endsWith('/sessions')) return [];
  if (url.pathname.endsWith('/responsible')) return { depositLimits: [], playBreak: null };
  return { list: [], total: 0 };
};

describe('back office players table', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reaches a player row with the keyboard and opens it with Enter', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL) => new Response(JSON.stringify({ success: true, code: 0, msg: '', data: answer(url) }))),
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
