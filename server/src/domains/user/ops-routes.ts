import type { FastifyInstance } from 'fastify';
import { Code } from '../../../../shared/codes';
import * as contract from '../../../../shared/contract/ops';
import { AppError } from '../../errors';
import { route } from '../../route';
import { toUserInfo, type UserRow, type UserService } from './service';
import type { SmsService } from './sms.service';

/** Players and the SMS outbox under /ops (shared/contract/ops.ts). */
export function userOpsRoutes(app: FastifyInstance, users: UserService, sms: SmsService) {
  const toOpsUser = (row: UserRow) => ({
    ...toUserInfo(row),
    id: row.id,
    status: row.status,
    statusReason: row.status_reason,
    phoneNumber: row.phone ?? '',
    realName: row.real_name,
    birthDate: row.birth_date,
    email: row.email,
    superiorUid: row.superior_id === null ? null : (users.byId(row.superior_id)?.uid ?? null),
    createdAt: row.created_at,
  });

  route(app, contract.smsOutbox, ({ query }) =>
    sms.outbox(query.phone ?? '', query.limit).map((m) => ({
      id: m.id,
      phone: m.phone,
      purpose: m.purpose,
      code: m.code,
      text: m.text,
      createdAt: m.created_at,
      expiresAt: m.expires_at,
      usedAt: m.used_at,
    })),
  );

  route(app, contract.listUsers, ({ query }) => users.search(query.q, query.limit).map(toOpsUser));
  route(app, contract.getUser, ({ params }) => toOpsUser(users.opsTarget(params.uid)));
  route(app, contract.setUserStatus, ({ params, body }) => {
    const row = users.opsTarget(params.uid);
    users.setStatus(row.id, body.status, body.reason);
    if (body.status === 'suspended') app.sessions.revokeAllOf(row.id, 'suspended by operator');
    return toOpsUser(users.opsTarget(params.uid));
  });
  route(app, contract.revokeUserSessions, ({ params }) => {
    app.sessions.revokeAllOf(users.opsTarget(params.uid).id, 'revoked by operator');
    return null;
  });
  route(app, contract.listUserSessions, ({ params, query }) =>
    app.sessions.listOf(users.opsTarget(params.uid).id, query.limit),
  );
  route(app, contract.revokeUserSession, ({ params }) => {
    const session = app.sessions.revokeOne(users.opsTarget(params.uid).id, params.id, 'revoked by operator');
    if (!session) throw new AppError(Code.OPS_NOT_FOUND);
    return session;
  });
}
