import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { signFields } from '../../lib/signature';
import { registerPlayer, type TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { assertLedgerWhole } from '../ledger/whole';

type Built = { orderNo: string; payUrl: string; amount: number; status: number };
type Coupon = { id: number; status: string };

let app: FastifyInstance;
let player: TestClient;

beforeEach(async () => {
  app = await testApp();
  player = (await registerPlayer(app)).client;
});
afterEach(() => app.close());

const coupons = async () => (await player.get<Coupon[]>('/api/coupon/fetch')).body.data;
/** Recharge 1,000 with the welcome coupon and press Pay (the order is Pending, the coupon reserved). */
async function abandoned() {
  const couponId = (await coupons())[0]?.id;
  const built = await player.post<Built>('/api/recharge/build', { channel: 'gcash', amount: 1000, couponId });
  expect(built.body.success).toBe(true);
  expect((await coupons())[0]?.status).toBe('used');
  return built.body.data;
}
const status = async (orderNo: string) =>
  (await player.get<{ list: { orderNo: string; status: number }[] }>('/api/recharge/fetch')).body.data.list.find(
    (r) => r.orderNo === orderNo,
  )?.status;

describe('an abandoned checkout', () => {
  it('resuming reopens the same checkout of the same order', async () => {
    const order = await abandoned();
    const resumed = await player.post<Built>('/api/recharge/resume', { orderNo: order.orderNo });
    expect(resumed.body.data).toEqual({ orderNo: order.orderNo, payUrl: order.payUrl, amount: 1000, status: 0 });
    expect(await status(order.orderNo)).toBe(0);
  });

  it('cancelling fails the order and returns the coupon at once; a second cancel answers the same', async () => {
    const order = await abandoned();
    const cancelled = await player.post('/api/recharge/cancel', { orderNo: order.orderNo });
    expect(cancelled.body).toMatchObject({ success: true, data: { orderNo: order.orderNo, status: 2 } });
    expect(await status(order.orderNo)).toBe(2);
    expect((await coupons())[0]?.status).toBe('available');
    const again = await player.post('/api/recharge/cancel', { orderNo: order.orderNo });
    expect(again.body).toMatchObject({ success: true, data: { status: 2 } });
    // The coupon is usable for a new order straight away.
    const next = await player.post<Built>('/api/recharge/build', {
      channel: 'gcash',
      amount: 1000,
      couponId: (await coupons())[0]?.id,
    });
    expect(next.body.success).toBe(true);
    // A cancelled order cannot be resumed.
    const resumed = await player.post('/api/recharge/resume', { orderNo: order.orderNo });
    expect(resumed.body.code).toBe(Code.DEPOSIT_NOT_PENDING);
  });

  it("only the owner: another player's order is unknown to them and stays Pending", async () => {
    const order = await abandoned();
    const other = (await registerPlayer(app)).client;
    for (const path of ['/api/recharge/cancel', '/api/recharge/resume']) {
      const answer = await other.post(path, { orderNo: order.orderNo });
      expect(answer.body.code).toBe(Code.ORDER_NOT_FOUND);
    }
    expect(await status(order.orderNo)).toBe(0);
  });

  it('only Pending: a paid or timed-out order is neither cancelled nor resumed', async () => {
    const order = await abandoned();
    const fields = {
      orderNo: order.orderNo,
      amount: '1000.00',
      status: 'SUCCESS',
      gatewayRef: 'G1',
      timestamp: app.clock.iso(),
    };
    await app.inject({
      method: 'POST',
      url: '/api/payment/callback',
      payload: { ...fields, signature: signFields(fields, app.config.paymentSecret) },
    });
    expect((await player.post('/api/recharge/cancel', { orderNo: order.orderNo })).body.code).toBe(
      Code.DEPOSIT_NOT_PENDING,
    );
    const late = (await player.post<Built>('/api/recharge/build', { channel: 'gcash', amount: 500 })).body.data;
    app.clock.advance(31 * 60_000);
    expect((await player.post('/api/recharge/resume', { orderNo: late.orderNo })).body.code).toBe(
      Code.DEPOSIT_NOT_PENDING,
    );
    await assertLedgerWhole(app.db);
  });

  it('a payment that arrives after the cancel is still credited once (the player did pay)', async () => {
    const order = await abandoned();
    await player.post('/api/recharge/cancel', { orderNo: order.orderNo });
    const fields = {
      orderNo: order.orderNo,
      amount: '1000.00',
      status: 'SUCCESS',
      gatewayRef: 'G2',
      timestamp: app.clock.iso(),
    };
    const payload = { ...fields, signature: signFields(fields, app.config.paymentSecret) };
    for (let i = 0; i < 2; i++) await app.inject({ method: 'POST', url: '/api/payment/callback', payload });
    expect(await status(order.orderNo)).toBe(1);
    const journal = await inDb(app.db)
      .value`SELECT COUNT(*) FROM balance_journal WHERE reference = ${order.orderNo} AND type = 'deposit'`;
    expect(journal).toBe(1);
    await assertLedgerWhole(app.db);
  });

  it('refuses a malformed order number (10001)', async () => {
    const answer = await player.post('/api/recharge/cancel', { orderNo: "D1' OR 1=1" });
    expect(answer.body.code).toBe(Code.VALIDATION);
  });
});
