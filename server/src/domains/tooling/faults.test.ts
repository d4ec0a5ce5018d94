import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { payOnCheckout } from '../../test/checkout';
import { opsClient, registerPlayer, type TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { readyPlayer, withdraw } from '../../test/money';
import { ledgerIsWhole } from './test-kit';

type Fault = { id: number; kind: string; remaining: number | null; applied: number };

let app: FastifyInstance;
let ops: TestClient;
beforeEach(async () => {
  app = await testApp();
  ops = opsClient(app);
});
afterEach(() => app.close());

const addFault = async (body: object) => {
  const answer = await ops.post<Fault>('/ops/faults', body);
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.data;
};
const faultList = async () =>
  (await ops.get<{ faults: Fault[]; heldCallbacks: { orderNo: string }[] }>('/ops/faults')).body.data;

describe('route faults', () => {
  it('answers an envelope code (20002) for one player only, until removed', async () => {
    const a = await registerPlayer(app);
    const b = await registerPlayer(app);
    const fault = await addFault({
      kind: 'error',
      route: '/api/user/info',
      code: Code.SESSION_INVALID,
      uid: a.info.uid,
    });
    for (let i = 0; i < 2; i++) {
      const hit = await a.client.get('/api/user/info');
      expect(hit.status).toBe(200);
      expect(hit.body).toMatchObject({ success: false, code: Code.SESSION_INVALID, data: null });
    }
    expect((await b.client.get('/api/user/info')).body.success).toBe(true);
    expect((await a.client.get('/api/balance')).body.success).toBe(true);
    expect((await faultList()).faults).toEqual([
      expect.objectContaining({ id: fault.id, applied: 2, remaining: null }),
    ]);
    expect((await ops.request({ method: 'DELETE', url: `/ops/faults?id=${fault.id}` })).body.data).toEqual({
      removed: 1,
    });
    expect((await a.client.get('/api/user/info')).body.success).toBe(true);
  });

  it('answers an HTTP status with its envelope, a set number of times, on a prefix and a method', async () => {
    const { client } = await registerPlayer(app);
    await addFault({ kind: 'error', route: '/api/user/*', method: 'GET', status: 503, count: 2 });
    const first = await client.get('/api/user/info');
    expect(first.status).toBe(503);
    expect(first.body).toMatchObject({ success: false, code: Code.INTERNAL });
    expect((await client.get('/api/user/info')).status).toBe(503);
    expect((await client.get('/api/user/info')).status).toBe(200);
    expect((await faultList()).faults).toEqual([]);
  });

  it('an error fault on a money route moves nothing', async () => {
    const { client, uid } = await readyPlayer(app, { funds: 1000 });
    await addFault({ kind: 'error', route: '/api/withdraw/create', status: 500 });
    const answer = await withdraw(app, client, 200);
    expect(answer.status).toBe(500);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM withdrawals`).toBe(0);
    expect((await app.services.ledger.account((await app.services.users.byUid(uid))?.id ?? 0)).balance).toBe(100_000);
    await ledgerIsWhole(app);
  });

  it('adds latency to a route', async () => {
    const { client } = await registerPlayer(app);
    await addFault({ kind: 'latency', route: '/api/user/info', ms: 300 });
    const start = performance.now();
    expect((await client.get('/api/user/info')).body.success).toBe(true);
    expect(performance.now() - start).toBeGreaterThanOrEqual(290);
    const start2 = performance.now();
    await client.get('/api/balance');
    expect(performance.now() - start2).toBeLessThan(290);
  });

  it('refuses faults on /ops, unknown codes, missing fields and unknown ids', async () => {
    expect((await ops.post('/ops/faults', { kind: 'error', route: '/ops/clock', code: 20002 })).body.code).toBe(
      Code.VALIDATION,
    );
    expect((await ops.post('/ops/faults', { kind: 'error', route: '/api/user/info', code: 12345 })).body.code).toBe(
      Code.FAULT_CODE_UNKNOWN,
    );
    expect((await ops.post('/ops/faults', { kind: 'latency', route: '/api/user/info' })).body.code).toBe(
      Code.VALIDATION,
    );
    expect((await ops.post('/ops/faults', { kind: 'error', route: '/api/x' })).body.code).toBe(Code.VALIDATION);
    expect((await ops.post('/ops/faults', { kind: 'deposit.fail', route: '/api/x' })).body.code).toBe(Code.VALIDATION);
    expect((await ops.post('/ops/faults', { kind: 'deposit.fail', uid: 99999999 })).body.code).toBe(Code.OPS_NOT_FOUND);
    expect((await ops.request({ method: 'DELETE', url: '/ops/faults?id=77' })).body.code).toBe(Code.FAULT_NOT_FOUND);
    expect((await faultList()).faults).toEqual([]);
  });

  it('DELETE /ops/faults without an id switches every fault off', async () => {
    await addFault({ kind: 'latency', route: '/api/*', ms: 5 });
    await addFault({ kind: 'payout.fail' });
    expect((await ops.request({ method: 'DELETE', url: '/ops/faults' })).body.data).toEqual({ removed: 2 });
    expect((await faultList()).faults).toEqual([]);
  });
});

describe('socket faults', () => {
  it('drops the live socket of the player and, with a count, the next connection too', async () => {
    const { client, info } = await registerPlayer(app);
    const other = await registerPlayer(app);
    const connect = (c: TestClient, uid: number) =>
      app.injectWS(`/webSocket/${uid}`, { headers: { cookie: c.cookie } });
    const ws = await connect(client, info.uid);
    const otherWs = await connect(other.client, other.info.uid);
    const closed = new Promise((resolve) => ws.on('close', resolve));
    const fault = await addFault({ kind: 'socket.drop', uid: info.uid, count: 2 });
    expect(fault).toMatchObject({ applied: 1, remaining: 1 });
    await closed;
    expect(otherWs.readyState).toBe(otherWs.OPEN);
    const again = await connect(client, info.uid);
    await new Promise((resolve) => (again.readyState === again.CLOSED ? resolve(null) : again.on('close', resolve)));
    const third = await connect(client, info.uid);
    expect(third.readyState).toBe(third.OPEN);
    expect(app.socket.stats().connections).toBe(2);
    third.terminate();
    otherWs.terminate();
  });
});

describe('deposit flow faults (the sandbox checkout)', () => {
  type Built = { orderNo: string; payUrl: string };
  async function payNewOrder(client: TestClient, amount = 500) {
    const built = (await client.post<Built>('/api/recharge/build', { channel: 'gcash', amount })).body.data;
    const page = await payOnCheckout(app, built.payUrl);
    const order = () => inDb(app.db).get`SELECT status, callback_count FROM deposits WHERE order_no = ${built.orderNo}`;
    return { page, order, orderNo: built.orderNo };
  }
  const balance = async (uid: number) =>
    (await app.services.ledger.account((await app.services.users.byUid(uid))?.id ?? 0)).balance;

  it('deposit.fail: the wallet declines the next payment of that player, then payments succeed again', async () => {
    const { client, info } = await registerPlayer(app);
    await addFault({ kind: 'deposit.fail', uid: info.uid });
    const failed = await payNewOrder(client);
    expect(failed.page.body).toContain('data-status="failed"');
    expect(await failed.order()).toMatchObject({ status: 2 });
    const paid = await payNewOrder(client);
    expect(await paid.order()).toMatchObject({ status: 1 });
    expect(await balance(info.uid)).toBe(50_000);
    await ledgerIsWhole(app);
  });

  it('deposit.timeout: no callback ever comes; the order times out with the clock', async () => {
    const { client, info } = await registerPlayer(app);
    await addFault({ kind: 'deposit.timeout' });
    const lost = await payNewOrder(client);
    expect(lost.page.body).toContain('data-status="processing"');
    expect(await lost.order()).toMatchObject({ status: 0, callback_count: 0 });
    await ops.post('/ops/clock', { advance: '31m' });
    expect(await lost.order()).toMatchObject({ status: 3 });
    expect(await balance(info.uid)).toBe(0);
  });

  it('deposit.duplicate: the callback arrives twice and credits once', async () => {
    const { client, info } = await registerPlayer(app);
    await addFault({ kind: 'deposit.duplicate' });
    const twice = await payNewOrder(client, 700);
    expect(twice.page.body).toContain('data-status="paid"');
    expect(await twice.order()).toMatchObject({ status: 1, callback_count: 2 });
    expect(await balance(info.uid)).toBe(70_000);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM balance_journal WHERE type = 'deposit'`).toBe(1);
    await ledgerIsWhole(app);
  });

  it('deposit.late: the callback is held until the clock passes its delay, even past the time-out', async () => {
    const { client, info } = await registerPlayer(app);
    await addFault({ kind: 'deposit.late', delaySeconds: 45 * 60 });
    const late = await payNewOrder(client);
    expect(late.page.body).toContain('data-status="processing"');
    expect((await faultList()).heldCallbacks).toEqual([expect.objectContaining({ orderNo: late.orderNo })]);
    await ops.post('/ops/clock', { advance: '31m' });
    expect(await late.order()).toMatchObject({ status: 3 });
    await ops.post('/ops/clock', { advance: '15m' });
    await expect.poll(() => late.order()).toMatchObject({ status: 1, callback_count: 1 });
    expect(await balance(info.uid)).toBe(50_000);
    expect((await faultList()).heldCallbacks).toEqual([]);
    await ledgerIsWhole(app);
  });
});

describe('payout flow faults (the sandbox payout gateway)', () => {
  const reviewAndSettle = async (orderNo: string) => {
    await ops.post(`/ops/withdrawals/${orderNo}/review`);
    await ops.post('/ops/clock', { advance: '2m' });
    return (await ops.get<{ status: number; remark: string }>(`/ops/withdrawals/${orderNo}`)).body.data;
  };

  it('payout.fail returns the money; payout.exception leaves it frozen; then payouts succeed', async () => {
    const { client, uid } = await readyPlayer(app, { funds: 2000 });
    const userId = (await app.services.users.byUid(uid))?.id ?? 0;
    const orders: string[] = [];
    for (let i = 0; i < 3; i++) orders.push((await withdraw(app, client, 300)).body.data.orderNo);
    await addFault({ kind: 'payout.fail', uid });
    expect(await reviewAndSettle(orders[0] as string)).toMatchObject({
      status: 3,
      remark: 'The wallet provider declined the payout',
    });
    await addFault({ kind: 'payout.exception' });
    expect(await reviewAndSettle(orders[1] as string)).toMatchObject({ status: 5 });
    expect(await reviewAndSettle(orders[2] as string)).toMatchObject({ status: 2 });
    const account = await app.services.ledger.account(userId);
    expect(account.balance).toBe(200_000 - 900_00 + 300_00);
    expect(account.frozen).toBe(300_00);
    await ledgerIsWhole(app);
  });
});

describe('poker.card: the card of the next draw', () => {
  type Draw = { card: { code: string }; duplicate: boolean };

  it('gives one player the chosen card once, only on a draw with a chance; others keep the random pick', async () => {
    const a = await registerPlayer(app);
    const b = await registerPlayer(app);
    const fault = await addFault({ kind: 'poker.card', uid: a.info.uid, card: 'BJ' });
    expect(fault).toMatchObject({ kind: 'poker.card', card: 'BJ', remaining: 1 });

    // b is not the player named: the fault stays.
    expect((await b.client.post('/api/poker/draw')).body.success).toBe(true);
    expect((await faultList()).faults).toHaveLength(1);

    const drawn = await a.client.post<Draw>('/api/poker/draw');
    expect(drawn.body.data).toMatchObject({ card: { code: 'BJ' }, duplicate: false });
    expect((await faultList()).faults).toEqual([]);

    // Without a chance the draw is refused before any card is chosen: the next fault is not used up.
    await addFault({ kind: 'poker.card', uid: a.info.uid, card: 'BJ' });
    expect((await a.client.post('/api/poker/draw')).body.code).toBe(Code.POKER_NO_CHANCE);
    expect((await faultList()).faults).toEqual([expect.objectContaining({ applied: 0, remaining: 1 })]);
    await ops.post('/ops/clock', { set: '2026-11-21T00:00:01+08:00' });
    const duplicate = await a.client.post<Draw>('/api/poker/draw');
    expect(duplicate.body.data).toMatchObject({ card: { code: 'BJ' }, duplicate: true });
    await ledgerIsWhole(app);
  });

  it('needs a card of the deck, and refuses a card on other kinds', async () => {
    expect((await ops.post('/ops/faults', { kind: 'poker.card' })).body.code).toBe(Code.VALIDATION);
    expect((await ops.post('/ops/faults', { kind: 'poker.card', card: 'ZZ' })).body.code).toBe(Code.VALIDATION);
    expect((await ops.post('/ops/faults', { kind: 'payout.fail', card: 'BJ' })).body.code).toBe(Code.VALIDATION);
    expect((await faultList()).faults).toEqual([]);
  });
});
