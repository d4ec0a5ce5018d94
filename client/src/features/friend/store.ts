import { create } from 'zustand';
import type { friendCardSchema, inviteRankingsSchema } from '../../../../shared/contract/friend';
import type { Reward } from '../../../../shared/contract/reward';
import { claimFriendDepositRebate } from './api/claim-friend-deposit-rebate';
import { claimFriendTurnoverRebate } from './api/claim-friend-turnover-rebate';
import { claimInviteRanking } from './api/claim-invite-ranking';
import { getFriendCard } from './api/get-friend-card';
import { getInviteRankings } from './api/get-invite-rankings';

export type FriendCard = import('zod').infer<typeof friendCardSchema>;
export type InviteRankings = import('zod').infer<typeof inviteRankingsSchema>;
export type FriendClaim = 'deposit' | 'turnover';

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

interface FriendState {
  card: FriendCard | null;
  cardError: Error | null;
  rankings: InviteRankings | null;
  rankingsError: Error | null;
  /** Bumped after every claim, so the records list reloads. */
  claims: number;
  loadCard(): Promise<void>;
  loadRankings(): Promise<void>;
  claim(kind: FriendClaim): Promise<Reward[]>;
  claimRanking(periodId: string): Promise<Reward[]>;
  /** Forgets everything (leaving the pages), so another player never sees it. */
  reset(): void;
}

/** The friends card and the invite ranking; a reload keeps what is shown until the answer arrives. */
export const useFriendStore = create<FriendState>((set, get) => ({
  card: null,
  cardError: null,
  rankings: null,
  rankingsError: null,
  claims: 0,
  async loadCard() {
    try {
      set({ card: await getFriendCard(), cardError: null });
    } catch (error) {
      if (!get().card) set({ cardError: asError(error) });
    }
  },
  async loadRankings() {
    try {
      set({ rankings: await getInviteRankings(), rankingsError: null });
    } catch (error) {
      if (!get().rankings) set({ rankingsError: asError(error) });
    }
  },
  async claim(kind) {
    try {
      return (await (kind === 'deposit' ? claimFriendDepositRebate() : claimFriendTurnoverRebate())).rewards;
    } finally {
      set((s) => ({ claims: s.claims + 1 }));
      void get().loadCard();
    }
  },
  async claimRanking(periodId) {
    try {
      return (await claimInviteRanking(periodId)).rewards;
    } finally {
      set((s) => ({ claims: s.claims + 1 }));
      void get().loadRankings();
    }
  },
  reset: () => set({ card: null, cardError: null, rankings: null, rankingsError: null }),
}));
