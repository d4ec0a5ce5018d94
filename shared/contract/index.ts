import { accountEndpoints } from './account';
import { chatEndpoints } from './chat';
import { configEndpoints } from './config';
import type { Endpoint } from './define';
import { friendEndpoints } from './friend';
import { gameEndpoints } from './game';
import { healthEndpoints } from './health';
import { kycEndpoints } from './kyc';
import { mallEndpoints } from './mall';
import { paymentEndpoints } from './payment';
import { provablyFairEndpoints } from './provably-fair';
import { providerWalletEndpoints } from './provider-wallet';
import { rechargeEndpoints } from './recharge';
import { recordEndpoints } from './record';
import { responsibleEndpoints } from './responsible';
import { taskEndpoints } from './task';
import { userEndpoints } from './user';
import { vipEndpoints } from './vip';
import { withdrawEndpoints } from './withdraw';

/** Every /api endpoint of the contract: the server registers routes and OpenAPI from this list. */
export const allEndpoints = [
  ...userEndpoints,
  ...accountEndpoints,
  ...configEndpoints,
  ...vipEndpoints,
  ...friendEndpoints,
  ...rechargeEndpoints,
  ...responsibleEndpoints,
  ...withdrawEndpoints,
  ...kycEndpoints,
  ...gameEndpoints,
  ...recordEndpoints,
  ...taskEndpoints,
  ...mallEndpoints,
  ...paymentEndpoints,
  ...providerWalletEndpoints,
  ...chatEndpoints,
  ...provablyFairEndpoints,
  ...healthEndpoints,
] as const satisfies readonly Endpoint[];

export * as account from './account';
export * as chat from './chat';
export * from './common';
export * as config from './config';
export * from './define';
export * as fields from './fields';
export * as friend from './friend';
export * as game from './game';
export * as health from './health';
export * as kyc from './kyc';
export * as mall from './mall';
export * from './payment';
export * from './provably-fair';
export * from './provider-wallet';
export * as recharge from './recharge';
export { depositRequest } from './recharge';
export * as record from './record';
export * as responsible from './responsible';
export * as reward from './reward';
export * as task from './task';
export * as user from './user';
export * as vip from './vip';
export * as withdraw from './withdraw';
