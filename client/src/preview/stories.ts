/**
 * The preview's stories: a screen of the app, at its route, in one state. Each story's handlers answer
 * first; every other call gets the success recorded by `npm run openapi` (recordedHandlers), so a screen
 * shows plausible data unless the story says otherwise. Handlers come from the contract helpers the client
 * tests use (answer, refuse, pending, broken), so a story's data is typed and checked by the schemas too.
 */
import type { RequestHandler } from 'msw';
import { Code } from '../../../shared/codes';
import type { DataOf } from '../../../shared/contract/define';
import { gameList, hotGames, liveGames } from '../../../shared/contract/game';
import { balanceJournal } from '../../../shared/contract/record';
import type { UserInfo } from '../../../shared/contract/user';
import { withdrawLimits } from '../../../shared/contract/withdraw';
import { answer, pending, refuse } from '../test/contract-handlers';

export interface Story {
  id: string;
  /** The sidebar's name, in the preview's two languages. */
  title: { 'en-US': string; 'vi-VN': string };
  /** The route the app opens on (the app's own router, guard and layout). */
  path: string;
  /** Signed out: no stored user, so the guard treats the player as a visitor. */
  visitor?: boolean;
  /** Changes to the recorded player (stored at start and answered by user/info). */
  user?: Partial<UserInfo>;
  handlers(): RequestHandler[];
}

const emptyPage = { list: [], page: 1, size: 20, total: 0 };

/** 500 journal rows (bets, wins, deposits in turn), one hour apart, newest first; the balance adds up. */
function journalOf500(): DataOf<typeof balanceJournal> {
  const start = Date.parse('2026-11-27T12:00:00.000Z');
  const kinds = [
    { type: 'bet', typeName: 'Bet', amount: -25, detail: 'Fiesta Reels #1A2B3C4D' },
    { type: 'win', typeName: 'Win', amount: 40, detail: 'Fiesta Reels #1A2B3C4D' },
    { type: 'deposit', typeName: 'Deposit', amount: 500, detail: 'GCash' },
  ] as const;
  let balance = 100_000;
  const list = Array.from({ length: 500 }, (_, i) => {
    const kind = kinds[i % kinds.length] ?? kinds[0];
    const row = {
      id: 500 - i,
      ...kind,
      balanceAfter: balance,
      points: 0,
      pointsAfter: 120,
      reference: `R${String(500 - i).padStart(6, '0')}`,
      remark: '',
      createdAt: new Date(start - i * 3_600_000).toISOString(),
    };
    balance -= kind.amount;
    return row;
  });
  return { list, page: 1, size: 500, total: 500 };
}

export const STORIES: readonly Story[] = [
  {
    id: 'lobby',
    title: { 'en-US': 'Lobby', 'vi-VN': 'Sảnh' },
    path: '/game',
    handlers: () => [],
  },
  {
    id: 'lobby-loading',
    title: { 'en-US': 'Lobby, loading', 'vi-VN': 'Sảnh, đang tải' },
    path: '/game',
    handlers: () => [pending(gameList.user), pending(hotGames.user), pending(liveGames.user)],
  },
  {
    id: 'games-empty',
    title: { 'en-US': 'Game list, empty', 'vi-VN': 'Danh sách trò chơi trống' },
    path: '/game',
    handlers: () => [
      answer(gameList.user, emptyPage),
      answer(hotGames.user, emptyPage),
      answer(liveGames.user, emptyPage),
    ],
  },
  {
    id: 'wallet',
    title: { 'en-US': 'E-wallet binding', 'vi-VN': 'Liên kết ví điện tử' },
    path: '/profile?action=bindWallet',
    handlers: () => [],
  },
  {
    id: 'deposit',
    title: { 'en-US': 'Deposit', 'vi-VN': 'Nạp tiền' },
    path: '/finance/recharge',
    handlers: () => [],
  },
  {
    id: 'withdraw-error',
    title: { 'en-US': 'Withdraw, limits unavailable', 'vi-VN': 'Rút tiền, lỗi hạn mức' },
    path: '/finance/withdraw',
    // a transaction password is set, else the guard sends the player to set one first
    user: { isNullPasswordTrade: false },
    handlers: () => [refuse(withdrawLimits, Code.SERVICE_UNAVAILABLE)],
  },
  {
    id: 'records-500',
    title: { 'en-US': 'Records, 500 rows', 'vi-VN': 'Lịch sử, 500 dòng' },
    path: '/records',
    handlers: () => [answer(balanceJournal, journalOf500())],
  },
  {
    id: 'vip',
    title: { 'en-US': 'VIP', 'vi-VN': 'VIP' },
    path: '/vip',
    handlers: () => [],
  },
  {
    id: 'inbox',
    title: { 'en-US': 'Inbox', 'vi-VN': 'Hộp thư' },
    path: '/inbox',
    handlers: () => [],
  },
  {
    id: 'responsible',
    title: { 'en-US': 'Responsible gaming', 'vi-VN': 'Chơi có trách nhiệm' },
    path: '/responsible',
    handlers: () => [],
  },
  {
    id: 'profile',
    title: { 'en-US': 'Profile', 'vi-VN': 'Hồ sơ' },
    path: '/profile',
    handlers: () => [],
  },
  {
    id: 'visitor-lobby',
    title: { 'en-US': 'Lobby, signed out', 'vi-VN': 'Sảnh, chưa đăng nhập' },
    path: '/game',
    visitor: true,
    handlers: () => [],
  },
];

export const storyById = (id: string | null): Story | undefined => STORIES.find((story) => story.id === id);
