import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataOf } from '../../../../../shared/contract/define';
import { dailyDepositFetch, returnGiftFetch, taskFetch } from '../../../../../shared/contract/task';
import { initI18n } from '../../../lib/i18n';
import { answer, startContractServer } from '../../../test/contract-server';
import { DailyDeposit } from './daily-deposit';
import { ReturnGift } from './return-gift';
import { TaskList } from './task-list';

const server = startContractServer();

/** A daily task paying 8.00 cash turned over 10x, one paying points only, one claimed already. */
const TASKS: DataOf<typeof taskFetch> = {
  day: '2026-11-24',
  tasks: [
    {
      code: 'bet_daily',
      period: 'daily',
      title: 'Bet 100',
      unit: 'pesos',
      progress: 40,
      target: 100,
      rewards: [{ type: 'cash', amount: 8 }],
      turnoverMultiple: 10,
      status: 'progress',
    },
    {
      code: 'login_daily',
      period: 'daily',
      title: 'Log in',
      unit: 'count',
      progress: 1,
      target: 1,
      rewards: [{ type: 'point', amount: 5 }],
      turnoverMultiple: 10,
      status: 'available',
    },
    {
      code: 'bind_wallet',
      period: 'once',
      title: 'Bind a wallet',
      unit: 'count',
      progress: 1,
      target: 1,
      rewards: [{ type: 'cash', amount: 5 }],
      turnoverMultiple: 3,
      status: 'claimed',
    },
  ],
};

const GIFT: DataOf<typeof returnGiftFetch> = {
  awayDays: 7,
  claimDays: 3,
  rewards: [{ type: 'cash', amount: 20 }],
  turnoverMultiple: 5,
  status: 'available',
  returnedAt: '2026-11-24T01:00:00.000Z',
  expiresAt: '2026-11-27T01:00:00.000Z',
};

describe('what a task or return-gift bonus requires, shown before its claim', () => {
  afterEach(cleanup);

  it("says a task's cash must be bet 10x before it can be withdrawn, and nothing for points or a claimed task", async () => {
    await initI18n('en-US');
    server.use(answer(taskFetch, TASKS));
    render(<TaskList onRewards={() => {}} />);
    const note = await screen.findByTestId('task-bet_daily-wagering');
    expect(note.textContent).toBe(
      'Bet ₱ 80.00 before this ₱ 8.00 bonus can be withdrawn; your own money stays withdrawable.',
    );
    expect(screen.queryByTestId('task-login_daily-wagering')).toBeNull();
    expect(screen.queryByTestId('task-bind_wallet-wagering')).toBeNull();
  });

  it('says it in Vietnamese on a vi-VN screen', async () => {
    await initI18n('vi-VN');
    server.use(answer(taskFetch, TASKS));
    render(<TaskList onRewards={() => {}} />);
    const note = await screen.findByTestId('task-bet_daily-wagering');
    expect(note.textContent).toMatch(/^Cần cược ₱ 80[.,]00 trước khi rút được ₱ 8[.,]00 tiền thưởng này/);
  });

  it('says what the return gift pack requires before its claim button, in en-US and vi-VN', async () => {
    server.use(answer(returnGiftFetch, GIFT));
    await initI18n('en-US');
    render(<ReturnGift onRewards={() => {}} />);
    expect((await screen.findByTestId('return-gift-wagering')).textContent).toBe(
      'Bet ₱ 100.00 before this ₱ 20.00 bonus can be withdrawn; your own money stays withdrawable.',
    );
    const note = screen.getByTestId('return-gift-wagering');
    const claim = screen.getByTestId('return-gift-claim');
    expect(note.compareDocumentPosition(claim) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();
    await initI18n('vi-VN');
    render(<ReturnGift onRewards={() => {}} />);
    expect((await screen.findByTestId('return-gift-wagering')).textContent).toMatch(
      /^Cần cược ₱ 100[.,]00 trước khi rút được ₱ 20[.,]00/,
    );
  });

  it('shows no note when the return gift is not there to claim', async () => {
    await initI18n('en-US');
    server.use(answer(returnGiftFetch, { ...GIFT, status: 'none', returnedAt: null, expiresAt: null }));
    render(<ReturnGift onRewards={() => {}} />);
    await screen.findByTestId('return-gift-claim');
    expect(screen.queryByTestId('return-gift-wagering')).toBeNull();
  });

  it('still says it on the daily-deposit tiers (the same note)', async () => {
    await initI18n('en-US');
    server.use(
      answer(dailyDepositFetch, {
        day: '2026-11-24',
        deposited: 100,
        turnoverMultiple: 10,
        tiers: [{ tier: 1, deposit: 100, rewards: [{ type: 'cash', amount: 8 }], status: 'available' }],
      }),
    );
    render(
      <MemoryRouter>
        <DailyDeposit onRewards={() => {}} />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('tier-1-wagering')).textContent).toBe(
      'Bet ₱ 80.00 before this ₱ 8.00 bonus can be withdrawn; your own money stays withdrawable.',
    );
  });
});
