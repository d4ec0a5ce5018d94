/** localStorage under the provider's prefix, as JSON; storage may be blocked inside a frame: never throws. */
export const store = {
  get<T>(key: string, fallback: T): T {
    try {
      const raw = localStorage.getItem(`demo-provider:${key}`);
      return raw === null ? fallback : (JSON.parse(raw) as T);
    } catch {
      return fallback;
    }
  },
  set(key: string, value: unknown) {
    try {
      localStorage.setItem(`demo-provider:${key}`, JSON.stringify(value));
    } catch {
      /* private mode or blocked storage: keep going without it */
    }
  },
};
