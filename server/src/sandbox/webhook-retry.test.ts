import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { assertLedgerWhole } from '../domains/ledger/whole';
import { addFault, casinoDown, payOnCheckout } from '../test/checkout';
import { opsClient, registerPlayer, restartableConfig, type TestClient, testApp } from '../test/helpers';
import { inDb } from '../test/in-db';
import { gatewayClient } from './gateway-client';
import { outcomeOf, retryDelaySeconds, WEBHOOK_MAX_TRIES, webhookDeliveries } from './webhook';
import { createSandboxWebhookRepo } from './webhook-repo';

/**
 * The payment sandbox retries a webhook the casino did not take (issue 27 leftovers), as a real gateway
 * does. How a payer would lose (or a tester double) money: a paid webhook refused once by a casino fault
 * never credits; a retry racing a late duplicate, or two processes retrying, credit twice; a restart
 * forgets the retry; a retry of an order the casino refused for good goes on for ever. Each fails here.
 */
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

type Built = { orderNo: string; payUrl: string };
const build = (client: TestClient, amount: number) =>
  client.post<Built>('/api/recharge/build', { channel: 'gcash', amount });

const pay = (server: FastifyInstance, payUrl: string) => payOnCheckout(server, payUrl);

/** A casino fault on the webhook: its database away (503) for the next `count` calls. */

const order = (server: FastifyInstance, orderNo: string) =>
  inDb(server.db).get<{ status: number; callback_count: number }>`
    SELECT status, callback_count FROM deposits WHERE order_no = ${orderNo}`;
const credits = (server: FastifyInstance, orderNo: string) =>
  inDb(server.db).value<number>`
    SELECT count(*) FROM balance_journal WHERE type = 'deposit' AND reference = ${orderNo}`;
const outbox = (server: FastifyInstance) =>
  inDb(server.db).all<{ status: string; attempts: number }>`SELECT status, attempts FROM sandbox_webhooks ORDER BY id`;
const view = async (server: FastifyInstance) => {
  const answer = await server.inject({
    url: '/sandbox/gateway/webhooks',
    headers: { authorization: `Bearer ${server.config.adminToken}` },
  });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { pending: { orderNo: string; tries: number; nextAt: string; lastAnswer: string }[] })
    .pending;
};

/** A paid checkout whose first webhook met the casino's fault: the order Pending, a retry waiting. */
async function paidWhileDown(server: FastifyInstance) {
  const { client } = await registerPlayer(server);
  const built = (await build(client, 500)).body.data;
  await casinoDown(server);
  const page = await pay(server, built.payUrl);
  expect(page.body).toContain('data-status="processing"');
  expect(await order(server, built.orderNo)).toMatchObject({ status: 0 });
  return { client, orderNo: built.orderNo };
}

describe('the payment sandbox retries a webhook the casino did not take', () => {
  it('the first try meets a casino database fault: the retry 10 s later (app clock) credits it, once', async () => {
    const server = await started();
    const { orderNo } = await paidWhileDown(server);
    const [pending] = await view(server);
    expect(pending).toMatchObject({ orderNo, tries: 1 });
    expect(pending?.lastAnswer).toContain('503');
    // Not yet due at 9 s; due at 10 s.
    server.clock.advance(9_000);
    expect(await server.paymentSandbox.webhooks.retryDue()).toBe(0);
    server.clock.advance(1_000);
    await server.paymentSandbox.webhooks.retryDue();
    expect(await order(server, orderNo)).toMatchObject({ status: 1, callback_count: 1 });
    expect(await credits(server, orderNo)).toBe(1);
    expect(await outbox(server)).toEqual([{ status: 'delivered', attempts: 2 }]);
    expect(await view(server)).toEqual([]);
    // Nothing more is sent, however far the clock goes.
    server.clock.advance(2 * 3600_000);
    expect(await server.paymentSandbox.webhooks.retryDue()).toBe(0);
    expect(await credits(server, orderNo)).toBe(1);
    await assertLedgerWhole(server.db);
  });

  it('a tester moving the clock drives the retry (the clock move waits for it)', async () => {
    const server = await started();
    const { orderNo } = await paidWhileDown(server);
    const moved = await opsClient(server).post('/ops/clock', { advance: '10s' });
    expect(moved.body.success, JSON.stringify(moved.body)).toBe(true);
    expect(await order(server, orderNo)).toMatchObject({ status: 1 });
    expect(await credits(server, orderNo)).toBe(1);
  });

  it('the retry and a late duplicate of the same webhook race: credited once', async () => {
    const server = await started();
    const { orderNo } = await paidWhileDown(server);
    const payload = JSON.parse(
      (await inDb(server.db).value<string>`SELECT payload FROM sandbox_webhooks WHERE order_no = ${orderNo}`) ?? '{}',
    );
    server.clock.advance(10_000);
    const [, duplicate] = await Promise.all([
      server.paymentSandbox.webhooks.retryDue(),
      gatewayClient(server).deliver(payload),
      gatewayClient(server).deliver(payload),
    ]);
    expect(duplicate.json()).toMatchObject({ success: true });
    expect(await order(server, orderNo)).toMatchObject({ status: 1 });
    expect(await credits(server, orderNo)).toBe(1);
    expect(await outbox(server)).toEqual([{ status: 'delivered', attempts: 2 }]);
    await assertLedgerWhole(server.db);
  });

  it('two delivery engines (two processes) over one database send the due retry once', async () => {
    const server = await started();
    const { orderNo } = await paidWhileDown(server);
    let sent = 0;
    const real = gatewayClient(server);
    const counting = {
      ...real,
      deliver: (payload: Parameters<typeof real.deliver>[0]) => {
        sent += 1;
        return real.deliver(payload);
      },
    };
    const engines = [1, 2].map(() =>
      webhookDeliveries(server, { repo: createSandboxWebhookRepo(server.db), gateway: counting }),
    );
    // The clock move starts the app's own run too: three engines race for the one due try.
    server.clock.advance(10_000);
    const runs = await Promise.all(engines.flatMap((e) => [e.retryDue(), e.retryDue()]));
    await server.paymentSandbox.webhooks.retryDue();
    expect(runs.reduce((a, b) => a + b, 0)).toBe(sent);
    expect(sent).toBeLessThanOrEqual(1);
    // One webhook reached the casino after the first (callback_count counts every one it received).
    expect(await order(server, orderNo)).toEqual({ status: 1, callback_count: 1 });
    expect(await outbox(server)).toEqual([{ status: 'delivered', attempts: 2 }]);
    expect(await credits(server, orderNo)).toBe(1);
    await assertLedgerWhole(server.db);
  });

  it('survives a restart between tries: the outbox is in the database', async () => {
    dir = mkdtempSync(join(tmpdir(), 'casino-webhook-retry-'));
    const { config, drop } = await restartableConfig(dir);
    dropDatabase = drop;
    let server = await started({ config });
    const { orderNo } = await paidWhileDown(server);
    await server.close();
    server = await started({ config });
    expect(await view(server)).toMatchObject([{ orderNo, tries: 1 }]);
    server.clock.advance(10_000);
    await server.paymentSandbox.webhooks.retryDue();
    expect(await order(server, orderNo)).toMatchObject({ status: 1 });
    expect(await credits(server, orderNo)).toBe(1);
    await assertLedgerWhole(server.db);
  });

  it('backs off 10 s, 30 s, 2 min... and a business refusal is final: no more tries', async () => {
    const server = await started();
    const { orderNo } = await paidWhileDown(server);
    await casinoDown(server, 2);
    server.clock.advance(10_000);
    await server.paymentSandbox.webhooks.retryDue();
    server.clock.advance(29_000);
    expect(await server.paymentSandbox.webhooks.retryDue()).toBe(0);
    expect(await outbox(server)).toEqual([{ status: 'pending', attempts: 2 }]);
    server.clock.advance(1_000);
    await server.paymentSandbox.webhooks.retryDue();
    expect(await outbox(server)).toEqual([{ status: 'pending', attempts: 3 }]);
    // The casino now says no for good (its envelope, HTTP 200): the delivery ends, refused.
    await addFault(server, {
      kind: 'error',
      route: '/api/payment/callback',
      code: Code.ORDER_NOT_FOUND,
      count: 1,
    });
    server.clock.advance(120_000);
    await server.paymentSandbox.webhooks.retryDue();
    expect(await outbox(server)).toEqual([{ status: 'refused', attempts: 4 }]);
    expect(await view(server)).toEqual([]);
    server.clock.advance(24 * 3600_000);
    expect(await server.paymentSandbox.webhooks.retryDue()).toBe(0);
    // The casino never took it (its time-out sweep makes the order 3 Timeout in its own time): nothing credited.
    expect(await order(server, orderNo)).toMatchObject({ callback_count: 0 });
    expect(await credits(server, orderNo)).toBe(0);
    await assertLedgerWhole(server.db);
  });

  it('gives up after the last try, and the view needs the operator token', async () => {
    const server = await started();
    await paidWhileDown(server);
    await casinoDown(server, WEBHOOK_MAX_TRIES);
    for (let tries = 1; tries < WEBHOOK_MAX_TRIES; tries++) {
      server.clock.advance(retryDelaySeconds(tries) * 1000);
      await server.paymentSandbox.webhooks.retryDue();
      expect((await outbox(server))[0]?.attempts).toBe(tries + 1);
    }
    expect(await outbox(server)).toEqual([{ status: 'abandoned', attempts: WEBHOOK_MAX_TRIES }]);
    expect((await server.inject({ url: '/sandbox/gateway/webhooks' })).statusCode).toBe(401);
  });
});

describe('what a try came to', () => {
  it('reads the casino answer as a gateway does', () => {
    expect(outcomeOf(200, { success: true, code: 0 })).toBe('delivered');
    expect(outcomeOf(200, { success: false, code: Code.ORDER_NOT_FOUND })).toBe('refused');
    expect(outcomeOf(200, { success: false, code: Code.CALLBACK_AMOUNT_MISMATCH })).toBe('refused');
    expect(outcomeOf(503, { success: false, code: Code.SERVICE_UNAVAILABLE })).toBe('retry');
    expect(outcomeOf(500, { success: false, code: Code.INTERNAL })).toBe('retry');
    expect(outcomeOf(429, { success: false, code: Code.RATE_LIMITED })).toBe('retry');
    expect(outcomeOf(502, undefined)).toBe('retry');
    expect(outcomeOf(undefined, undefined)).toBe('retry');
    expect([1, 2, 3, 4, 5, 6, 29].map(retryDelaySeconds)).toEqual([10, 30, 120, 600, 3600, 3600, 3600]);
  });
});

describe('review: a webhook waiting for its retry, attacked (both stores)', () => {
  it('attack: the player cancels the paid order meanwhile: refused (the gateway says paid), the retry credits once', async () => {
    const server = await started();
    const { client, orderNo } = await paidWhileDown(server);
    const cancelled = await client.post('/api/recharge/cancel', { orderNo });
    expect(cancelled.body.code).toBe(Code.DEPOSIT_NOT_PENDING);
    server.clock.advance(10_000);
    await server.paymentSandbox.webhooks.retryDue();
    expect(await order(server, orderNo)).toMatchObject({ status: 1 });
    expect(await credits(server, orderNo)).toBe(1);
    await assertLedgerWhole(server.db);
  });

  it("attack: an operator's FAILED settle meanwhile is refused (paid at the gateway); the retry credits once", async () => {
    const server = await started();
    const { orderNo } = await paidWhileDown(server);
    const failed = await opsClient(server).post(`/ops/deposits/${orderNo}/settle`, {
      status: 'FAILED',
      reason: 'review: the payer says it failed',
    });
    expect(failed.body.code).toBe(Code.DEPOSIT_NOT_PENDING);
    server.clock.advance(10_000);
    await server.paymentSandbox.webhooks.retryDue();
    expect(await order(server, orderNo)).toMatchObject({ status: 1 });
    expect(await credits(server, orderNo)).toBe(1);
    await assertLedgerWhole(server.db);
  });

  it("attack: an operator's SUCCESS settle by hand meanwhile, then the retry: credited once, the outbox ends delivered", async () => {
    const server = await started();
    const { orderNo } = await paidWhileDown(server);
    const settled = await opsClient(server).post(`/ops/deposits/${orderNo}/settle`, {
      status: 'SUCCESS',
      reason: 'review: paid, seen in the gateway report',
    });
    expect(settled.body.success, JSON.stringify(settled.body)).toBe(true);
    expect(await credits(server, orderNo)).toBe(1);
    server.clock.advance(10_000);
    await server.paymentSandbox.webhooks.retryDue();
    expect(await credits(server, orderNo)).toBe(1);
    expect(await outbox(server)).toEqual([{ status: 'delivered', attempts: 2 }]);
    await assertLedgerWhole(server.db);
  });

  it("attack: the player's own session (cookie, or its value as a bearer) reads no delivery log", async () => {
    const server = await started();
    const { client } = await paidWhileDown(server);
    const asCookie = await server.inject({ url: '/sandbox/gateway/webhooks', headers: { cookie: client.cookie } });
    expect(asCookie.statusCode).toBe(401);
    const value = client.cookie.split(';')[0]?.split('=').slice(1).join('=') ?? '';
    const asBearer = await server.inject({
      url: '/sandbox/gateway/webhooks',
      headers: { authorization: `Bearer ${value}` },
    });
    expect(asBearer.statusCode).toBe(401);
    expect(`${asCookie.body}${asBearer.body}`).not.toContain('orderNo');
  });
});
