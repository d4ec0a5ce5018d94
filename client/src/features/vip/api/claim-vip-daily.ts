import type { claimVipDaily as endpoint } from '../../../../../shared/contract/vip';
import { call } from '../../../lib/http';

export const claimVipDaily = () => call<typeof endpoint>('POST', '/api/vip/card/daily/rewards/claim', { body: {} });
