import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/vip';
import { route } from '../../route';
import type { VipService } from './service';

export function vipRoutes(app: FastifyInstance, vip: VipService) {
  route(app, contract.vipCard, ({ user }) => vip.card(user.id));
  route(app, contract.claimVipDaily, ({ user }) => vip.claimDaily(user.id));
  route(app, contract.claimVipMonthly, ({ user }) => vip.claimMonthly(user.id));
  route(app, contract.claimVipDeposit, ({ user }) => vip.claimDepositRebate(user.id));
  route(app, contract.claimVipRebate, ({ user }) => vip.claimTurnoverRebate(user.id));
}
