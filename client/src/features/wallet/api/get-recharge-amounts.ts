import type { rechargeAmounts as endpoint } from '../../../../../shared/contract/recharge';
import type { EWallet } from '../../../../../shared/field-rules';
import { call } from '../../../lib/http';

/** Preset amounts of a channel and the first-deposit rule. */
export const getRechargeAmounts = (channel: EWallet) =>
  call<typeof endpoint>('GET', '/api/recharge/amount', { quiet: true, silent: true, query: { channel } });
