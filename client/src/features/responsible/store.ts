import { create } from 'zustand';
import type {
  BreakKind,
  BreakLength,
  DepositLimitPeriod,
  PlayLimitKind,
  ResponsibleState,
} from '../../../../shared/contract/responsible';
import { getResponsible } from './api/get-responsible';
import { setDepositLimit } from './api/set-deposit-limit';
import { setPlayLimit } from './api/set-play-limit';
import { setRealityCheck } from './api/set-reality-check';
import { takeBreak } from './api/take-break';

interface ResponsibleStore {
  state: ResponsibleState | null;
  /** The first load failed (with nothing to show): the page offers a retry. */
  error: Error | null;
  /** Loads the limits and the break; keeps what is shown while it reloads. */
  load(): Promise<void>;
  /** Saves one limit (null removes it) and shows the answer; a refusal reloads what is shown. */
  setLimit(period: DepositLimitPeriod, amount: number | null): Promise<ResponsibleState>;
  /** Saves one loss or wager limit (null removes it), like setLimit. */
  setPlayLimit(kind: PlayLimitKind, period: DepositLimitPeriod, amount: number | null): Promise<ResponsibleState>;
  /** Chooses the reality-check interval in minutes (0 off). */
  setRealityCheck(minutes: number): Promise<ResponsibleState>;
  /** Starts a break and shows the answer; a refusal (BREAK_RUNNING: one already runs) reloads what is shown. */
  takeBreak(kind: BreakKind, length: BreakLength): Promise<ResponsibleState>;
  /** Forgets the state (leaving the page), so another player never sees it. */
  reset(): void;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

export const useResponsibleStore = create<ResponsibleStore>((set, get) => {
  /** Runs a change; its answer is the whole state. On a refusal the state may have moved: read it again. */
  const change = async (send: () => Promise<ResponsibleState>) => {
    try {
      const state = await send();
      set({ state, error: null });
      return state;
    } catch (error) {
      void get().load();
      throw error;
    }
  };
  return {
    state: null,
    error: null,
    async load() {
      if (get().error) set({ error: null }); // a retry shows the skeleton again while it runs
      try {
        set({ state: await getResponsible(), error: null });
      } catch (error) {
        if (!get().state) set({ error: asError(error) });
      }
    },
    setLimit: (period, amount) => change(() => setDepositLimit({ period, amount })),
    setPlayLimit: (kind, period, amount) => change(() => setPlayLimit({ kind, period, amount })),
    setRealityCheck: (minutes) => change(() => setRealityCheck({ minutes })),
    takeBreak: (kind, length) => change(() => takeBreak({ kind, length })),
    reset: () => set({ state: null, error: null }),
  };
});
