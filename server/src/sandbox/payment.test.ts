import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { signFields } from '../lib/signature';
import { registerPlayer, restartableConfig, type TestClient, testApp } from '../test/helpers';
import { inDb } from '../test/in-db';

type Built = { orderNo: string; payUrl: string; amount: number; status: number };

let app: FastifyInstance | undefined;
let dir = '';
let dropDatabase = async () => {};
afterEach(async () => {
  await app?.close();
  app = undefined;
  await dropDatabase();
  dropDatabase = async () => {};
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

const started = async (options: Parameters<typeof testApp>[0] = {}) => {
  app = await testApp(options);
  return app;
};

/** The casino's call to the gateway API: every field text, signed with the merchant secret. */
function createPayment(server: FastifyInstance, fields: Record<string, string>, secret = server.config.paymentSecret) {
  return server.inject({
    method: 'POST',
    url: '/sandbox/gateway/payments',
    payload: { ...fields, signature: signFields(fields, secret) },
  });
}
const payment = (orderNo: string) => ({
  orderNo,
  amount: '50000',
  brand: 'gcash',
  merchantName: 'Casino PH',
  expiresAt: '2026-11-20T02:30:00.000Z',
  playerRef: '100001',
  origin: 'http://casino.test',
});
const pathOf = (url: string) => {
  const u = new URL(url);
  return { path: u.pathname, token: u.searchParams.get('token') ?? '', full: u.pathname + u.search };
};
const payOnCheckout = (server: FastifyInstance, url: string, form: Record<string, string>) =>
  server.inject({
    method: 'POST',
    url: pathOf(url).path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: pathOf(url).token, ...form }).toString(),
  });
const build = (client: TestClient, amount = 500) =>
  client.post<Built>('/api/recharge/build', { channel: 'gcash', amount });
const stored = (server: FastifyInstance) => inDb(server.db).value<number>`SELECT COUNT(*) FROM sandbox_payments`;

describe('the gateway API of the payment sandbox', () => {
  it('a payment created twice is one payment with the same checkout URL', async () => {
    const server = await started();
    const first = await createPayment(server, payment('D2026112000000001'));
    expect(first.statusCode).toBe(201);
    const again = await createPayment(server, payment('D2026112000000001'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({
      orderNo: 'D2026112000000001',
      status: 'open',
      amount: '50000',
      checkoutUrl: expect.stringMatching(
        /^http:\/\/casino\.test\/sandbox\/pay\/D2026112000000001\?token=[a-f0-9]{32}$/,
      ),
    });
    expect(await stored(server)).toBe(1);
    // The same order number with another amount is not the same payment.
    const other = await createPayment(server, { ...payment('D2026112000000001'), amount: '60000' });
    expect(other.statusCode).toBe(409);
  });

  it('a casino order reopened gets the URL its build got', async () => {
    const server = await started();
    const { client } = await registerPlayer(server);
    const built = (await build(client)).body.data;
    const resumed = await client.post<Built>('/api/recharge/resume', { orderNo: built.orderNo });
    expect(resumed.body.data.payUrl).toBe(built.payUrl);
    expect(await stored(server)).toBe(1);
  });

  it('refuses a forged creation (wrong secret, or a field changed after signing) with a 401 and stores nothing', async () => {
    const server = await started();
    const forged = await createPayment(server, payment('D2026112000000002'), 'not-the-merchant-secret');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: 'invalid_signature', message: expect.any(String) });
    const fields = payment('D2026112000000002');
    const tampered = await server.inject({
      method: 'POST',
      url: '/sandbox/gateway/payments',
      payload: { ...fields, amount: '1', signature: signFields(fields, server.config.paymentSecret) },
    });
    expect(tampered.statusCode).toBe(401);
    const malformed = await server.inject({ method: 'POST', url: '/sandbox/gateway/payments', payload: { a: 1 } });
    expect(malformed.statusCode).toBe(400);
    expect(await stored(server)).toBe(0);
    expect((await server.inject({ url: '/sandbox/pay/D2026112000000002?token=x' })).statusCode).toBe(404);
  });

  it('a cancel is signed too: a forged one leaves the payment open', async () => {
    const server = await started();
    const { checkoutUrl } = (await createPayment(server, payment('D2026112000000003'))).json() as {
      checkoutUrl: string;
    };
    const fields = { orderNo: 'D2026112000000003', action: 'cancel' };
    const forged = await server.inject({
      method: 'POST',
      url: '/sandbox/gateway/payments/D2026112000000003/cancel',
      payload: { ...fields, signature: signFields(fields, 'wrong') },
    });
    expect(forged.statusCode).toBe(401);
    expect((await server.inject({ url: pathOf(checkoutUrl).full })).body).toContain('<form');
    const cancelled = await server.inject({
      method: 'POST',
      url: '/sandbox/gateway/payments/D2026112000000003/cancel',
      payload: { ...fields, signature: signFields(fields, server.config.paymentSecret) },
    });
    expect(cancelled.json()).toEqual({ orderNo: 'D2026112000000003', status: 'cancelled' });
    expect((await server.inject({ url: pathOf(checkoutUrl).full })).body).toContain('data-status="closed"');
  });

  it('a signed call is good for what it names only: a cancel replayed as a resend, or the reverse, is refused', async () => {
    const server = await started();
    await createPayment(server, payment('D2026112000000004'));
    const orderNo = 'D2026112000000004';
    const signedAs = (fields: Record<string, string>) => ({
      ...fields,
      signature: signFields(fields, server.config.paymentSecret),
    });
    // A signed cancel seen in passing, sent to the resend address: its action says cancel.
    const cancel = signedAs({ orderNo, action: 'cancel' });
    const asResend = await server.inject({
      method: 'POST',
      url: `/sandbox/gateway/webhooks/${orderNo}/resend`,
      payload: cancel,
    });
    expect(asResend.statusCode).toBe(400);
    // Relabelled as a resend, the signature no longer matches.
    const relabelled = await server.inject({
      method: 'POST',
      url: `/sandbox/gateway/webhooks/${orderNo}/resend`,
      payload: { ...cancel, action: 'resend' },
    });
    expect(relabelled.statusCode).toBe(401);
    // A signed resend sent to the cancel address leaves the payment open.
    const asCancel = await server.inject({
      method: 'POST',
      url: `/sandbox/gateway/payments/${orderNo}/cancel`,
      payload: signedAs({ orderNo, action: 'resend' }),
    });
    expect(asCancel.statusCode).toBe(400);
    // Without an action (the old shape) nothing is done either.
    const bare = await server.inject({
      method: 'POST',
      url: `/sandbox/gateway/payments/${orderNo}/cancel`,
      payload: signedAs({ orderNo }),
    });
    expect(bare.statusCode).toBe(400);
    const open = await server.inject({
      method: 'POST',
      url: `/sandbox/gateway/payments/${orderNo}/cancel`,
      payload: cancel,
    });
    expect(open.json()).toEqual({ orderNo, status: 'cancelled' });
  });
});

describe('the checkout page reads the sandbox book only', () => {
  it('an unknown order is 404', async () => {
    const server = await started();
    const page = await server.inject({ url: '/sandbox/pay/D2026112099999999?token=00000000000000000000000000000000' });
    expect(page.statusCode).toBe(404);
    const post = await payOnCheckout(server, 'http://h/sandbox/pay/D2026112099999999?token=0', {
      mobile: '9171234567',
      mpin: '1234',
    });
    expect(post.statusCode).toBe(404);
  });

  it('a paid one shows paid, and cannot be paid twice', async () => {
    const server = await started();
    const { client } = await registerPlayer(server);
    const built = (await build(client)).body.data;
    const form = { action: 'pay', mobile: '9171234567', mpin: '1234' };
    expect((await payOnCheckout(server, built.payUrl, form)).body).toContain('data-status="paid"');
    const reopened = await server.inject({ url: pathOf(built.payUrl).full });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.body).toContain('data-status="paid"');
    expect(reopened.body).not.toContain('<form');
    expect((await payOnCheckout(server, built.payUrl, form)).body).toContain('data-status="paid"');
    const deposits = await inDb(server.db).get<{
      status: number;
      callback_count: number;
    }>`SELECT status, callback_count FROM deposits WHERE order_no = ${built.orderNo}`;
    expect(deposits).toEqual({ status: 1, callback_count: 1 });
    expect(await inDb(server.db).value`SELECT status FROM sandbox_payments WHERE order_no = ${built.orderNo}`).toBe(
      'paid',
    );
  });

  it('an open payment past its own expiresAt (app clock) shows expired and pays nothing', async () => {
    const server = await started();
    const { checkoutUrl } = (await createPayment(server, payment('D2026112000000004'))).json() as {
      checkoutUrl: string;
    };
    expect((await server.inject({ url: pathOf(checkoutUrl).full })).body).toContain(
      'expires <time data-seconds="1800"',
    );
    server.clock.advance(30 * 60_000);
    expect((await server.inject({ url: pathOf(checkoutUrl).full })).body).toContain('data-status="expired"');
    const paid = await payOnCheckout(server, checkoutUrl, { action: 'pay', mobile: '9171234567', mpin: '1234' });
    expect(paid.body).toContain('data-status="expired"');
    expect(await inDb(server.db).value`SELECT status FROM sandbox_payments`).toBe('open');
  });

  it('works after the casino restarts: the payment is in the database, not in memory', async () => {
    dir = mkdtempSync(join(tmpdir(), 'casino-sandbox-pay-'));
    const { config, drop } = await restartableConfig(dir);
    dropDatabase = drop;
    let server = await started({ config });
    const { client } = await registerPlayer(server);
    const built = (await build(client, 700)).body.data;
    await server.close();
    server = await started({ config });
    const page = await server.inject({ url: pathOf(built.payUrl).full });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('700.00');
    const paid = await payOnCheckout(server, built.payUrl, { action: 'pay', mobile: '9171234567', mpin: '1234' });
    expect(paid.body).toContain('data-status="paid"');
    expect(await inDb(server.db).value`SELECT status FROM deposits WHERE order_no = ${built.orderNo}`).toBe(1);
  });
});
