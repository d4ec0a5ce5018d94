import type { friendCard as endpoint } from '../../../../../shared/contract/friend';
import { call } from '../../../lib/http';

export const getFriendCard = () =>
  call<typeof endpoint>('GET', '/api/friend/card/fetch', { quiet: true, silent: true });
