import { WITHDRAW_STATUS } from '../../../../shared/contract/withdraw';

export type WithdrawStatus = (typeof WITHDRAW_STATUS)[keyof typeof WITHDRAW_STATUS];

const { PENDING, REVIEWED, SUCCESS, FAILED, REJECTED, EXCEPTION, PROCESSING } = WITHDRAW_STATUS;

/**
 * The withdrawal status machine, the only place that says which change is allowed (docs/money.md has
 * the same table). Success, Failed and Rejected are final: they never change again.
 *
 *   0 Pending    -> 1 Reviewed (operator or autoApprove) | 4 Rejected (operator)
 *   1 Reviewed   -> 6 Processing (sent to the payout gateway) | 4 Rejected (operator)
 *   6 Processing -> 2 Success | 3 Failed | 5 Exception (gateway result, or the operator)
 *   5 Exception  -> 2 Success | 3 Failed (the operator resolves it)
 */
export const WITHDRAW_TRANSITIONS: Readonly<Record<WithdrawStatus, readonly WithdrawStatus[]>> = {
  [PENDING]: [REVIEWED, REJECTED],
  [REVIEWED]: [PROCESSING, REJECTED],
  [PROCESSING]: [SUCCESS, FAILED, EXCEPTION],
  [EXCEPTION]: [SUCCESS, FAILED],
  [SUCCESS]: [],
  [FAILED]: [],
  [REJECTED]: [],
};

/**
 * What each arrival does to the ledger (amount A of the order). Creation froze A (journal `withdraw`:
 * balance -A, frozen +A); Rejected and Failed give it back, Success pays it out of the frozen bucket.
 */
export const LEDGER_ON_ARRIVAL: Partial<Record<WithdrawStatus, 'withdraw_return' | 'withdraw_paid'>> = {
  [REJECTED]: 'withdraw_return',
  [FAILED]: 'withdraw_return',
  [SUCCESS]: 'withdraw_paid',
};

export const FINAL_STATUSES: readonly WithdrawStatus[] = [SUCCESS, FAILED, REJECTED];

/** Statuses whose amount is still frozen on the account. */
export const OPEN_STATUSES: readonly WithdrawStatus[] = [PENDING, REVIEWED, PROCESSING, EXCEPTION];

export const canTransition = (from: number, to: number): boolean =>
  (WITHDRAW_TRANSITIONS[from as WithdrawStatus] ?? []).includes(to as WithdrawStatus);
