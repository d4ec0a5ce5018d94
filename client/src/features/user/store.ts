import { create } from 'zustand';
import type { UserInfo } from '../../../../shared/contract/user';
import { StorageItem, storage } from '../../lib/storage';

/** The stored user info: its presence decides the logged-in state (spec section 4). */
interface UserState {
  userInfo: UserInfo | null;
  setUser(user: UserInfo): void;
  clear(): void;
}

const stored = (): UserInfo | null => {
  const value = storage.get<UserInfo>(StorageItem.userInfo);
  return value && typeof value.uid === 'number' ? value : null;
};

export const useUserStore = create<UserState>((set) => ({
  userInfo: stored(),
  setUser(user) {
    storage.set(StorageItem.userInfo, user);
    set({ userInfo: user });
  },
  clear() {
    storage.remove(StorageItem.userInfo);
    set({ userInfo: null });
  },
}));

export const isLoggedIn = (): boolean => useUserStore.getState().userInfo?.uid != null;
export const useIsLoggedIn = (): boolean => useUserStore((s) => s.userInfo?.uid != null);
