import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/ops-inbox';
import { route } from '../../route';
import type { InboxService } from './service';

/** /ops/letters (send, list) and /ops/push (any socket event to a player). */
export function inboxOpsRoutes(app: FastifyInstance, inbox: InboxService) {
  const userIdOf = async (uid: number) => (await app.services.users.opsTarget(uid)).id;

  route(app, contract.sendLetter, async ({ body }) =>
    inbox.send({
      userId: body.uid === undefined ? null : await userIdOf(body.uid),
      type: body.type,
      titleEn: body.titleEn,
      titleVi: body.titleVi,
      contentEn: body.contentEn,
      contentVi: body.contentVi,
      rewards: body.rewards,
      validUntil: body.validUntil,
    }),
  );

  route(app, contract.listSentLetters, async ({ query }) =>
    inbox.sends({
      userId: query.uid === undefined ? null : await userIdOf(query.uid),
      page: query.page,
      size: query.size,
    }),
  );

  route(app, contract.pushEvent, async ({ body }) => {
    const userId = await userIdOf(body.uid);
    const sid = app.socket.pushAny(userId, body.event, body.content ?? null);
    return { sid, connections: app.socket.connectionsOf(userId) };
  });
}
