import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/task';
import { route } from '../../route';
import type { BonusService } from './bonuses';
import type { TaskService } from './service';

export function taskRoutes(app: FastifyInstance, tasks: TaskService, bonuses: BonusService) {
  route(app, contract.taskFetch, ({ user, request }) => tasks.fetch(user.id, request.lang));
  route(app, contract.taskClaim, async ({ user, body }) => ({ rewards: await tasks.claim(user.id, body.code) }));

  route(app, contract.signInFetch, ({ user }) => bonuses.signInFetch(user.id));
  route(app, contract.signInClaim, async ({ user, body }) => ({
    rewards: await bonuses.signInClaim(user.id, body.day),
  }));

  route(app, contract.dailyDepositFetch, ({ user }) => bonuses.dailyDepositFetch(user.id));
  route(app, contract.dailyDepositClaim, async ({ user, body }) => ({
    rewards: await bonuses.dailyDepositClaim(user.id, body.tier),
  }));

  route(app, contract.returnGiftFetch, ({ user }) => bonuses.returnGiftFetch(user.id));
  route(app, contract.returnGiftClaim, async ({ user }) => ({ rewards: await bonuses.returnGiftClaim(user.id) }));
}
