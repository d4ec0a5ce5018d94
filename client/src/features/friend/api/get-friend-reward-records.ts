import type { friendRewardRecords as endpoint, FRIEND_REWARD_KINDS } from '../../../../../shared/contract/friend';
import { call } from '../../../lib/http';

export type FriendRewardKind = (typeof FRIEND_REWARD_KINDS)[number];

export const getFriendRewardRecords = (query: { kind?: FriendRewardKind; page: number; size: number }) =>
  call<typeof endpoint>('GET', '/api/friend/card/rewards/record', { quiet: true, silent: true, query });
