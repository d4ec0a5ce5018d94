import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Code } from '../../../../shared/codes';
import type { opsSessionSchema } from '../../../../shared/contract/ops';
import type { UserInfo } from '../../../../shared/contract/user';
import { hashed, opsClient, registerPlayer, TestClient, testApp } from '../../test/helpers';

type OpsSession = z.output<typeof opsSessionSchema>;
type AuditRow = { operator: string; route: string; target: string; before: unknown; after: unknown; code: number };

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const operator = () =>
  new TestClient(app, '127.0.0.1', { authorization: `Bearer ${app.config.adminToken}`, 'x-operator': 'Lea' });

describe("a player's sessions in the back office", () => {
  it('lists them newest first with device, user agent and IP, and ends one; the audit trail records it', async () => {
    const { client, player, info } = await registerPlayer(app);
    const phone = new TestClient(app, '10.1.2.3', { deviceid: 'phone-77', 'user-agent': 'Mozilla/5.0 (iPhone)' });
    expect(
      (await phone.post<UserInfo>('/api/user/login', { username: player.username, password: hashed(player.password) }))
        .body.success,
    ).toBe(true);

    const sessions = (await operator().get<OpsSession[]>(`/ops/users/${info.uid}/sessions`)).body.data;
    expect(sessions).toHaveLength(2);
    const [latest, first] = sessions as [OpsSession, OpsSession];
    expect(latest).toMatchObject({
      live: true,
      revokedAt: null,
      ip: '10.1.2.3',
      deviceId: 'phone-77',
      userAgent: 'Mozilla/5.0 (iPhone)',
    });
    // one live session per account: the login on the phone ended the first one
    expect(first).toMatchObject({ live: false, revokeReason: 'replaced by a new login', deviceId: 'test-device' });
    expect(latest.id).toBeGreaterThan(first.id);

    const ended = await operator().post<OpsSession>(`/ops/users/${info.uid}/sessions/${latest.id}/revoke`);
    expect(ended.body.data).toMatchObject({ id: latest.id, live: false, revokeReason: 'revoked by operator' });
    expect((await phone.get('/api/user/info')).body.code).toBe(Code.SESSION_INVALID);
    expect((await client.get('/api/user/info')).body.code).toBe(Code.SESSION_INVALID);

    const trail = (await opsClient(app).get<{ list: AuditRow[] }>('/ops/audit')).body.data.list;
    expect(trail[0]).toMatchObject({
      operator: 'Lea',
      route: '/ops/users/:uid/sessions/:id/revoke',
      target: `${info.uid} session:${latest.id}`,
      before: { revokedAt: null, revokeReason: null },
      after: { revokeReason: 'revoked by operator' },
      code: 0,
    });

    // ending an ended session changes nothing; another player's session is not found
    const again = await operator().post<OpsSession>(`/ops/users/${info.uid}/sessions/${first.id}/revoke`);
    expect(again.body.data).toMatchObject({ id: first.id, revokeReason: 'replaced by a new login' });
    const other = await registerPlayer(app);
    expect((await operator().post(`/ops/users/${other.info.uid}/sessions/${latest.id}/revoke`)).body.code).toBe(
      Code.OPS_NOT_FOUND,
    );
    expect((await operator().get(`/ops/users/99999999/sessions`)).body.code).toBe(Code.OPS_NOT_FOUND);
    expect((await new TestClient(app).get(`/ops/users/${info.uid}/sessions`)).body.code).toBe(Code.OPS_UNAUTHORIZED);
  });
});
