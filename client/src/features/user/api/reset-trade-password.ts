import type { BodyOf } from '../../../../../shared/contract/define';
import type { resetTradePassword as endpoint } from '../../../../../shared/contract/user';
import { rotatesSession } from '../../../lib/app-actions';
import { call } from '../../../lib/http';

export const resetTradePassword = (body: BodyOf<typeof endpoint>) =>
  rotatesSession(call<typeof endpoint>('POST', '/api/reset/trade/pwd', { body }));
