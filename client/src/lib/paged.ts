import { useCallback, useEffect, useRef, useState } from 'react';

export interface PageOf<T> {
  list: T[];
  total: number;
}

export type PagedState<T> =
  | { status: 'loading'; items: T[]; total: number; error: null }
  | { status: 'success'; items: T[]; total: number; error: null }
  | { status: 'error'; items: T[]; total: number; error: Error };

/**
 * A paged server list: the first page on mount and whenever `deps` change (filters), then "load more"
 * appends the next page. Answers of an old filter are dropped; a second loadMore while one runs is ignored.
 */
export function usePagedList<T>(
  load: (page: number) => Promise<PageOf<T>>,
  deps: readonly unknown[],
): PagedState<T> & { hasMore: boolean; loadingMore: boolean; loadMore(): Promise<void>; reload(): void } {
  const [state, setState] = useState<PagedState<T>>({ status: 'loading', items: [], total: 0, error: null });
  const [round, setRound] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const page = useRef(1);
  const generation = useRef(0);
  const busy = useRef(false);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: deps are the caller's filters, round re-runs it
  useEffect(() => {
    const mine = ++generation.current;
    page.current = 1;
    busy.current = false;
    setLoadingMore(false);
    setState({ status: 'loading', items: [], total: 0, error: null });
    loadRef.current(1).then(
      (data) =>
        mine === generation.current &&
        setState({ status: 'success', items: data.list, total: data.total, error: null }),
      (error: unknown) =>
        mine === generation.current &&
        setState({
          status: 'error',
          items: [],
          total: 0,
          error: error instanceof Error ? error : new Error(String(error)),
        }),
    );
  }, [round, ...deps]);

  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setLoadingMore(true);
    const mine = generation.current;
    try {
      const data = await loadRef.current(page.current + 1);
      if (mine !== generation.current) return;
      page.current += 1;
      setState((s) => ({ status: 'success', items: [...s.items, ...data.list], total: data.total, error: null }));
    } catch {
      // the http layer showed the failure; the button stays for another try
    } finally {
      if (mine === generation.current) {
        busy.current = false;
        setLoadingMore(false);
      }
    }
  }, []);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, hasMore: state.items.length < state.total, loadingMore, loadMore, reload };
}
