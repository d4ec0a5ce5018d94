import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/friend';
import { route } from '../../route';
import type { FriendService } from './service';

export function friendRoutes(app: FastifyInstance, friends: FriendService) {
  route(app, contract.friendCard, ({ user }) => friends.card(user.id));
  route(app, contract.friendRewardRecords, ({ user, query }) => friends.records(user.id, query));
  route(app, contract.claimFriendDeposit, ({ user }) => friends.claimDeposit(user.id));
  route(app, contract.claimFriendTurnover, ({ user }) => friends.claimTurnover(user.id));
  route(app, contract.inviteRankings, ({ user }) => friends.rankings(user.id));
  route(app, contract.claimInviteRanking, ({ user, body }) => friends.claimRanking(user.id, body.periodId));
}
