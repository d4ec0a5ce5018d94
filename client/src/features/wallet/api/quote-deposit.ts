import type { BodyOf } from '../../../../../shared/contract/define';
import type { rechargeQuote as endpoint } from '../../../../../shared/contract/recharge';
import { call } from '../../../lib/http';

/** preCreate: the bonus, turnover, fee and total of a deposit, without creating it. */
export const quoteDeposit = (body: BodyOf<typeof endpoint>) =>
  call<typeof endpoint>('POST', '/api/recharge/preCreate', { body });
