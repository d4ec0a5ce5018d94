import type { BodyOf } from '../../../../../shared/contract/define';
import type { resetTradePassword as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';

export const resetTradePassword = (body: BodyOf<typeof endpoint>) =>
  call<typeof endpoint>('POST', '/api/reset/trade/pwd', { body });
