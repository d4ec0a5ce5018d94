import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { payOnCheckout as pay } from '../test/checkout';
import { opsClient, registerPlayer, type TestClient, testApp } from '../test/helpers';
import { inDb } from '../test/in-db';
import { balanceOf } from '../test/money';

/**
 * The payment sandbox's checkout reads only its own book (sandbox_payments): whatever closes a casino order
 * must close its checkout at the gateway first, or the payer could pay an order the casino gave up. Found by
 * an adversarial review (an operator's FAILED settle, a break, a cancel while the gateway is away, one coupon
 * for two bonuses); each attempt here fails.
 */

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

type Built = { orderNo: string; payUrl: string };
const build = (client: TestClient, amount: number, couponId?: number) =>
  client.post<Built>('/api/recharge/build', { channel: 'gcash', amount, ...(couponId ? { couponId } : {}) });

const payOnCheckout = (payUrl: string) => pay(app, payUrl);
const sandboxStatus = (orderNo: string) =>
  inDb(app.db).value<string>`SELECT status FROM sandbox_payments WHERE order_no = ${orderNo}`;
const orderStatus = (orderNo: string) =>
  inDb(app.db).value<number>`SELECT status FROM deposits WHERE order_no = ${orderNo}`;

/**
 * The gateway's cancel endpoint answers as a gateway may (a 503, a time-out): the casino's inject of it is
 * answered here instead of reaching the sandbox. `hold` instead delays it until released (a slow gateway).
 */
function gatewayCancel(mode: 'refuse' | 'hold') {
  const original = app.inject.bind(app);
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const patched = (async (opts: InjectOptions) => {
    if (typeof opts === 'object' && /^\/sandbox\/gateway\/payments\/[^/]+\/cancel$/.test(String(opts.url))) {
      if (mode === 'refuse') {
        return {
          statusCode: 503,
          body: '{"error":"unavailable"}',
          json: () => ({ error: 'unavailable' }),
        };
      }
      await released;
    }
    return original(opts);
  }) as unknown as FastifyInstance['inject'];
  (app as unknown as { inject: FastifyInstance['inject'] }).inject = patched;
  return { release: () => release() };
}

describe('closing a casino order closes its checkout at the gateway first', () => {
  it("an operator's FAILED settle: the checkout no longer takes the payment, nothing is credited", async () => {
    const { client } = await registerPlayer(app);
    const built = (await build(client, 500)).body.data;
    const settled = await opsClient(app).post(`/ops/deposits/${built.orderNo}/settle`, { status: 'FAILED' });
    expect(settled.body.success).toBe(true);
    expect(await orderStatus(built.orderNo)).toBe(2);
    const page = await payOnCheckout(built.payUrl);
    expect(await sandboxStatus(built.orderNo)).toBe('cancelled');
    expect(page.body).not.toContain('data-status="paid"');
    expect((await balanceOf(client)).balance).toBe(0);
  });

  it("an operator's FAILED settle of an order the payer already paid at the gateway is refused: the webhook credits it", async () => {
    const { client } = await registerPlayer(app);
    const built = (await build(client, 500)).body.data;
    // The payer pays while the webhook is held back (a late webhook): the gateway has the money.
    await opsClient(app).post('/ops/faults', { kind: 'deposit.timeout' });
    await payOnCheckout(built.payUrl);
    expect(await sandboxStatus(built.orderNo)).toBe('paid');
    const settled = await opsClient(app).post(`/ops/deposits/${built.orderNo}/settle`, { status: 'FAILED' });
    expect(settled.body).toMatchObject({ success: false, code: Code.DEPOSIT_NOT_PENDING });
    expect(await orderStatus(built.orderNo)).toBe(0);
  });

  it('a break closes the open checkout before it starts: paying it afterwards credits nothing', async () => {
    const { client } = await registerPlayer(app);
    const built = (await build(client, 500)).body.data;
    const taken = await client.post('/api/responsible/break', { kind: 'exclusion', length: '1y' });
    expect(taken.body.success).toBe(true);
    expect(await sandboxStatus(built.orderNo)).toBe('cancelled');
    await payOnCheckout(built.payUrl);
    expect(await orderStatus(built.orderNo)).toBe(2);
    expect((await balanceOf(client)).balance).toBe(0);
  });

  it("a player's cancel while the gateway cannot answer is refused, the order and its coupon kept: one coupon, one bonus", async () => {
    const { client } = await registerPlayer(app);
    const couponId = (await client.get<{ id: number }[]>('/api/coupon/fetch')).body.data[0]?.id as number;
    const first = (await build(client, 500, couponId)).body.data;
    const gateway = gatewayCancel('refuse');
    const cancel = await client.post('/api/recharge/cancel', { orderNo: first.orderNo });
    expect(cancel.body).toMatchObject({ success: false, code: Code.SERVICE_UNAVAILABLE });
    expect(await orderStatus(first.orderNo)).toBe(0);
    // The coupon is still the first order's: a second order cannot take it.
    expect((await build(client, 500, couponId)).body).toMatchObject({ success: false, code: Code.COUPON_INVALID });
    await payOnCheckout(first.payUrl);
    expect(await inDb(app.db).all`SELECT reference FROM balance_journal WHERE type = 'deposit_bonus'`).toEqual([
      { reference: first.orderNo },
    ]);
    gateway.release();
  });
});
