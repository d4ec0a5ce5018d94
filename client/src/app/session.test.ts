import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout as logoutEndpoint, type UserInfo } from '../../../shared/contract/user';
import { useAccountStore } from '../features/account/store';
import { useUserStore } from '../features/user/store';
import { StorageItem, storage } from '../lib/storage';
import { answer, broken, sent, startContractServer } from '../test/contract-server';
import { setNavigator } from './navigation';
import { LOGOUT_DELAY_MS, logout } from './session';

const server = startContractServer();

describe('logout (spec section 4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls the server, then after 100 ms clears the user and badges and goes to login', async () => {
    server.use(answer(logoutEndpoint, null));
    const navigate = vi.fn();
    setNavigator(navigate);
    useUserStore.getState().setUser({ uid: 9, username: 'player09' } as UserInfo);
    useAccountStore.getState().setCounter('letterUnreadNum', 4);
    const done = logout();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent(logoutEndpoint)).toEqual([{}]);
    expect(useUserStore.getState().userInfo).not.toBeNull();
    await vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS);
    await done;
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(useUserStore.getState().userInfo).toBeNull();
    expect(storage.get(StorageItem.userInfo)).toBeNull();
    expect(useAccountStore.getState().badge.letterUnreadNum).toBe(0);
  });

  it('logs out locally even when the server call fails', async () => {
    server.use(broken(logoutEndpoint, 'network'));
    setNavigator(vi.fn());
    useUserStore.getState().setUser({ uid: 9, username: 'player09' } as UserInfo);
    const done = logout();
    await vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS);
    await done;
    expect(useUserStore.getState().userInfo).toBeNull();
  });
});
