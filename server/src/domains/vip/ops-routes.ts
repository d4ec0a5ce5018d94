import type { FastifyInstance } from 'fastify';
import { opsUserVip } from '../../../../shared/contract/ops-vip';
import { route } from '../../route';
import type { VipService } from './service';

/** A player's VIP and friends cards under /ops (shared/contract/ops-vip.ts). */
export function vipOpsRoutes(app: FastifyInstance, vip: VipService) {
  route(app, opsUserVip, async ({ params }) => {
    const row = await app.services.users.opsTarget(params.uid);
    const { levels: _levels, ...card } = await vip.card(row.id);
    return { uid: row.uid, username: row.username, vip: card, friends: await app.services.friends.card(row.id) };
  });
}
