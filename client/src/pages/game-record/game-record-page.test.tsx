import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gameRecords } from '../../../../shared/contract/game';
import { initI18n, setLanguage } from '../../lib/i18n';
import { answer, startContractServer } from '../../test/contract-server';
import GameRecordPage, { verifyRoundUrl } from './game-record-page';

const server = startContractServer();

const ROUND = {
  roundId: 'slot-6f1c2b9e-0000-4000-8000-000000000001',
  gameId: 1,
  gameName: 'Fiesta Reels',
  bet: 10,
  win: 2.5,
  result: '3x K on line 2',
  createdAt: '2026-11-24T10:00:00.000Z',
};

describe('Game records', () => {
  beforeAll(() => initI18n('en-US'));
  afterEach(cleanup);

  it('links each round to the provider verify page with its round id and the player language', async () => {
    server.use(answer(gameRecords, { list: [ROUND], page: 1, size: 20, total: 1, totalBet: 10, totalWin: 2.5 }));
    render(
      <MemoryRouter>
        <GameRecordPage />
      </MemoryRouter>,
    );
    const link = await screen.findByRole('link', { name: 'Verify round: Fiesta Reels' });
    expect(link.textContent).toBe('Verify round');
    const url = new URL(link.getAttribute('href') ?? '', 'http://casino.test');
    expect(url.pathname).toBe('/provider/verify');
    expect(url.searchParams.get('roundId')).toBe(ROUND.roundId);
    expect(url.searchParams.get('lang')).toBe('en-US');
    // a page of its own: the records stay where the player left them
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('asks the verify page for Vietnamese when the player reads Vietnamese', async () => {
    await setLanguage('vi-VN', false);
    try {
      server.use(answer(gameRecords, { list: [ROUND], page: 1, size: 20, total: 1, totalBet: 10, totalWin: 2.5 }));
      render(
        <MemoryRouter>
          <GameRecordPage />
        </MemoryRouter>,
      );
      const link = await screen.findByRole('link', { name: 'Kiểm chứng ván: Fiesta Reels' });
      expect(new URL(link.getAttribute('href') ?? '', 'http://casino.test').searchParams.get('lang')).toBe('vi-VN');
    } finally {
      await setLanguage('en-US', false);
    }
  });

  it('encodes round ids safely', () => {
    expect(verifyRoundUrl('a&b=c d', 'en-US')).toBe('/provider/verify?roundId=a%26b%3Dc+d&lang=en-US');
  });
});
