import type { rechargeMethods as endpoint } from '../../../../../shared/contract/recharge';
import { call } from '../../../lib/http';

export const getRechargeMethods = () =>
  call<typeof endpoint>('GET', '/api/recharge/method', { quiet: true, silent: true });
