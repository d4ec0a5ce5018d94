import type { useRedemptionCode as endpoint } from '../../../../../shared/contract/mall';
import { call } from '../../../lib/http';

export const redeemCode = (code: string) =>
  call<typeof endpoint>('POST', '/api/redemption/code/use', { body: { code } });
