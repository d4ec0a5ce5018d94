import { create } from 'zustand';
import type { Badge, Balance } from '../../../../shared/contract/account';
import { StorageItem, storage } from '../../lib/storage';

export const emptyBadge = (): Badge => ({
  loginBonusRewardNum: 0,
  inviteFriendToEarnNum: 0,
  letterUnreadNum: 0,
  taskRewardNum: 0,
  inviteFriendEnergy: 0,
  dailyDepositSign: 0,
  vipTabRewardsNum: 0,
});

/** Balances (header and side menu) and the badge counters of spec section 3. */
interface AccountState {
  balance: Balance | null;
  /** The last balance fetch failed (the header shows a dash instead of waiting forever). */
  balanceFailed: boolean;
  badge: Badge;
  hideBalance: boolean;
  setBalance(balance: Balance): void;
  setBalanceFailed(): void;
  setBadge(badge: Badge): void;
  setCounter(key: keyof Badge, value: number): void;
  /** Unread counters go down by one, never below 0 (spec section 4). */
  decrement(key: keyof Badge): void;
  resetBadge(): void;
  toggleHideBalance(): void;
  clear(): void;
}

export const useAccountStore = create<AccountState>((set) => ({
  balance: null,
  balanceFailed: false,
  badge: emptyBadge(),
  hideBalance: storage.get<boolean>(StorageItem.hideBalance) === true,
  setBalance: (balance) => set({ balance, balanceFailed: false }),
  setBalanceFailed: () => set({ balanceFailed: true }),
  setBadge: (badge) => set({ badge: { ...emptyBadge(), ...badge } }),
  setCounter: (key, value) => set((s) => ({ badge: { ...s.badge, [key]: Math.max(0, value) } })),
  decrement: (key) => set((s) => ({ badge: { ...s.badge, [key]: Math.max(0, s.badge[key] - 1) } })),
  resetBadge: () => set({ badge: emptyBadge() }),
  toggleHideBalance: () =>
    set((s) => {
      storage.set(StorageItem.hideBalance, !s.hideBalance, null);
      return { hideBalance: !s.hideBalance };
    }),
  clear: () => set({ balance: null, balanceFailed: false, badge: emptyBadge() }),
}));
