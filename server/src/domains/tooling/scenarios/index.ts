import { firstDepositPending } from './first-deposit-pending';
import { fresh } from './fresh';
import { inboxFull } from './inbox-full';
import type { Scenario } from './kit';
import { kycExpired } from './kyc-expired';
import { newPlayer } from './new-player';
import { pendingWithdrawal } from './pending-withdrawal';
import { poker53of54 } from './poker-53-of-54';
import { referralNetwork } from './referral-network';
import { suspended } from './suspended';
import { vip3Rich } from './vip3-rich';

/** Every scenario POST /ops/scenarios/:name can load, in the order the list shows them. */
export const scenarios: readonly Scenario[] = [
  fresh,
  newPlayer,
  firstDepositPending,
  vip3Rich,
  pendingWithdrawal,
  kycExpired,
  referralNetwork,
  suspended,
  poker53of54,
  inboxFull,
];

export type { Scenario } from './kit';
