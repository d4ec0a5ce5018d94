import { firstDepositPending } from './first-deposit-pending';
import { fresh } from './fresh';
import type { Scenario } from './kit';
import { kycExpired } from './kyc-expired';
import { newPlayer } from './new-player';
import { pendingWithdrawal } from './pending-withdrawal';
import { referralNetwork } from './referral-network';
import { suspended } from './suspended';
import { vip3Rich } from './vip3-rich';

/**
 * Every scenario POST /ops/scenarios/:name can load. poker-53-of-54 and inbox-full arrive with the
 * poker and inbox domains (their services do not exist yet).
 */
export const scenarios: readonly Scenario[] = [
  fresh,
  newPlayer,
  firstDepositPending,
  vip3Rich,
  pendingWithdrawal,
  kycExpired,
  referralNetwork,
  suspended,
];

export type { Scenario } from './kit';
