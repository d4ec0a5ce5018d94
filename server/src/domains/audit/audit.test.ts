import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { testConfig } from '../../config';
import { opsClient, registerPlayer, TestClient, testApp } from '../../test/helpers';

type Entry = {
  id: number;
  operator: string;
  method: string;
  route: string;
  path: string;
  target: string;
  request: unknown;
  before: unknown;
  after: unknown;
  status: number;
  code: number;
};
type Page = { list: Entry[]; total: number };

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const alice = () =>
  new TestClient(app, '127.0.0.1', { authorization: `Bearer ${app.config.adminToken}`, 'x-operator': 'alice' });
const trail = async (query: Record<string, string | number> = {}) =>
  (await opsClient(app).get<Page>('/ops/audit', query)).body.data;

describe('operator audit trail', () => {
  it('records who, what, and the state before and after of representative actions', async () => {
    const { info: user } = await registerPlayer(app);
    const ops = alice();
    expect(
      (await ops.post(`/ops/users/${user.uid}/status`, { status: 'suspended', reason: 'chargeback' })).body.success,
    ).toBe(true);
    expect((await ops.post(`/ops/users/${user.uid}/adjust`, { amount: 50, reason: 'goodwill' })).body.success).toBe(
      true,
    );
    const channel = (await app.services.deposits.methods())[0];
    if (!channel) throw new Error('no seeded channel');
    expect(
      (await opsClient(app).post(`/ops/channels/${channel.code}`, { enabled: false, max: 20000 })).body.success,
    ).toBe(true);

    const { list, total } = await trail();
    expect(total).toBe(3);
    const [channelEntry, adjust, suspend] = list;
    expect(suspend).toMatchObject({
      operator: 'alice',
      method: 'POST',
      route: '/ops/users/:uid/status',
      path: `/ops/users/${user.uid}/status`,
      target: String(user.uid),
      request: { status: 'suspended', reason: 'chargeback' },
      before: { status: 'active' },
      after: { status: 'suspended', statusReason: 'chargeback' },
      status: 200,
      code: 0,
    });
    expect(adjust).toMatchObject({ operator: 'alice', before: { balance: 0 }, after: { balance: 50 } });
    expect(channelEntry).toMatchObject({
      operator: 'service',
      target: channel.code,
      before: { enabled: true, max: channel.max },
      after: { enabled: false, max: 20000 },
    });
    // filters
    expect((await trail({ operator: 'alice' })).total).toBe(2);
    expect((await trail({ route: 'channels' })).list.map((e) => e.target)).toEqual([channel.code]);
    expect((await trail({ target: String(user.uid) })).total).toBe(2);
  });

  it('records refused actions with their code, never reads, and redacts secrets', async () => {
    const ops = opsClient(app);
    expect((await ops.post('/ops/withdrawals/W0000000000000001/reject', { reason: 'x' })).body.code).toBe(
      Code.ORDER_NOT_FOUND,
    );
    await ops.get('/ops/users', { q: 'x' });
    await ops.post('/ops/clock', { advance: '1h' });
    const { list } = await trail();
    expect(list.map((e) => [e.route, e.code])).toEqual([
      ['/ops/clock', 0],
      ['/ops/withdrawals/:orderNo/reject', Code.ORDER_NOT_FOUND],
    ]);
    const clockMove = list[0] as Entry & { before: { now: string }; after: { now: string } };
    expect(Date.parse(clockMove.after.now) - Date.parse(clockMove.before.now)).toBe(3_600_000);
    expect((await trail({ failed: 'true' })).list.map((e) => e.target)).toEqual(['W0000000000000001']);
    // a wrong token is not an operator: nothing recorded
    await new TestClient(app, '127.0.0.1', { authorization: 'Bearer wrong-token-0123456789' }).post('/ops/clock', {
      advance: '1h',
    });
    expect((await trail()).total).toBe(2);
    const { redact } = await import('./service');
    expect(redact({ password: 'x', nested: { tradePassword: 'y', keep: 1 } })).toEqual({
      password: '***',
      nested: { tradePassword: '***', keep: 1 },
    });
  });

  it('cannot be edited: no route changes it and the table refuses UPDATE and DELETE', async () => {
    await opsClient(app).post('/ops/clock', { advance: '1m' });
    for (const method of ['DELETE', 'POST', 'PUT', 'PATCH'] as const) {
      const answer = await opsClient(app).request({ method, url: '/ops/audit', payload: {} });
      expect(answer.status).toBe(404);
    }
    await expect(app.db.prepare("UPDATE ops_audit SET operator = 'mallory'").run()).rejects.toThrow(/append-only/);
    await expect(app.db.prepare('DELETE FROM ops_audit').run()).rejects.toThrow(/append-only/);
    expect((await trail()).list.map((e) => e.operator)).toEqual(['service']);
  });

  it('survives a restart and a snapshot restore', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-'));
    try {
      const config = testConfig({ dbFile: join(dir, 'casino.db') });
      let live = await testApp({ config });
      const ops = () => opsClient(live);
      expect((await ops().post('/ops/snapshots/before', {})).body.success).toBe(true);
      await ops().post('/ops/clock', { advance: '1d' });
      expect((await ops().post('/ops/snapshots/before/restore', {})).body.success).toBe(true);
      await live.close();
      live = await testApp({ config });
      const { list } = (await ops().get<Page>('/ops/audit')).body.data;
      expect(list.map((e) => e.path)).toEqual(['/ops/snapshots/before/restore', '/ops/clock', '/ops/snapshots/before']);
      await live.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
