import { useCallback, useEffect, useRef, useState } from 'react';
import type { RemoteState } from './hooks';

/**
 * Like useRemote, plus `refresh()`: loads again in the background, keeping what is shown until the new
 * answer arrives (after a claim). A change of `deps` after the first answer (say a socket counter that
 * moved) refreshes the same way. `reload()` starts over with the loading skeleton (the error state's retry).
 */
export function useRefreshable<T>(load: () => Promise<T>, deps: readonly unknown[] = []) {
  const [state, setState] = useState<RemoteState<T>>({ status: 'loading', data: null, error: null });
  const loadRef = useRef(load);
  loadRef.current = load;
  const generation = useRef(0);
  const shown = useRef(false);

  const run = useCallback((quietly: boolean) => {
    const mine = ++generation.current;
    if (!quietly) setState({ status: 'loading', data: null, error: null });
    loadRef.current().then(
      (data) => {
        if (mine !== generation.current) return;
        shown.current = true;
        setState({ status: 'success', data, error: null });
      },
      (error: unknown) => {
        if (mine !== generation.current) return;
        // A failed background refresh keeps the data on screen; only a first load shows the error state.
        setState((current) =>
          quietly && current.status === 'success'
            ? current
            : { status: 'error', data: null, error: error instanceof Error ? error : new Error(String(error)) },
        );
      },
    );
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: deps are the caller's, run is stable
  useEffect(() => {
    run(shown.current);
    return () => {
      generation.current++;
    };
  }, [...deps]);

  const reload = useCallback(() => run(false), [run]);
  const refresh = useCallback(() => run(true), [run]);
  return { ...state, reload, refresh };
}
