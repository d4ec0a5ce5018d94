import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { opsClient, registerPlayer, type TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { balanceOf } from '../../test/money';
import { expectLedgerExact, setVip, userIdOf } from '../../test/rewards';

type Rewards = { rewards: { type: string; amount: number; info?: string }[] };
type OpsCode = { code: string; totalUses: number; used: number; left: number; expired: boolean; source: string };

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const redeem = (client: TestClient, code: string) => client.post<Rewards>('/api/redemption/code/use', { code });
const createCode = (body: object) => opsClient(app).post<OpsCode>('/ops/codes', body);

describe('redemption codes', () => {
  it('redeems a seeded code once per account, in any case, through the ledger', async () => {
    const { client, info } = await registerPlayer(app);
    const answer = await redeem(client, 'WELCOME2026');
    expect(answer.body).toMatchObject({ success: true });
    expect(answer.body.data.rewards).toEqual([
      { type: 'cash', amount: 20 },
      { type: 'point', amount: 50 },
    ]);
    const vo = await balanceOf(client);
    expect(vo).toMatchObject({ balance: 20, point: 50 });

    const again = await redeem(client, 'welcome2026');
    expect(again.body).toMatchObject({ success: false, code: Code.CODE_ALREADY_USED });
    expect(again.body.msg).toBe('You have already redeemed this code');
    expect(await balanceOf(client)).toMatchObject({ balance: 20, point: 50 });

    const other = await registerPlayer(app);
    expect((await redeem(other.client, ' Welcome2026 ')).body.success).toBe(true);
    const journal = await inDb(app.db)
      .all`SELECT type, amount, point_delta, reference FROM balance_journal WHERE user_id = ${await userIdOf(app, info.uid)} ORDER BY id`;
    expect(journal).toEqual([
      { type: 'reward', amount: 2000, point_delta: 0, reference: 'code:WELCOME2026' },
      { type: 'points', amount: 0, point_delta: 50, reference: 'code:WELCOME2026' },
    ]);
    await expectLedgerExact(app);
  });

  it('names each refusal: wrong, expired, VIP too low, exhausted; in Vietnamese too', async () => {
    const { client, info } = await registerPlayer(app);
    const wrong = await redeem(client, 'NOPE-123');
    expect(wrong.body).toMatchObject({ success: false, code: Code.CODE_INVALID });
    expect(wrong.body.msg).toContain('does not exist');

    const expired = await redeem(client, 'pasko2025');
    expect(expired.body).toMatchObject({ code: Code.CODE_EXPIRED, msg: 'This code has expired' });

    const vip = await redeem(client, 'VIPGOLD888');
    expect(vip.body).toMatchObject({ code: Code.CODE_VIP_TOO_LOW, msg: 'This code is for VIP 3 and above' });
    const vi = await client.request({
      method: 'POST',
      url: '/api/redemption/code/use',
      payload: { code: 'VIPGOLD888' },
      headers: { language: 'vi-VN' },
    });
    expect(vi.body.msg).toBe('Mã này dành cho VIP 3 trở lên');
    await setVip(app, info.uid, 3);
    expect((await redeem(client, 'VIPGOLD888')).body.data.rewards).toEqual([{ type: 'cash', amount: 188 }]);

    await createCode({ code: 'ONLYONE', rewards: [{ type: 'cash', amount: 1.5 }], totalUses: 1 });
    expect((await redeem(client, 'onlyone')).body.success).toBe(true);
    const late = await registerPlayer(app);
    const exhausted = await redeem(late.client, 'ONLYONE');
    expect(exhausted.body).toMatchObject({ code: Code.CODE_EXHAUSTED });
    // The player who used it hears that they did, not that it ran out.
    expect((await redeem(client, 'ONLYONE')).body.code).toBe(Code.CODE_ALREADY_USED);
    expect(await balanceOf(late.client)).toMatchObject({ balance: 0, point: 0 });

    const malformed = await redeem(client, 'bad code!');
    expect(malformed.body.code).toBe(Code.VALIDATION);
  });

  it('expires a code at its instant on the virtual clock', async () => {
    const { client } = await registerPlayer(app);
    await createCode({
      code: 'NOON',
      rewards: [{ type: 'point', amount: 5 }],
      totalUses: 100,
      expiresAt: '2026-11-20T12:00:00+08:00',
    });
    await opsClient(app).post('/ops/clock', { set: '2026-11-20T11:59:59+08:00' });
    const early = await registerPlayer(app);
    expect((await redeem(early.client, 'NOON')).body.success).toBe(true);
    await opsClient(app).post('/ops/clock', { set: '2026-11-20T12:00:00+08:00' });
    expect((await redeem(client, 'NOON')).body.code).toBe(Code.CODE_EXPIRED);
  });

  it('gives the last use to exactly one of several racing players', async () => {
    await createCode({ code: 'RACE-1', rewards: [{ type: 'cash', amount: 100 }], totalUses: 2 });
    const players = await Promise.all(Array.from({ length: 6 }, () => registerPlayer(app)));
    const answers = await Promise.all(players.map((p) => redeem(p.client, 'race-1')));
    expect(answers.filter((a) => a.body.success)).toHaveLength(2);
    expect(answers.filter((a) => a.body.code === Code.CODE_EXHAUSTED)).toHaveLength(4);
    const balances = await Promise.all(players.map((p) => balanceOf(p.client)));
    expect(balances.reduce((sum, b) => sum + b.balance, 0)).toBe(200);
    const listed = await opsClient(app).get<{ list: OpsCode[] }>('/ops/codes', { q: 'race' });
    expect(listed.body.data.list).toEqual([expect.objectContaining({ code: 'RACE-1', used: 2, left: 0 })]);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM redemption_uses`).toBe(2);
    await expectLedgerExact(app);
  });

  it('lets one player racing themself use a code once', async () => {
    const { client } = await registerPlayer(app);
    const answers = await Promise.all([1, 2, 3, 4].map(() => redeem(client, 'WELCOME2026')));
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === Code.CODE_ALREADY_USED)).toHaveLength(3);
    expect(await balanceOf(client)).toMatchObject({ balance: 20, point: 50 });
  });

  it('grants coupons and energy', async () => {
    const { client, info } = await registerPlayer(app);
    const answer = await redeem(client, 'RELOAD20');
    expect(answer.body.data.rewards).toEqual([{ type: 'coupon', amount: 1, info: 'RELOAD20' }]);
    // Beside the welcome coupon every new player has, the 20% reload coupon.
    const coupons = await client.get<{ bonusPercent: number }[]>('/api/coupon/fetch');
    expect(coupons.body.data.map((c) => c.bonusPercent).sort()).toEqual([100, 20]);
    expect((await redeem(client, 'LUCKY7')).body.data.rewards).toEqual([
      { type: 'cash', amount: 7.77 },
      { type: 'energy', amount: 7 },
    ]);
    expect(await app.services.grants.energy(await userIdOf(app, info.uid))).toBe(7);
  });
});

describe('redemption codes: the operator API', () => {
  it('creates codes (stored upper-case, unique without case) and lists them with their uses', async () => {
    const created = await createCode({
      code: 'Fiesta-50',
      rewards: [
        { type: 'cash', amount: 50.25 },
        { type: 'coupon', amount: 1, coupon: 'WELCOME100' },
      ],
      totalUses: 10,
      minVip: 1,
      expiresAt: '2026-12-31T23:59:59+08:00',
      remark: 'Fiesta',
    });
    expect(created.body.data).toMatchObject({
      code: 'FIESTA-50',
      totalUses: 10,
      used: 0,
      left: 10,
      minVip: 1,
      expiresAt: '2026-12-31T15:59:59.000Z',
      expired: false,
      source: 'ops',
      rewards: [
        { type: 'cash', amount: 50.25 },
        { type: 'coupon', amount: 1, coupon: 'WELCOME100', info: 'WELCOME100' },
      ],
    });
    const twin = await createCode({ code: 'fiesta-50', rewards: [{ type: 'point', amount: 1 }], totalUses: 1 });
    expect(twin.body.code).toBe(Code.CODE_EXISTS);
    const unknown = await createCode({
      code: 'BADCOUPON',
      rewards: [{ type: 'coupon', amount: 1, coupon: 'NOPE' }],
      totalUses: 1,
    });
    expect(unknown.body).toMatchObject({ code: Code.COUPON_TEMPLATE_UNKNOWN, msg: 'Unknown coupon template NOPE' });
    for (const bad of [
      { type: 'cash', amount: 1.234 },
      { type: 'point', amount: 1.5 },
      { type: 'point', amount: 0 },
      { type: 'coupon', amount: 1 },
      { type: 'cash', amount: 5, coupon: 'WELCOME100' },
    ]) {
      const answer = await createCode({ code: 'BADREWARD', rewards: [bad], totalUses: 1 });
      expect(answer.body.code, JSON.stringify(bad)).toBe(Code.VALIDATION);
    }

    const list = await opsClient(app).get<{ list: OpsCode[]; total: number }>('/ops/codes');
    expect(list.body.data.list[0]?.code).toBe('FIESTA-50');
    expect(list.body.data.total).toBe(6);
    expect(list.body.data.list.find((c) => c.code === 'PASKO2025')).toMatchObject({ expired: true, source: 'seed' });
    const unauthorised = await app.inject({ method: 'GET', url: '/ops/codes' });
    expect(unauthorised.statusCode).toBe(401);
  });
});

describe('disabling a code', () => {
  it('an operator switches a code off: players get expired, uses stay, the audit trail records it', async () => {
    await createCode({ code: 'SWITCHOFF', rewards: [{ type: 'cash', amount: 5 }], totalUses: 10 });
    const first = await registerPlayer(app);
    expect((await redeem(first.client, 'switchoff')).body.success).toBe(true);
    const listed = (await opsClient(app).get<{ list: (OpsCode & { id: number })[] }>('/ops/codes', { q: 'switch' }))
      .body.data.list;
    const id = listed[0]?.id as number;

    const off = await opsClient(app).post<OpsCode & { disabledAt: string | null }>(`/ops/codes/${id}/disable`);
    expect(off.body.data).toMatchObject({ code: 'SWITCHOFF', used: 1, left: 9 });
    expect(off.body.data.disabledAt).toEqual(expect.any(String));
    const second = await registerPlayer(app);
    expect((await redeem(second.client, 'SWITCHOFF')).body.code).toBe(Code.CODE_EXPIRED);
    expect(await balanceOf(second.client)).toMatchObject({ balance: 0 });

    // idempotent: a second disable keeps the first instant
    const again = await opsClient(app).post<{ disabledAt: string }>(`/ops/codes/${id}/disable`);
    expect(again.body.data.disabledAt).toBe(off.body.data.disabledAt);
    expect((await opsClient(app).post('/ops/codes/999999/disable')).body.code).toBe(Code.OPS_NOT_FOUND);

    const trail = (
      await opsClient(app).get<{ list: { target: string; before: unknown; after: unknown }[] }>('/ops/audit', {
        target: `code:${id}`,
      })
    ).body.data.list;
    expect(trail.at(-1)).toMatchObject({
      target: `code:${id}`,
      before: { disabledAt: null, used: 1 },
      after: { disabledAt: off.body.data.disabledAt, used: 1 },
    });
  });
});
