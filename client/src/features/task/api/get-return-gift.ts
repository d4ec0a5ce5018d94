import type { returnGiftFetch as endpoint } from '../../../../../shared/contract/task';
import { call } from '../../../lib/http';

export const getReturnGift = () =>
  call<typeof endpoint>('GET', '/api/bonus/returnGift/fetch', { quiet: true, silent: true });
