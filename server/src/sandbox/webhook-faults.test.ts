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
import { operatorClient } from '../test/operators';
import { gatewayClient } from './gateway-client';
import { retryDelaySeconds, WEBHOOK_MAX_TRIES, webhookDeliveries } from './webhook';
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
  const page = await payOnCheckout(server, built.payUrl);
  return { orderNo: built.orderNo, page: page.body };
}
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

/** A paid deposit whose webhook the casino never took: every try met its database away, then the gateway gave up. */
async function abandonedWebhook(server: FastifyInstance, client: TestClient, amount = 500) {
  await casinoDown(server, WEBHOOK_MAX_TRIES);
  const paid = await payNewOrder(server, client, amount);
  for (let tries = 1; tries < WEBHOOK_MAX_TRIES; tries++) {
    server.clock.advance(retryDelaySeconds(tries) * 1000);
    await server.paymentSandbox.webhooks.retryDue();
  }
  expect((await outbox(server)).at(-1)).toEqual({ status: 'abandoned', attempts: WEBHOOK_MAX_TRIES });
  return paid.orderNo;
}
type Abandoned = {
  count: number;
  list: { orderNo: string; callbackStatus: string; tries: number; orderStatus: number }[];
};
type Redelivered = { result: string; outcome: string | null; deposit: { status: number } };

/**
 * An abandoned webhook (the gateway gave up after its last try) is a player who paid and was never credited:
 * the back office lists it and a cashier redelivers it. How it would be beaten: a cashier (or two, or one
 * pressing twice, or the gateway's own retry meanwhile) redelivering it to credit twice; a support agent
 * redelivering without the right; a redelivery without a reason, unaudited. Each fails here, both stores.
 */
describe('an abandoned webhook is shown and redelivered', () => {
  it('lists it with a count, and a redelivery pressed twice at once credits once, audited', async () => {
    const server = await started();
    const { client, info } = await registerPlayer(server);
    const orderNo = await abandonedWebhook(server, client);
    expect(await credits(server, orderNo)).toBe(0);
    const cashier = (await operatorClient(server, 'cashier')).client;
    const support = (await operatorClient(server, 'support')).client;

    const listed = await support.get<Abandoned>('/ops/deposits/abandoned-callbacks');
    expect(listed.body.data).toMatchObject({
      count: 1,
      list: [{ orderNo, uid: info.uid, callbackStatus: 'SUCCESS', tries: WEBHOOK_MAX_TRIES, orderStatus: 3 }],
    });

    // Support reads it but may not move money; a cashier must say why.
    const refused = await support.post(`/ops/deposits/${orderNo}/redeliver`, { reason: 'player called' });
    expect(refused.body).toMatchObject({ success: false, code: Code.OPS_FORBIDDEN });
    const noReason = await cashier.post(`/ops/deposits/${orderNo}/redeliver`, { reason: ' ' });
    expect(noReason.body).toMatchObject({ success: false, code: Code.OPS_REASON_REQUIRED });
    expect(await outbox(server)).toEqual([{ status: 'abandoned', attempts: WEBHOOK_MAX_TRIES }]);

    const presses = await Promise.all(
      [1, 2].map(() => cashier.post<Redelivered>(`/ops/deposits/${orderNo}/redeliver`, { reason: 'player paid' })),
    );
    expect(presses.map((p) => p.body.success)).toEqual([true, true]);
    // One press resends; the other finds it taken back already (pending while the first is sent, or delivered).
    const results = presses.map((p) => p.body.data.result);
    expect(results.filter((r) => r === 'resent')).toHaveLength(1);
    expect(results.filter((r) => r !== 'resent')[0]).toMatch(/^(pending|delivered)$/);
    expect(presses.find((p) => p.body.data.result === 'resent')?.body.data).toMatchObject({
      outcome: 'delivered',
      deposit: { status: 1 },
    });
    const again = await cashier.post<Redelivered>(`/ops/deposits/${orderNo}/redeliver`, { reason: 'once more' });
    expect(again.body.data).toMatchObject({ result: 'delivered', outcome: null, deposit: { status: 1 } });
    expect(await credits(server, orderNo)).toBe(1);
    expect(await order(server, orderNo)).toMatchObject({ status: 1, callback_count: 1 });
    expect((await cashier.get<Abandoned>('/ops/deposits/abandoned-callbacks')).body.data).toEqual({
      count: 0,
      list: [],
    });

    const audit = await opsClient(server).get<{ list: { before: unknown; after: unknown; code: number }[] }>(
      '/ops/audit',
      { route: '/ops/deposits/:orderNo/redeliver' },
    );
    const rows = audit.body.data.list;
    expect(rows.filter((r) => r.code === 0)).toHaveLength(3);
    expect(rows).toContainEqual(
      expect.objectContaining({ before: { status: 3, callbackCount: 0 }, after: { status: 1, callbackCount: 1 } }),
    );
    await assertLedgerWhole(server.db);
  });

  it('the casino still down: resent, retried on the schedule, credited once; an order without a webhook is refused', async () => {
    const server = await started();
    const { client } = await registerPlayer(server);
    const orderNo = await abandonedWebhook(server, client);
    const cashier = (await operatorClient(server, 'cashier')).client;
    await casinoDown(server);
    const first = await cashier.post<Redelivered>(`/ops/deposits/${orderNo}/redeliver`, { reason: 'player paid' });
    expect(first.body.data).toMatchObject({ result: 'resent', outcome: 'retry', deposit: { status: 3 } });
    expect(await outbox(server)).toEqual([{ status: 'pending', attempts: 1 }]);
    // Pending again: off the list, and a second press sends nothing more.
    expect((await cashier.get<Abandoned>('/ops/deposits/abandoned-callbacks')).body.data.count).toBe(0);
    const second = await cashier.post<Redelivered>(`/ops/deposits/${orderNo}/redeliver`, { reason: 'again' });
    expect(second.body.data).toMatchObject({ result: 'pending', outcome: null });
    server.clock.advance(10_000);
    await server.paymentSandbox.webhooks.retryDue();
    expect(await credits(server, orderNo)).toBe(1);
    expect(await outbox(server)).toEqual([{ status: 'delivered', attempts: 2 }]);

    // (A day of clock later the first player's session has ended: a new player's new order.)
    const other = (await registerPlayer(server)).client;
    const built = (await other.post<Built>('/api/recharge/build', { channel: 'gcash', amount: 500 })).body;
    expect(built.success, JSON.stringify(built)).toBe(true);
    const none = await cashier.post(`/ops/deposits/${built.data.orderNo}/redeliver`, { reason: 'checking' });
    expect(none.body).toMatchObject({ success: false, code: Code.CALLBACK_NOT_ABANDONED });
    const unknown = await cashier.post('/ops/deposits/D0000000000000001/redeliver', { reason: 'checking' });
    expect(unknown.body).toMatchObject({ success: false, code: Code.ORDER_NOT_FOUND });
    await assertLedgerWhole(server.db);
  });
});

/**
 * Adversarial review of the redelivery: a cashier redelivering a declined payment's webhook (to credit a
 * payment that failed), redelivering after the deposit was credited by hand, or pressing while the gateway's
 * own last try is on its way. Each credits exactly once, and never a failed payment; both stores.
 */
describe('attack: redelivering to credit twice or to credit a failed payment', () => {
  it('an abandoned FAILED webhook (the payer declined) redelivered: the order fails, nothing is credited', async () => {
    const server = await started();
    const { client } = await registerPlayer(server);
    await casinoDown(server, WEBHOOK_MAX_TRIES);
    const built = (await client.post<Built>('/api/recharge/build', { channel: 'gcash', amount: 500 })).body.data;
    await payOnCheckout(server, built.payUrl, '0000');
    for (let tries = 1; tries < WEBHOOK_MAX_TRIES; tries++) {
      server.clock.advance(retryDelaySeconds(tries) * 1000);
      await server.paymentSandbox.webhooks.retryDue();
    }
    expect((await outbox(server)).at(-1)).toEqual({ status: 'abandoned', attempts: WEBHOOK_MAX_TRIES });
    const cashier = (await operatorClient(server, 'cashier')).client;
    const listed = await cashier.get<Abandoned>('/ops/deposits/abandoned-callbacks');
    expect(listed.body.data.list).toMatchObject([{ orderNo: built.orderNo, callbackStatus: 'FAILED' }]);
    const pressed = await Promise.all(
      [1, 2].map(() => cashier.post<Redelivered>(`/ops/deposits/${built.orderNo}/redeliver`, { reason: 'check' })),
    );
    expect(pressed.map((p) => p.body.success)).toEqual([true, true]);
    // The press that found it taken back answers the order as it stood then (timed out, or failed already).
    const results = pressed.map((p) => p.body.data.result);
    expect(results.filter((r) => r === 'resent')).toHaveLength(1);
    expect(results.filter((r) => r !== 'resent')[0]).toMatch(/^(pending|delivered)$/);
    expect(await credits(server, built.orderNo)).toBe(0);
    expect(await order(server, built.orderNo)).toMatchObject({ status: 2, callback_count: 1 });
    // A hand settle SUCCESS of the failed order afterwards moves nothing either (settled by the gateway's word).
    const settled = await cashier.post(`/ops/deposits/${built.orderNo}/settle`, { status: 'SUCCESS', reason: 'x' });
    expect(settled.body).toMatchObject({ data: { status: 2 } });
    expect(await credits(server, built.orderNo)).toBe(0);
    await assertLedgerWhole(server.db);
  });

  it('credited by hand first, then redelivered (twice): the webhook moves nothing, one credit', async () => {
    const server = await started();
    const { client } = await registerPlayer(server);
    const orderNo = await abandonedWebhook(server, client);
    const cashier = (await operatorClient(server, 'cashier')).client;
    const settled = await cashier.post(`/ops/deposits/${orderNo}/settle`, { status: 'SUCCESS', reason: 'paid' });
    expect(settled.body, JSON.stringify(settled.body)).toMatchObject({ success: true, data: { status: 1 } });
    expect(await credits(server, orderNo)).toBe(1);
    // Settled: off the list; a press still resends (the gateway does not know) and the casino takes it, idle.
    expect((await cashier.get<Abandoned>('/ops/deposits/abandoned-callbacks')).body.data.count).toBe(0);
    for (const reason of ['again', 'and again']) {
      const press = await cashier.post<Redelivered>(`/ops/deposits/${orderNo}/redeliver`, { reason });
      expect(press.body.data.deposit.status).toBe(1);
    }
    expect(await credits(server, orderNo)).toBe(1);
    await assertLedgerWhole(server.db);
  });

  it('a press on a webhook the deposit.late fault holds sends nothing early; it credits once at its time', async () => {
    const server = await started();
    const { client } = await registerPlayer(server);
    await addFault(server, { kind: 'deposit.late', delaySeconds: 60 });
    const paid = await payNewOrder(server, client);
    const press = await opsClient(server).post<Redelivered>(`/ops/deposits/${paid.orderNo}/redeliver`, {
      reason: 'player says paid',
    });
    expect(press.body.data).toMatchObject({ result: 'pending', outcome: null });
    expect(await credits(server, paid.orderNo)).toBe(0);
    expect(await outbox(server)).toEqual([{ status: 'pending', attempts: 0 }]);
    server.clock.advance(60_000);
    await server.paymentSandbox.webhooks.retryDue();
    await server.paymentSandbox.webhooks.retryDue();
    expect(await credits(server, paid.orderNo)).toBe(1);
    await assertLedgerWhole(server.db);
  });

  it('a press while the gateway’s last try is on its way: one of the two sends, one credit', async () => {
    const server = await started();
    const { client } = await registerPlayer(server);
    await casinoDown(server, WEBHOOK_MAX_TRIES - 1);
    const paid = await payNewOrder(server, client);
    for (let tries = 1; tries < WEBHOOK_MAX_TRIES - 1; tries++) {
      server.clock.advance(retryDelaySeconds(tries) * 1000);
      await server.paymentSandbox.webhooks.retryDue();
    }
    expect((await outbox(server)).at(-1)).toEqual({ status: 'pending', attempts: WEBHOOK_MAX_TRIES - 1 });
    server.clock.advance(retryDelaySeconds(WEBHOOK_MAX_TRIES - 1) * 1000);
    // (The service account: an operator's session would have idled out over the hour of clock.)
    const [press] = await Promise.all([
      opsClient(server).post<Redelivered>(`/ops/deposits/${paid.orderNo}/redeliver`, { reason: 'player called' }),
      server.paymentSandbox.webhooks.retryDue(),
    ]);
    expect(press?.body.success, JSON.stringify(press?.body)).toBe(true);
    expect(press?.body.data.result).toMatch(/^(pending|delivered)$/);
    expect(await credits(server, paid.orderNo)).toBe(1);
    expect(await order(server, paid.orderNo)).toMatchObject({ status: 1, callback_count: 1 });
    await assertLedgerWhole(server.db);
  });
});
