import { create } from 'zustand';

/** A deposit the server reported settled on the socket (`deposit.settled`: 1 Success, 2 Failed, 3 Timeout). */
export interface SettledDeposit {
  orderNo: string;
  status: number;
}

/** The deposit being paid in the checkout frame and what the socket said about deposits. */
interface DepositState {
  /** The order whose checkout is open (or was last opened), '' when none. */
  checkoutOrder: string;
  /** Settled orders by number, as the socket reported them. */
  settled: Record<string, number>;
  /** Goes up whenever the socket says a deposit or withdrawal changed: record lists reload on it. */
  recordsVersion: number;
  /** Goes up whenever the socket says the operator decided the identity verification. */
  kycVersion: number;
  startCheckout(orderNo: string): void;
  endCheckout(): void;
  markSettled(deposit: SettledDeposit): void;
  recordsChanged(): void;
  kycChanged(): void;
  clear(): void;
}

export const useDepositStore = create<DepositState>((set) => ({
  checkoutOrder: '',
  settled: {},
  recordsVersion: 0,
  kycVersion: 0,
  startCheckout: (checkoutOrder) => set({ checkoutOrder }),
  endCheckout: () => set({ checkoutOrder: '' }),
  markSettled: ({ orderNo, status }) =>
    set((s) => ({ settled: { ...s.settled, [orderNo]: status }, recordsVersion: s.recordsVersion + 1 })),
  recordsChanged: () => set((s) => ({ recordsVersion: s.recordsVersion + 1 })),
  kycChanged: () => set((s) => ({ kycVersion: s.kycVersion + 1 })),
  clear: () => set({ checkoutOrder: '', settled: {} }),
}));

/** Reads a `deposit.settled` or `withdraw.changed` frame's content; null when it is not one. */
export function parseSettled(content: unknown): SettledDeposit | null {
  if (typeof content !== 'object' || content === null) return null;
  const { orderNo, status } = content as Record<string, unknown>;
  if (typeof orderNo !== 'string' || typeof status !== 'number') return null;
  return { orderNo, status };
}

/** Reads a `balance.changed` frame's content (the new spendable balance in pesos); null when it is not one. */
export function parseBalanceChanged(content: unknown): number | null {
  if (typeof content !== 'object' || content === null) return null;
  const { balance } = content as Record<string, unknown>;
  return typeof balance === 'number' && Number.isFinite(balance) ? balance : null;
}
