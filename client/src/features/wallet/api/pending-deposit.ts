import type { rechargeCancel, rechargeResume } from '../../../../../shared/contract/recharge';
import { call } from '../../../lib/http';

/** Reopens the checkout of the player's own Pending deposit (the same order and URL). */
export const resumeDeposit = (orderNo: string) =>
  call<typeof rechargeResume>('POST', '/api/recharge/resume', { body: { orderNo } });

/** Cancels the player's own Pending deposit; its coupon is available again at once. */
export const cancelDeposit = (orderNo: string) =>
  call<typeof rechargeCancel>('POST', '/api/recharge/cancel', { body: { orderNo } });
