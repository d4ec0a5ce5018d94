import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import type { ResponsibleState } from '../../../../shared/contract/responsible';
import { testConfig } from '../../config';
import { TEST_FAMILIES, TEST_TITLES } from '../../sandbox/provider/testing';
import { opsClient, registerPlayer, type TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { balanceOf, fund } from '../../test/money';
import { deposit } from '../../test/play';

/**
 * Adversarial review of responsible gaming (docs/responsible-gaming.md): a player trying to get round their
 * own deposit limit or break, each asserting what the house does (the holes it found, an order built before
 * a break and paid during it, are closed: a break cancels the player's Pending orders).
 */

const DAY_MS = 86_400_000;
let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp({ config: testConfig({ sessionIdleMs: 60 * DAY_MS, sessionAbsoluteMs: 60 * DAY_MS }) });
});
afterEach(() => app.close());

const state = async (client: TestClient) => (await client.get<ResponsibleState>('/api/responsible/fetch')).body.data;
const setLimit = (client: TestClient, period: string, amount: number | null) =>
  client.post<ResponsibleState>('/api/responsible/depositLimit', { period, amount });
const takeBreak = (client: TestClient, kind = 'cooloff', length = '24h') =>
  client.post<ResponsibleState>('/api/responsible/break', { kind, length });
const build = (client: TestClient, amount: number) =>
  client.post<{ orderNo: string; payUrl: string }>('/api/recharge/build', { channel: 'gcash', amount });
const setClock = (iso: string) => opsClient(app).post('/ops/clock', { set: iso });
const advance = (by: string) => opsClient(app).post('/ops/clock', { advance: by });
const limitOf = (s: ResponsibleState, period: string) => s.depositLimits.find((l) => l.period === period);
const statusOf = async (orderNo: string) =>
  (await inDb(app.db).value<number>`SELECT status FROM deposits WHERE order_no = ${orderNo}`) as number;

/** Pays an order on the sandbox checkout page as the player would (mobile and MPIN typed on the form). */
async function payOnCheckout(payUrl: string) {
  const url = new URL(payUrl);
  const token = url.searchParams.get('token') ?? '';
  return app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, action: 'pay', mobile: '9171234567', mpin: '1234' }).toString(),
  });
}

describe('a break and an order built before it', () => {
  it('a Pending order built before a cool-off is closed by it: /api/recharge/resume has nothing to reopen', async () => {
    const { client } = await registerPlayer(app);
    const built = await build(client, 500);
    expect(built.body.success).toBe(true);
    await takeBreak(client);
    const resumed = await client.post('/api/recharge/resume', { orderNo: built.body.data.orderNo });
    // house: the break cancelled the order (Failed), so nothing can be paid while it runs
    expect(resumed.body).toMatchObject({ success: false, code: Code.DEPOSIT_NOT_PENDING });
    expect(await statusOf(built.body.data.orderNo)).toBe(2);
  });

  it('a Pending order built before a self-exclusion cannot be paid on its checkout during it', async () => {
    const { client } = await registerPlayer(app);
    const built = await build(client, 500);
    expect(built.body.success).toBe(true);
    const taken = await takeBreak(client, 'exclusion', '1y');
    expect(taken.body.data.playBreak).toMatchObject({ kind: 'exclusion' });
    await payOnCheckout(built.body.data.payUrl);
    // house: no deposit reaches a self-excluded player's balance (the order should close when the break starts)
    expect((await balanceOf(client)).balance).toBe(0);
    expect(await statusOf(built.body.data.orderNo)).not.toBe(1);
  });

  it('a break racing three deposit builds: no order is created after the break', async () => {
    const { client } = await registerPlayer(app);
    const answers = await Promise.all([build(client, 500), takeBreak(client), build(client, 500), build(client, 500)]);
    const builds = [answers[0], answers[2], answers[3]];
    const since = (answers[1].body.data as ResponsibleState).playBreak?.since ?? '';
    const created = await inDb(app.db).column<string>`SELECT created_at FROM deposits`;
    expect(created.length).toBe(builds.filter((b) => b.body.success).length);
    for (const b of builds) if (!b.body.success) expect(b.body.code).toBe(Code.PLAY_PAUSED);
    // the clock is frozen, so an order before the break has the same instant; none may be later
    for (const at of created) expect(at <= since).toBe(true);
  });

  it('preCreate and build both refuse during a break, also for support-set breaks, and after the break they open', async () => {
    const { client, info } = await registerPlayer(app);
    await opsClient(app).post(`/ops/users/${info.uid}/responsible/break`, {
      kind: 'cooloff',
      length: '7d',
      reason: 'Asked in chat',
    });
    expect((await client.post('/api/recharge/preCreate', { channel: 'gcash', amount: 500 })).body.code).toBe(
      Code.PLAY_PAUSED,
    );
    expect((await build(client, 500)).body.code).toBe(Code.PLAY_PAUSED);
    await advance('167h59m');
    expect((await build(client, 500)).body.code).toBe(Code.PLAY_PAUSED);
    await advance('1m');
    expect((await build(client, 500)).body.success).toBe(true);
  });
});

describe('deposit limits against the gateway', () => {
  it('a cancelled order paid late by the gateway: credited (documented), and then it counts, so no further room', async () => {
    const { client } = await registerPlayer(app);
    await setLimit(client, 'day', 600);
    const first = await build(client, 600);
    await client.post('/api/recharge/cancel', { orderNo: first.body.data.orderNo });
    const second = await build(client, 600);
    expect(second.body.success).toBe(true);
    // the sandbox checkout will not pay a closed order
    await payOnCheckout(first.body.data.payUrl);
    expect(await statusOf(first.body.data.orderNo)).toBe(2);
    // a real gateway's late SUCCESS for the cancelled one still credits (docs: "the player did pay")
    const order = await app.services.deposits.order(first.body.data.orderNo);
    if (!order) throw new Error('no order');
    const late = await app.inject({
      method: 'POST',
      url: '/api/payment/callback',
      payload: app.services.deposits.signedCallback(order, 'SUCCESS'),
    });
    expect(late.json()).toMatchObject({ success: true });
    expect(limitOf(await state(client), 'day')).toMatchObject({ used: 1200 });
    expect((await build(client, 100)).body.code).toBe(Code.DEPOSIT_LIMIT_REACHED);
  });

  it('a timed-out order cannot be paid on its checkout to get round the limit', async () => {
    const { client } = await registerPlayer(app);
    await setLimit(client, 'day', 600);
    const first = await build(client, 600);
    await advance('31m');
    const second = await build(client, 600);
    expect(second.body.success).toBe(true);
    const paid = await payOnCheckout(first.body.data.payUrl);
    expect(paid.body).not.toContain('paid');
    expect(await statusOf(first.body.data.orderNo)).toBe(3);
    expect((await balanceOf(client)).balance).toBe(0);
  });

  it('the operator credit is not a deposit and does not count (not a player path)', async () => {
    const { client, info } = await registerPlayer(app);
    await setLimit(client, 'day', 600);
    await fund(app, info.uid, 5000);
    expect(limitOf(await state(client), 'day')).toMatchObject({ used: 0 });
  });
});

describe('period boundaries (Manila)', () => {
  it('the week starts Monday 00:00 Manila: Sunday 23:59 still counts the week, Monday is fresh', async () => {
    const { client } = await registerPlayer(app);
    await setLimit(client, 'week', 700);
    await setClock('2026-11-22T15:00:00.000Z'); // Sunday 23:00 Manila
    await deposit(app, client, 500);
    expect((await build(client, 300)).body.code).toBe(Code.DEPOSIT_LIMIT_REACHED);
    await setClock('2026-11-22T15:59:59.000Z');
    expect((await build(client, 300)).body.code).toBe(Code.DEPOSIT_LIMIT_REACHED);
    await setClock('2026-11-22T16:00:00.000Z'); // Monday 00:00 Manila
    expect(limitOf(await state(client), 'week')).toMatchObject({ used: 0, resetsAt: '2026-11-29T16:00:00.000Z' });
    expect((await build(client, 700)).body.success).toBe(true);
  });

  it('the month ends at Manila midnight of its last day; the day limit too', async () => {
    const { client } = await registerPlayer(app);
    await setLimit(client, 'month', 1000);
    await setLimit(client, 'day', 800);
    await setClock('2026-11-30T15:30:00.000Z'); // Nov 30 23:30 Manila
    await deposit(app, client, 800);
    expect((await build(client, 300)).body.code).toBe(Code.DEPOSIT_LIMIT_REACHED);
    expect((await build(client, 200)).body.code).toBe(Code.DEPOSIT_LIMIT_REACHED); // the day is full
    await setClock('2026-11-30T16:00:00.000Z'); // Dec 1 00:00 Manila
    const s = await state(client);
    expect(limitOf(s, 'month')).toMatchObject({ used: 0, resetsAt: '2026-12-31T16:00:00.000Z' });
    expect(limitOf(s, 'day')).toMatchObject({ used: 0 });
    expect((await build(client, 800)).body.success).toBe(true);
    expect((await build(client, 100)).body.code).toBe(Code.DEPOSIT_LIMIT_REACHED);
  });

  it('an order built at 23:59 and paid after midnight counts for the day it was built, not the new one', async () => {
    const { client } = await registerPlayer(app);
    await setLimit(client, 'day', 600);
    await setClock('2026-11-20T15:59:00.000Z');
    const built = await build(client, 600);
    await setClock('2026-11-20T16:05:00.000Z');
    await opsClient(app).post(`/ops/deposits/${built.body.data.orderNo}/settle`, { status: 'SUCCESS' });
    expect(limitOf(await state(client), 'day')).toMatchObject({ used: 0 });
    expect((await build(client, 600)).body.success).toBe(true);
    expect((await build(client, 1)).body.success).toBe(false);
  });
});

describe('limit raise timing', () => {
  it('raise, lower back, raise again: the second raise waits its own 24 hours', async () => {
    const { client } = await registerPlayer(app);
    await setLimit(client, 'day', 500);
    await setLimit(client, 'day', 5000); // pending at +24h
    await advance('23h');
    // back to the same amount (a "lower" that is not lower): drops the pending raise
    expect(limitOf((await setLimit(client, 'day', 500)).body.data, 'day')).toMatchObject({
      amount: 500,
      pending: null,
    });
    const again = limitOf((await setLimit(client, 'day', 5000)).body.data, 'day');
    expect(again?.pending?.effectiveAt).toBe(new Date(app.clock.nowMs() + DAY_MS).toISOString());
    await advance('1h'); // 24h after the first raise: it must not apply
    expect(limitOf(await state(client), 'day')).toMatchObject({ amount: 500 });
    expect((await build(client, 600)).body.code).toBe(Code.DEPOSIT_LIMIT_REACHED);
  });

  it('a raise waiting, then a smaller raise: still waits (it is a raise over the limit in force)', async () => {
    const { client } = await registerPlayer(app);
    await setLimit(client, 'day', 500);
    await setLimit(client, 'day', 5000);
    await advance('23h59m');
    const smaller = limitOf((await setLimit(client, 'day', 1000)).body.data, 'day');
    expect(smaller).toMatchObject({ amount: 500, pending: { amount: 1000 } });
    await advance('1m');
    expect((await build(client, 600)).body.code).toBe(Code.DEPOSIT_LIMIT_REACHED);
  });

  it('removal waits 24 hours; a removal then a new first limit applies at once', async () => {
    const { client } = await registerPlayer(app);
    await setLimit(client, 'week', 500);
    await setLimit(client, 'week', null);
    expect((await build(client, 600)).body.code).toBe(Code.DEPOSIT_LIMIT_REACHED);
    await advance('24h');
    expect(limitOf(await state(client), 'week')).toMatchObject({ amount: null });
    expect(limitOf((await setLimit(client, 'week', 100)).body.data, 'week')).toMatchObject({ amount: 100 });
  });

  it('two tabs setting limits at once: the lower one wins, nothing above it slips through', async () => {
    const { client } = await registerPlayer(app);
    await setLimit(client, 'day', 1000);
    await Promise.all([setLimit(client, 'day', 200), setLimit(client, 'day', 900), setLimit(client, 'day', 5000)]);
    const day = limitOf(await state(client), 'day');
    expect(day?.amount).toBeLessThanOrEqual(900);
    expect((await build(client, 1000)).body.code).toBe(Code.DEPOSIT_LIMIT_REACHED);
  });
});

describe('bets while a break runs (the demo provider, stepped and shared tables)', () => {
  async function openTitle(client: TestClient, key: string) {
    app.provider.studio.extend(TEST_FAMILIES, TEST_TITLES);
    await inDb(app.db).run`UPDATE games SET provider_game = ${key} WHERE id = 1`;
    const launched = await client.post<{ playUrl: string }>('/api/game/getUrl', { gameId: 1 });
    const token = new URL(launched.body.data.playUrl).searchParams.get('token') ?? '';
    return token;
  }

  it('a launch token taken before the break opens a page after it, but its rounds are refused', async () => {
    const { client, info } = await registerPlayer(app);
    await fund(app, info.uid, 500);
    const token = await openTitle(client, 'test-coin');
    await takeBreak(client);
    const opened = await app.provider.open(token, 'test-coin');
    if (!opened.ok) throw new Error(opened.message);
    const played = await app.provider.play(opened.id, { stake: 1000, side: 'heads' });
    expect(played).toMatchObject({ ok: false, code: Code.PLAY_PAUSED });
    expect((await balanceOf(client)).balance).toBe(500);
  });

  it('a stepped game page opened before the break starts no new round; a shared table takes no bet', async () => {
    const { client, info } = await registerPlayer(app);
    await fund(app, info.uid, 500);
    const rollToken = await openTitle(client, 'test-roll');
    const roll = await app.provider.open(rollToken, 'test-roll');
    const tableToken = await openTitle(client, 'test-table');
    const table = await app.provider.open(tableToken, 'test-table');
    if (!roll.ok || !table.ok) throw new Error('not opened');
    await takeBreak(client);
    expect(await app.provider.play(roll.id, { stake: 1000 })).toMatchObject({ ok: false, code: Code.PLAY_PAUSED });
    const tableBet = await Promise.race([
      app.provider.play(table.id, { stake: 1000, side: 'heads' }),
      new Promise((resolve) => setTimeout(() => resolve('pending: the bet was taken'), 1000)),
    ]);
    expect(tableBet).toMatchObject({ ok: false, code: Code.PLAY_PAUSED });
    expect((await balanceOf(client)).balance).toBe(500);
  });

  it('a stepped round opened before the break: its moves go on and it settles (documented: open rounds settle)', async () => {
    const { client, info } = await registerPlayer(app);
    await fund(app, info.uid, 500);
    const token = await openTitle(client, 'test-roll');
    const roll = await app.provider.open(token, 'test-roll');
    if (!roll.ok) throw new Error('not opened');
    const started = await app.provider.play(roll.id, { stake: 1000 });
    if (!started.ok) throw new Error('not started');
    await takeBreak(client);
    const moved = await app.provider.act(roll.id, started.roundId, { move: 'roll' });
    // no new money is staked by a move: the round plays out with the stake placed before the break
    expect(moved.ok).toBe(true);
  });
});
