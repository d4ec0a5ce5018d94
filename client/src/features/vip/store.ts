import { create } from 'zustand';
import type { Reward } from '../../../../shared/contract/reward';
import type { VipCard } from '../../../../shared/contract/vip';
import { claimVipDaily } from './api/claim-vip-daily';
import { claimVipDepositRebate } from './api/claim-vip-deposit-rebate';
import { claimVipMonthly } from './api/claim-vip-monthly';
import { claimVipTurnoverRebate } from './api/claim-vip-turnover-rebate';
import { getVipCard } from './api/get-vip-card';

export type VipClaim = 'daily' | 'monthly' | 'deposit' | 'turnover';

const CLAIMS: Record<VipClaim, () => Promise<{ rewards: Reward[] }>> = {
  daily: claimVipDaily,
  monthly: claimVipMonthly,
  deposit: claimVipDepositRebate,
  turnover: claimVipTurnoverRebate,
};

interface VipState {
  card: VipCard | null;
  /** The first load failed (with nothing to show): the page offers a retry. */
  error: Error | null;
  /** Loads the card; keeps what is shown while it reloads. */
  load(): Promise<void>;
  /** Claims one reward; the card is fetched again whatever the answer (it may have changed meanwhile). */
  claim(kind: VipClaim): Promise<Reward[]>;
  /** Forgets the card (leaving the page), so another player never sees it. */
  reset(): void;
}

export const useVipStore = create<VipState>((set, get) => ({
  card: null,
  error: null,
  async load() {
    try {
      set({ card: await getVipCard(), error: null });
    } catch (error) {
      if (!get().card) set({ error: error instanceof Error ? error : new Error(String(error)) });
    }
  },
  async claim(kind) {
    try {
      return (await CLAIMS[kind]()).rewards;
    } finally {
      void get().load();
    }
  },
  reset: () => set({ card: null, error: null }),
}));
