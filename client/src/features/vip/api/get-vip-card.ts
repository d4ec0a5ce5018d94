import type { vipCard as endpoint } from '../../../../../shared/contract/vip';
import { call } from '../../../lib/http';

export const getVipCard = () => call<typeof endpoint>('GET', '/api/vip/card/fetch', { quiet: true, silent: true });
