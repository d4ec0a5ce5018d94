import { create } from 'zustand';

/** Requests in flight that show the loading indicator (quiet calls are not counted; spec section 4). */
interface LoadingState {
  count: number;
  start(): void;
  stop(): void;
}

export const useLoadingStore = create<LoadingState>((set) => ({
  count: 0,
  start: () => set((s) => ({ count: s.count + 1 })),
  stop: () => set((s) => ({ count: Math.max(0, s.count - 1) })),
}));
