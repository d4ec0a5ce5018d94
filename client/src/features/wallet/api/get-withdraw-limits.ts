import type { withdrawLimits as endpoint } from '../../../../../shared/contract/withdraw';
import { call } from '../../../lib/http';

/** Today's withdrawal limits at the player's VIP level and what is left of them. */
export const getWithdrawLimits = () =>
  call<typeof endpoint>('GET', '/api/withdraw/limits', { quiet: true, silent: true });
