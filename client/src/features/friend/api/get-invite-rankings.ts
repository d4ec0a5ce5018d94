import type { inviteRankings as endpoint } from '../../../../../shared/contract/friend';
import { call } from '../../../lib/http';

export const getInviteRankings = () =>
  call<typeof endpoint>('GET', '/api/invite/rankings/fetch', { quiet: true, silent: true });
