import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { signFields } from '../../lib/signature';
import { opsClient, registerPlayer, type TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { assertLedgerWhole } from '../ledger/whole';

type Balance = {
  userAccountVO: { balance: number; allAmount: number; deposit: number; surplus: number; withdrawalAmount: number };
};
type Built = { orderNo: string; payUrl: string; amount: number; status: number };

let app: FastifyInstance;
let player: TestClient;

beforeEach(async () => {
  app = await testApp();
  player = (await registerPlayer(app)).client;
});
afterEach(() => app.close());

const balance = async (client = player) => (await client.get<Balance>('/api/balance')).body.data.userAccountVO;
const build = (body: object, client = player) => client.post<Built>('/api/recharge/build', body);

/** Submits the sandbox checkout form as the player's browser would. */
async function payInSandbox(built: Built, form: Record<string, string>) {
  const url = new URL(built.payUrl);
  const token = url.searchParams.get('token') ?? '';
  return app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, ...form }).toString(),
  });
}

const callback = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/payment/callback', payload: payload as Record<string, string> });

function signedCallback(orderNo: string, status: 'SUCCESS' | 'FAILED', amount: string) {
  const fields = { orderNo, amount, status, gatewayRef: `G${orderNo}`, timestamp: app.clock.iso() };
  return { ...fields, signature: signFields(fields, app.config.paymentSecret) };
}

describe('deposit channels and quotes', () => {
  it('lists GCash and PayMaya with their limits, presets and the first-deposit rule', async () => {
    const methods =
      await player.get<{ code: string; enabled: boolean; min: number; max: number }[]>('/api/recharge/method');
    expect(methods.body.data.map((m) => m.code)).toEqual(['gcash', 'maya']);
    expect(methods.body.data[0]).toMatchObject({ enabled: true, min: 100, max: 50000 });
    const amounts = await player.get<{ presets: number[]; firstDepositMin: number; firstDeposit: boolean }>(
      '/api/recharge/amount',
      { channel: 'gcash' },
    );
    expect(amounts.body.data).toMatchObject({ firstDepositMin: 500, firstDeposit: true });
    expect(amounts.body.data.presets).toContain(500);
  });

  it('refuses a first deposit under 500 and amounts outside the channel limits, creating nothing', async () => {
    const small = await build({ channel: 'gcash', amount: 300 });
    expect(small.body).toMatchObject({ success: false, code: Code.FIRST_DEPOSIT_MIN });
    expect(small.body.msg).toContain('500.00');
    const huge = await build({ channel: 'maya', amount: 60000 });
    expect(huge.body.code).toBe(Code.AMOUNT_OUT_OF_RANGE);
    const records = await player.get<{ total: number }>('/api/recharge/fetch');
    expect(records.body.data.total).toBe(0);
  });

  it.each([
    [{ channel: 'gcash', amount: 500.123 }],
    [{ channel: 'gcash', amount: -500 }],
    [{ channel: 'gcash', amount: 0 }],
    [{ channel: 'gcash', amount: '500' }],
    [{ channel: 'bank', amount: 500 }],
    [{ channel: 'gcash', amount: 500, balance: 1 }],
  ])('refuses the malformed request %j with a validation envelope', async (body) => {
    const answer = await build(body);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: false, code: Code.VALIDATION });
  });

  it('refuses a disabled channel', async () => {
    await inDb(app.db).run`UPDATE payment_channels SET enabled = 0 WHERE code = 'maya'`;
    expect((await build({ channel: 'maya', amount: 500 })).body.code).toBe(Code.CHANNEL_DISABLED);
  });

  it('quotes a welcome coupon bonus with 10x turnover on the bonus', async () => {
    const coupons = await player.get<{ id: number; status: string; bonusPercent: number }[]>('/api/coupon/fetch');
    const welcome = coupons.body.data[0];
    expect(welcome).toMatchObject({ status: 'available', bonusPercent: 100 });
    const quote = await player.post('/api/recharge/preCreate', {
      channel: 'gcash',
      amount: 800,
      couponId: welcome?.id,
    });
    expect(quote.body.data).toEqual({
      amount: 800,
      bonus: 800,
      turnoverRequired: 8000,
      bonusTurnover: 8000,
      fee: 0,
      total: 800,
    });
  });
});

describe('paying through the sandbox', () => {
  it('serves a checkout page for the order and credits the balance once it is paid', async () => {
    const built = await build({ channel: 'gcash', amount: 1234.5 });
    expect(built.body.data).toMatchObject({ amount: 1234.5, status: 0 });
    const page = await app.inject({
      url: new URL(built.body.data.payUrl).pathname + new URL(built.body.data.payUrl).search,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('GCash');
    expect(page.body).toContain('1,234.50');

    const paid = await payInSandbox(built.body.data, { action: 'pay', mobile: '9171234567', mpin: '1234' });
    expect(paid.body).toContain('Payment successful');
    expect(await balance()).toMatchObject({ balance: 1234.5, allAmount: 1234.5, deposit: 1234.5 });
    const records = await player.get<{ list: { status: number; paidAt: string }[] }>('/api/recharge/fetch');
    expect(records.body.data.list[0]).toMatchObject({ status: 1 });
    const journal = await player.get<{ list: { type: string; amount: number; balanceAfter: number }[] }>(
      '/api/user/balanceJournal/fetch',
    );
    expect(journal.body.data.list).toEqual([
      expect.objectContaining({ type: 'deposit', amount: 1234.5, balanceAfter: 1234.5 }),
    ]);
  });

  it('a wrong checkout token shows no order', async () => {
    const built = await build({ channel: 'maya', amount: 500 });
    const url = new URL(built.body.data.payUrl);
    const page = await app.inject({ url: `${url.pathname}?token=wrong` });
    expect(page.statusCode).toBe(404);
  });

  it('asks again for a malformed mobile number or MPIN, and cancelling fails the order', async () => {
    const built = await build({ channel: 'maya', amount: 500 });
    const retry = await payInSandbox(built.body.data, { action: 'pay', mobile: '123', mpin: '1' });
    expect(retry.body).toContain('10-digit mobile number');
    const cancelled = await payInSandbox(built.body.data, { action: 'cancel' });
    expect(cancelled.body).toContain('Payment cancelled');
    expect((await balance()).balance).toBe(0);
    const records = await player.get<{ list: { status: number }[] }>('/api/recharge/fetch', { status: 2 });
    expect(records.body.data.list).toHaveLength(1);
  });

  it('MPIN 0000 is declined by the wallet: Failed, and the coupon is free again', async () => {
    const coupons = await player.get<{ id: number }[]>('/api/coupon/fetch');
    const couponId = coupons.body.data[0]?.id;
    const built = await build({ channel: 'gcash', amount: 500, couponId });
    expect((await player.get<{ status: string }[]>('/api/coupon/fetch')).body.data[0]?.status).toBe('used');
    const declined = await payInSandbox(built.body.data, { action: 'pay', mobile: '9171234567', mpin: '0000' });
    expect(declined.body).toContain('declined');
    expect((await player.get<{ status: string }[]>('/api/coupon/fetch')).body.data[0]?.status).toBe('available');
  });

  it('credits the deposit and its bonus as two journal rows; 10x the bonus locks only the bonus', async () => {
    const couponId = (await player.get<{ id: number }[]>('/api/coupon/fetch')).body.data[0]?.id;
    const built = await build({ channel: 'gcash', amount: 600, couponId });
    await payInSandbox(built.body.data, { action: 'pay', mobile: '9171234567', mpin: '4321' });
    expect(await balance()).toMatchObject({ balance: 1200, deposit: 600, surplus: 0, withdrawalAmount: 600 });
    const locked = await inDb(app.db).all`SELECT bonus, required, state FROM wagering_requirements`;
    expect(locked).toEqual([{ bonus: 60_000, required: 600_000, state: 'open' }]);
  });
});

describe('the gateway webhook', () => {
  it('credits exactly once when each callback is replayed 3 times and out of order', async () => {
    const first = (await build({ channel: 'gcash', amount: 500 })).body.data;
    const second = (await build({ channel: 'gcash', amount: 700 })).body.data;
    // Replays at once (processed in any order: on PostgreSQL side by side), then a contradicting FAILED of
    // each after its SUCCESS was settled, which must not undo it.
    const replays = [
      signedCallback(second.orderNo, 'SUCCESS', '700.00'),
      signedCallback(first.orderNo, 'SUCCESS', '500.00'),
      signedCallback(second.orderNo, 'SUCCESS', '700.00'),
      signedCallback(first.orderNo, 'SUCCESS', '500.00'),
      signedCallback(second.orderNo, 'SUCCESS', '700.00'),
      signedCallback(first.orderNo, 'SUCCESS', '500.00'),
    ];
    const contradictions = [
      signedCallback(first.orderNo, 'FAILED', '500.00'),
      signedCallback(second.orderNo, 'FAILED', '700.00'),
    ];
    const answers = [
      ...(await Promise.all(replays.map(callback))),
      ...(await Promise.all(contradictions.map(callback))),
    ];
    for (const answer of answers) expect(answer.json()).toMatchObject({ success: true });
    expect(await balance()).toMatchObject({ balance: 1200, deposit: 1200 });
    const journal = await player.get<{ total: number }>('/api/user/balanceJournal/fetch', { type: 'deposit' });
    expect(journal.body.data.total).toBe(2);
  });

  it('one coupon, one bonus: a late SUCCESS of a cancelled order whose coupon another order took pays no bonus', async () => {
    const couponId = (await player.get<{ id: number }[]>('/api/coupon/fetch')).body.data[0]?.id;
    const first = (await build({ channel: 'gcash', amount: 600, couponId })).body.data;
    await player.post('/api/recharge/cancel', { orderNo: first.orderNo });
    // The coupon is free again: a second order takes it and is paid with its bonus.
    const second = (await build({ channel: 'gcash', amount: 500, couponId })).body.data;
    await callback(signedCallback(second.orderNo, 'SUCCESS', '500.00'));
    // Then the first order's payment arrives after all (the player paid its checkout before the cancel landed).
    expect((await callback(signedCallback(first.orderNo, 'SUCCESS', '600.00'))).json()).toMatchObject({
      success: true,
    });
    const bonuses = await inDb(app.db).all`SELECT reference FROM balance_journal WHERE type = 'deposit_bonus'`;
    expect(bonuses).toEqual([{ reference: second.orderNo }]);
    // Both deposits credited; the first order's record shows no bonus, and its own turnover only.
    expect(await balance()).toMatchObject({ balance: 500 + 500 + 600, deposit: 1100 });
    expect(
      await inDb(app.db).get`SELECT bonus, bonus_turnover, coupon_id FROM deposits WHERE order_no = ${first.orderNo}`,
    ).toEqual({ bonus: 0, bonus_turnover: 0, coupon_id: null });
    await assertLedgerWhole(app.db);
  });

  it('a late SUCCESS of a cancelled order whose coupon is still free takes it again and pays the bonus once', async () => {
    const couponId = (await player.get<{ id: number }[]>('/api/coupon/fetch')).body.data[0]?.id;
    const order = (await build({ channel: 'gcash', amount: 600, couponId })).body.data;
    await player.post('/api/recharge/cancel', { orderNo: order.orderNo });
    await callback(signedCallback(order.orderNo, 'SUCCESS', '600.00'));
    expect(await balance()).toMatchObject({ balance: 1200, deposit: 600 });
    expect((await player.get<{ status: string }[]>('/api/coupon/fetch')).body.data[0]?.status).toBe('used');
    await assertLedgerWhole(app.db);
  });

  it('refuses a wrong signature and a wrong amount, moving nothing', async () => {
    const order = (await build({ channel: 'gcash', amount: 500 })).body.data;
    const forged = { ...signedCallback(order.orderNo, 'SUCCESS', '500.00'), signature: 'a'.repeat(64) };
    expect((await callback(forged)).json()).toMatchObject({ success: false, code: Code.SIGNATURE_INVALID });
    const tampered = { ...signedCallback(order.orderNo, 'SUCCESS', '500.00'), amount: '5000.00' };
    expect((await callback(tampered)).json()).toMatchObject({ success: false, code: Code.SIGNATURE_INVALID });
    const short = signedCallback(order.orderNo, 'SUCCESS', '50.00');
    expect((await callback(short)).json()).toMatchObject({ success: false, code: Code.CALLBACK_AMOUNT_MISMATCH });
    const unknown = signedCallback('D2026112099999999', 'SUCCESS', '500.00');
    expect((await callback(unknown)).json()).toMatchObject({ success: false, code: Code.ORDER_NOT_FOUND });
    expect((await balance()).balance).toBe(0);
  });

  it('times out a pending order when the clock passes 30 minutes, and still credits a late payment', async () => {
    const order = (await build({ channel: 'maya', amount: 500 })).body.data;
    await opsClient(app).post('/ops/clock', { advance: '31m' });
    const records = await player.get<{ list: { status: number }[] }>('/api/recharge/fetch');
    expect(records.body.data.list[0]?.status).toBe(3);
    await callback(signedCallback(order.orderNo, 'SUCCESS', '500.00'));
    expect((await balance()).balance).toBe(500);
  });

  it("does not show one player's orders to another", async () => {
    await build({ channel: 'gcash', amount: 500 });
    const other = (await registerPlayer(app)).client;
    expect((await other.get<{ total: number }>('/api/recharge/fetch')).body.data.total).toBe(0);
  });
});

describe('the ledger invariant', () => {
  it('the journal sums to every balance after deposits', async () => {
    for (const amount of [500, 650.25, 1000]) {
      const order = (await build({ channel: 'gcash', amount })).body.data;
      await callback(signedCallback(order.orderNo, 'SUCCESS', amount.toFixed(2)));
    }
    await assertLedgerWhole(app.db);
    expect((await balance()).balance).toBe(2150.25);
  });
});

describe('pixel events', () => {
  it('queues one Purchase event with the amount of the first deposit only', async () => {
    for (const amount of [500, 800]) {
      const order = (await build({ channel: 'gcash', amount })).body.data;
      await callback(signedCallback(order.orderNo, 'SUCCESS', amount.toFixed(2)));
    }
    const fetched = await player.get<{ events: { name: string; value?: number }[] }>('/api/fb/event/fetch');
    expect(fetched.body.data.events.filter((e) => e.name === 'Purchase')).toEqual([
      { name: 'Purchase', value: 500, currency: 'PHP' },
    ]);
    const again = await player.get<{ fbEvent: unknown[] }>('/api/balance');
    expect(again.body.data.fbEvent).toEqual([]);
  });

  it('GET /api/balance delivers a waiting event once (its one statement saw it), then neither path has it', async () => {
    const order = (await build({ channel: 'gcash', amount: 500 })).body.data;
    await callback(signedCallback(order.orderNo, 'SUCCESS', '500.00'));
    const read = () => player.get<{ fbEvent: { name: string; value?: number }[] }>('/api/balance');
    // Two tabs reading at once: the Purchase is delivered to one of them only.
    const [a, b] = await Promise.all([read(), read()]);
    const purchases = [...a.body.data.fbEvent, ...b.body.data.fbEvent].filter((e) => e.name === 'Purchase');
    expect(purchases).toEqual([{ name: 'Purchase', value: 500, currency: 'PHP' }]);
    expect((await read()).body.data.fbEvent).toEqual([]);
    const fetched = await player.get<{ events: unknown[] }>('/api/fb/event/fetch');
    expect(fetched.body.data.events).toEqual([]);
  });
});
