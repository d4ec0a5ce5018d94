import type { FastifyInstance } from 'fastify';
import { Code } from '../../../../shared/codes';
import * as contract from '../../../../shared/contract/ops';
import type { RiskFlag } from '../../../../shared/contract/ops-risk';
import { AppError } from '../../errors';
import { lastFour, seesContact } from '../../lib/contact';
import { route } from '../../route';
import { toUserInfo, type UserRow, type UserService } from './service';
import type { SmsService } from './sms.service';

/** Players and the SMS outbox under /ops (shared/contract/ops.ts). */
export function userOpsRoutes(app: FastifyInstance, users: UserService, sms: SmsService) {
  /** `full`: the phone number in full (players.contact), else its last 4. */
  const toOpsUser = async (row: UserRow, full: boolean, flags?: Map<number, RiskFlag[]>) => ({
    ...toUserInfo(row),
    id: row.id,
    status: row.status,
    statusReason: row.status_reason,
    phoneNumber: full ? (row.phone ?? '') : lastFour(row.phone ?? ''),
    realName: row.real_name,
    birthDate: row.birth_date,
    email: row.email,
    superiorUid: row.superior_id === null ? null : ((await users.byId(row.superior_id))?.uid ?? null),
    createdAt: row.created_at,
    flags: (flags ?? (await app.services.risk.flagsIn([row.id]))).get(row.id) ?? [],
  });

  // A tester reads the codes; the numbers they went to only as the last 4 (as /ops/users shows them).
  route(app, contract.smsOutbox, async ({ query, request }) =>
    (await sms.outbox(query.phone ?? '', query.limit)).map((m) => ({
      id: m.id,
      phone: seesContact(request) ? m.phone : lastFour(m.phone),
      purpose: m.purpose,
      code: m.code,
      text: m.text,
      createdAt: m.created_at,
      expiresAt: m.expires_at,
      usedAt: m.used_at,
    })),
  );

  route(app, contract.listUsers, async ({ query, request }) => {
    const full = seesContact(request);
    const rows = await users.search(query.q, query.limit, full);
    const flags = await app.services.risk.flagsIn(rows.map((r) => r.id));
    const list = [];
    for (const row of rows) list.push(await toOpsUser(row, full, flags));
    return list;
  });
  route(app, contract.getUser, async ({ params, request }) =>
    toOpsUser(await users.opsTarget(params.uid), seesContact(request)),
  );
  route(app, contract.setUserStatus, async ({ params, body, request }) => {
    const row = await users.opsTarget(params.uid);
    await users.setStatus(row.id, body.status, body.reason);
    if (body.status === 'suspended') await app.sessions.revokeAllOf(row.id, 'suspended by operator');
    return toOpsUser(await users.opsTarget(params.uid), seesContact(request));
  });
  route(app, contract.revokeUserSessions, async ({ params }) => {
    await app.sessions.revokeAllOf((await users.opsTarget(params.uid)).id, 'revoked by operator');
    return null;
  });
  route(app, contract.listUserSessions, async ({ params, query }) =>
    app.sessions.listOf((await users.opsTarget(params.uid)).id, query.limit),
  );
  route(app, contract.revokeUserSession, async ({ params }) => {
    const session = await app.sessions.revokeOne(
      (await users.opsTarget(params.uid)).id,
      params.id,
      'revoked by operator',
    );
    if (!session) throw new AppError(Code.OPS_NOT_FOUND);
    return session;
  });
}
