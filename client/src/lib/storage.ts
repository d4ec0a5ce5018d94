/**
 * Local storage with a fixed, upper-cased namespace and an expiry per item (spec sections 3 and 9).
 * Each item is stored as JSON `{ value, expire }`, `expire` an epoch-ms instant or null for "never".
 */
export const STORAGE_PREFIX = 'casino_ph';
/** Default expiry of an item, in seconds (spec section 9). */
export const DEFAULT_EXPIRE_SECONDS = 86_400;

export const storageKey = (key: string): string => `${STORAGE_PREFIX}_${key}`.toUpperCase();

interface Stored<T> {
  value: T;
  expire: number | null;
}

function backend(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // privacy modes can throw on access
  }
}

export const storage = {
  /** Stores `value` for `expireSeconds` (default 86,400 s); pass null to keep it until removed. */
  set<T>(key: string, value: T, expireSeconds: number | null = DEFAULT_EXPIRE_SECONDS): void {
    const item: Stored<T> = { value, expire: expireSeconds === null ? null : Date.now() + expireSeconds * 1000 };
    try {
      backend()?.setItem(storageKey(key), JSON.stringify(item));
    } catch {
      // quota or privacy mode: the app keeps working from memory
    }
  },

  /** The stored value, or null when absent, unreadable or expired (an expired item is removed). */
  get<T>(key: string): T | null {
    const store = backend();
    const raw = store?.getItem(storageKey(key));
    if (raw == null) return null;
    try {
      const item = JSON.parse(raw) as Partial<Stored<T>>;
      if (typeof item !== 'object' || item === null || !('value' in item)) return null;
      if (typeof item.expire === 'number' && item.expire <= Date.now()) {
        store?.removeItem(storageKey(key));
        return null;
      }
      return item.value as T;
    } catch {
      return null;
    }
  },

  remove(key: string): void {
    backend()?.removeItem(storageKey(key));
  },

  /** Removes every item of this app's namespace (and nothing else). */
  clear(): void {
    const store = backend();
    if (!store) return;
    const prefix = `${STORAGE_PREFIX}_`.toUpperCase();
    for (const key of Object.keys(store)) if (key.startsWith(prefix)) store.removeItem(key);
  },
};

/** The item names of spec section 3 (plus the client's own bookkeeping). */
export const StorageItem = {
  userInfo: 'userInfo',
  lastNoticeDate: 'lastNoticeDate',
  theme: 'theme',
  isSound: 'isSound',
  isMusic: 'isMusic',
  language: 'i18n',
  deviceId: 'deviceId',
  ageVerified: 'ageVerified',
  searchHistory: 'searchHistory',
  hideBalance: 'hideBalance',
} as const;
