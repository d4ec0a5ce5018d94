import type { returnGiftClaim as endpoint } from '../../../../../shared/contract/task';
import { call } from '../../../lib/http';

export const claimReturnGift = () => call<typeof endpoint>('POST', '/api/bonus/returnGift/claim', { body: {} });
