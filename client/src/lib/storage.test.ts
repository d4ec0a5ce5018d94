import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_EXPIRE_SECONDS, StorageItem, storage, storageKey } from './storage';

describe('storage', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('namespaces and upper-cases the key', () => {
    expect(storageKey('userInfo')).toBe('CASINO_PH_USERINFO');
    storage.set('theme', 'dark', null);
    expect(localStorage.getItem('CASINO_PH_THEME')).toBe(JSON.stringify({ value: 'dark', expire: null }));
  });

  it('keeps a value for 86,400 s by default, then drops it', () => {
    expect(DEFAULT_EXPIRE_SECONDS).toBe(86_400);
    storage.set(StorageItem.userInfo, { uid: 7 });
    vi.advanceTimersByTime(86_400_000 - 1);
    expect(storage.get(StorageItem.userInfo)).toEqual({ uid: 7 });
    vi.advanceTimersByTime(1);
    expect(storage.get(StorageItem.userInfo)).toBeNull();
    expect(localStorage.getItem(storageKey(StorageItem.userInfo))).toBeNull();
  });

  it('honours a custom expiry and "none"', () => {
    storage.set('short', 1, 10);
    storage.set('forever', 2, null);
    vi.advanceTimersByTime(10_000);
    expect(storage.get('short')).toBeNull();
    vi.advanceTimersByTime(365 * 86_400_000);
    expect(storage.get('forever')).toBe(2);
  });

  it('stores falsy values faithfully', () => {
    storage.set(StorageItem.isSound, false, null);
    storage.set('zero', 0, null);
    expect(storage.get(StorageItem.isSound)).toBe(false);
    expect(storage.get('zero')).toBe(0);
  });

  it('answers null for missing or unreadable items', () => {
    expect(storage.get('nothing')).toBeNull();
    localStorage.setItem(storageKey('broken'), '{not json');
    expect(storage.get('broken')).toBeNull();
    localStorage.setItem(storageKey('bare'), '"just a string"');
    expect(storage.get('bare')).toBeNull();
  });

  it('removes one item, and clears only its own namespace', () => {
    storage.set('a', 1);
    storage.set('b', 2);
    localStorage.setItem('OTHER_APP', 'keep');
    storage.remove('a');
    expect(storage.get('a')).toBeNull();
    storage.clear();
    expect(storage.get('b')).toBeNull();
    expect(localStorage.getItem('OTHER_APP')).toBe('keep');
  });
});
