import type { claimVipMonthly as endpoint } from '../../../../../shared/contract/vip';
import { call } from '../../../lib/http';

export const claimVipMonthly = () => call<typeof endpoint>('POST', '/api/vip/card/monthly/rewards/claim', { body: {} });
