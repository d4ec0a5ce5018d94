import { InputFilter } from '../../../../shared/field-rules';

/** What a channel and the first-deposit rule allow (pesos). */
export interface DepositBounds {
  min: number;
  max: number;
  /** The first-deposit minimum (500) is what raised `min`. */
  firstDepositApplies: boolean;
}

/** The smallest and largest deposit: the channel's limits, the minimum raised to 500 for a first deposit. */
export function depositBounds(
  channel: { min: number; max: number },
  amounts: { firstDeposit: boolean; firstDepositMin: number } | null,
): DepositBounds {
  const firstMin = amounts?.firstDeposit ? amounts.firstDepositMin : 0;
  return {
    min: Math.max(channel.min, firstMin),
    max: channel.max,
    firstDepositApplies: firstMin > channel.min,
  };
}

/** The amount field keeps digits and at most two decimals (spec section 5); no leading zeros. */
export const filterAmount = (text: string): string =>
  InputFilter.amount(text)
    .replace(/^0+(?=\d)/, '')
    .slice(0, 12);

/** The typed amount as pesos, or null while it is not a number yet. */
export function parseAmount(text: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

export type AmountProblem = 'empty' | 'belowFirst' | 'below' | 'above' | null;

/** Why an amount cannot be deposited, or null when it can. */
export function depositAmountProblem(amount: number | null, bounds: DepositBounds): AmountProblem {
  if (amount === null || amount <= 0) return 'empty';
  if (amount < bounds.min) return bounds.firstDepositApplies ? 'belowFirst' : 'below';
  if (amount > bounds.max) return 'above';
  return null;
}

/** A coupon applies when the deposit reaches its minimum. */
export const couponApplies = (coupon: { minDeposit: number }, amount: number | null): boolean =>
  amount !== null && amount >= coupon.minDeposit;
