import type { claimInviteRanking as endpoint } from '../../../../../shared/contract/friend';
import { call } from '../../../lib/http';

export const claimInviteRanking = (periodId: string) =>
  call<typeof endpoint>('POST', '/api/invite/rankings/claim', { body: { periodId } });
