import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { assertLedgerWhole } from '../domains/ledger/whole';
import { opsClient, registerPlayer, restartableConfig, type TestClient, testApp } from '../test/helpers';
import { inDb } from '../test/in-db';
import { gatewayClient } from './gateway-client';
import { webhookDeliveries } from './webhook';
import { createSandboxWebhookRepo } from './webhook-repo';

/**
 * The tester's deposit.late and deposit.duplicate faults go through the gateway's outbox as a real webhook
 * does (issue 27 leftovers): a late webhook is a row whose first try waits, the duplicate a second row. How
 * a careless tester (or the server) would lose or double a payment: restart while a late webhook is held
 * (it lived in one process's memory), run two processes (each delivered what it held, or neither did), meet
 * the casino down at the late webhook's time (it was sent once and forgotten). Each fails here, both stores.
 */
let apps: FastifyInstance[] = [];
let dir = '';
let dropDatabase = async () => {};
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await dropDatabase();
  dropDatabase = async () => {};
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});
const started = async (options: Parameters<typeof testApp>[0] = {}) => {
  const app = await testApp(options);
  apps.push(app);
  return app;
};

type Built = { orderNo: string; payUrl: string };
async function payNewOrder(server: FastifyInstance, client: TestClient, amount = 500) {
  const built = (await client.post<Built>('/api/recharge/build', { channel: 'gcash', amount })).body.data;
  const url = new URL(built.payUrl);
  const page = await server.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      token: url.searchParams.get('token') ?? '',
      action: 'pay',
      mobile: '9171234567',
      mpin: '1234',
    }).toString(),
  });
  return { orderNo: built.orderNo, page: page.body };
}
async function addFault(server: FastifyInstance, body: object) {
  const answer = await opsClient(server).post('/ops/faults', body);
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
}
const casinoDown = (server: FastifyInstance, count = 1) =>
  addFault(server, {
    kind: 'error',
    route: '/api/payment/callback',
    status: 503,
    code: Code.SERVICE_UNAVAILABLE,
    count,
  });
const order = (server: FastifyInstance, orderNo: string) =>
  inDb(server.db).get<{ status: number; callback_count: number }>`
    SELECT status, callback_count FROM deposits WHERE order_no = ${orderNo}`;
const credits = (server: FastifyInstance, orderNo: string) =>
  inDb(server.db).value<number>`
    SELECT count(*) FROM balance_journal WHERE type = 'deposit' AND reference = ${orderNo}`;
const outbox = (server: FastifyInstance) =>
  inDb(server.db).all<{ status: string; attempts: number }>`SELECT status, attempts FROM sandbox_webhooks ORDER BY id`;
const held = async (server: FastifyInstance) =>
  (await opsClient(server).get<{ heldCallbacks: { orderNo: string; dueAt: string }[] }>('/ops/faults')).body.data
    .heldCallbacks;

describe('deposit.late goes through the outbox', () => {
  it('a held webhook survives a restart, is listed, and credits once when its time comes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'casino-late-fault-'));
    const { config, drop } = await restartableConfig(dir);
    dropDatabase = drop;
    let server = await started({ config });
    const { client } = await registerPlayer(server);
    await addFault(server, { kind: 'deposit.late', delaySeconds: 45 * 60 });
    const late = await payNewOrder(server, client);
    expect(late.page).toContain('data-status="processing"');
    expect(await outbox(server)).toEqual([{ status: 'pending', attempts: 0 }]);
    const dueAt = new Date(server.clock.nowMs() + 45 * 60_000).toISOString();
    expect(await held(server)).toEqual([{ orderNo: late.orderNo, status: 'SUCCESS', dueAt }]);

    await server.close();
    apps = [];
    server = await started({ config });
    expect(await held(server)).toEqual([{ orderNo: late.orderNo, status: 'SUCCESS', dueAt }]);
    await opsClient(server).post('/ops/clock', { advance: '44m' });
    expect(await order(server, late.orderNo)).toMatchObject({ callback_count: 0 });
    await opsClient(server).post('/ops/clock', { advance: '1m' });
    expect(await order(server, late.orderNo)).toMatchObject({ status: 1, callback_count: 1 });
    expect(await credits(server, late.orderNo)).toBe(1);
    expect(await outbox(server)).toEqual([{ status: 'delivered', attempts: 1 }]);
    expect(await held(server)).toEqual([]);
    await assertLedgerWhole(server.db);
  });

  it('two processes (delivery engines) over one database send the held webhook once', async () => {
    const server = await started();
    const { client } = await registerPlayer(server);
    await addFault(server, { kind: 'deposit.late', delaySeconds: 60 });
    const late = await payNewOrder(server, client);
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
    server.clock.advance(60_000);
    await Promise.all(engines.flatMap((e) => [e.retryDue(), e.retryDue()]));
    await server.paymentSandbox.webhooks.retryDue();
    expect(sent).toBeLessThanOrEqual(1);
    expect(await order(server, late.orderNo)).toEqual({ status: 1, callback_count: 1 });
    expect(await credits(server, late.orderNo)).toBe(1);
    await assertLedgerWhole(server.db);
  });

  it('meets the casino down at its time: retried 10 s later like any webhook, credited once', async () => {
    const server = await started();
    const { client } = await registerPlayer(server);
    await addFault(server, { kind: 'deposit.late', delaySeconds: 60 });
    const late = await payNewOrder(server, client);
    await casinoDown(server);
    await opsClient(server).post('/ops/clock', { advance: '60s' });
    expect(await outbox(server)).toEqual([{ status: 'pending', attempts: 1 }]);
    expect(await order(server, late.orderNo)).toMatchObject({ status: 0 });
    await opsClient(server).post('/ops/clock', { advance: '10s' });
    expect(await order(server, late.orderNo)).toMatchObject({ status: 1 });
    expect(await credits(server, late.orderNo)).toBe(1);
    expect(await outbox(server)).toEqual([{ status: 'delivered', attempts: 2 }]);
  });

  it('a snapshot restore brings back the outbox of its instant: the held webhook of a later payment is gone', async () => {
    const server = await started();
    const ops = opsClient(server);
    const { client } = await registerPlayer(server);
    await ops.post('/ops/snapshots/before', {});
    await addFault(server, { kind: 'deposit.late', delaySeconds: 60 });
    await payNewOrder(server, client);
    expect(await held(server)).toHaveLength(1);
    expect((await ops.post('/ops/snapshots/before/restore', { keepClock: true })).body.success).toBe(true);
    expect(await held(server)).toEqual([]);
    expect(await outbox(server)).toEqual([]);
  });
});

describe('deposit.duplicate goes through the outbox', () => {
  it('the second webhook is a second row, tried and retried like the first: credited once', async () => {
    const server = await started();
    const { client } = await registerPlayer(server);
    await addFault(server, { kind: 'deposit.duplicate' });
    const twice = await payNewOrder(server, client, 700);
    expect(twice.page).toContain('data-status="paid"');
    expect(await outbox(server)).toEqual([
      { status: 'delivered', attempts: 1 },
      { status: 'delivered', attempts: 1 },
    ]);
    expect(await order(server, twice.orderNo)).toMatchObject({ status: 1, callback_count: 2 });
    expect(await credits(server, twice.orderNo)).toBe(1);

    // The first of the two meets the casino down: it is retried 10 s later, and its retry moves nothing more.
    await addFault(server, { kind: 'deposit.duplicate' });
    await casinoDown(server);
    const again = await payNewOrder(server, client, 800);
    expect((await outbox(server)).slice(2)).toEqual([
      { status: 'pending', attempts: 1 },
      { status: 'delivered', attempts: 1 },
    ]);
    expect(await credits(server, again.orderNo)).toBe(1);
    server.clock.advance(10_000);
    await server.paymentSandbox.webhooks.retryDue();
    expect((await outbox(server)).slice(2)).toEqual([
      { status: 'delivered', attempts: 2 },
      { status: 'delivered', attempts: 1 },
    ]);
    expect(await order(server, again.orderNo)).toMatchObject({ status: 1, callback_count: 2 });
    expect(await credits(server, again.orderNo)).toBe(1);
    await assertLedgerWhole(server.db);
  });
});
