import type { coupons as endpoint } from '../../../../../shared/contract/recharge';
import { call } from '../../../lib/http';

/** The player's usable deposit coupons. */
export const getCoupons = () =>
  call<typeof endpoint>('GET', '/api/coupon/fetch', { quiet: true, silent: true, query: { status: 'available' } });
