import { useCallback, useEffect, useRef, useState } from 'react';

/** A cool-down countdown (SMS "send code" buttons): start(seconds), remaining seconds, 0 when idle. */
export function useCountdown(): { remaining: number; start(seconds: number): void } {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, []);
  return { remaining: Math.max(0, Math.ceil((endsAt - now) / 1000)), start };
}

export type RemoteState<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: null; error: Error };

/** Loads page data once (and again on reload()), ignoring answers that arrive after unmount. */
export function useRemote<T>(
  load: () => Promise<T>,
  deps: readonly unknown[] = [],
): RemoteState<T> & { reload(): void } {
  const [state, setState] = useState<RemoteState<T>>({ status: 'loading', data: null, error: null });
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: deps are the caller's, round re-runs it
  useEffect(() => {
    let alive = true;
    setState({ status: 'loading', data: null, error: null });
    loadRef.current().then(
      (data) => alive && setState({ status: 'success', data, error: null }),
      (error: unknown) =>
        alive &&
        setState({ status: 'error', data: null, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      alive = false;
    };
  }, [round, ...deps]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}

/** True on narrow screens where the reduced-motion media query asks for less animation. */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
