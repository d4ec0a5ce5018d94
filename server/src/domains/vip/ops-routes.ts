import type { FastifyInstance } from 'fastify';
import { opsUserVip } from '../../../../shared/contract/ops-vip';
import { route } from '../../route';
import type { VipService } from './service';

/** A player's VIP and friends cards under /ops (shared/contract/ops-vip.ts). */
export function vipOpsRoutes(app: FastifyInstance, vip: VipService) {
  route(app, opsUserVip, ({ params }) => {
    const row = app.services.users.opsTarget(params.uid);
    const { levels: _levels, ...card } = vip.card(row.id);
    return { uid: row.uid, username: row.username, vip: card, friends: app.services.friends.card(row.id) };
  });
}
