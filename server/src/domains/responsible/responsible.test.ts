import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import type { ResponsibleState } from '../../../../shared/contract/responsible';
import { testConfig } from '../../config';
import { opsClient, registerPlayer, type TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { readyPlayer, withdraw } from '../../test/money';
import { deposit, gameSession } from '../../test/play';
import { signedBody } from '../../world/recipes';

/**
 * Responsible gaming (docs/responsible-gaming.md). How a player would try to get round a limit or a break,
 * and what happens: two tabs building deposits at once under one limit (one fits, the other is refused);
 * raising the limit to deposit at once (it waits 24 hours); a game page opened before the break (its bets
 * are refused); shortening or replacing a break (refused, also for support).
 */

let app: FastifyInstance;
beforeEach(async () => {
  // the tests move the clock by days: sessions that outlive that, so the same player keeps acting
  app = await testApp({ config: testConfig({ sessionIdleMs: 30 * DAY_MS, sessionAbsoluteMs: 30 * DAY_MS }) });
});
afterEach(() => app.close());

const state = async (client: TestClient) => (await client.get<ResponsibleState>('/api/responsible/fetch')).body.data;
const setLimit = (client: TestClient, period: string, amount: number | null) =>
  client.post<ResponsibleState>('/api/responsible/depositLimit', { period, amount });
const takeBreak = (client: TestClient, kind: string, length: string) =>
  client.post<ResponsibleState>('/api/responsible/break', { kind, length });
const build = (client: TestClient, amount: number) =>
  client.post<{ orderNo: string }>('/api/recharge/build', { channel: 'gcash', amount });
const DAY_MS = 86_400_000;
const advance = (by: string) => opsClient(app).post('/ops/clock', { advance: by });
const limitOf = (s: ResponsibleState, period: string) => s.depositLimits.find((l) => l.period === period);

/** A wallet call as the provider makes it, its envelope whatever it says. */
async function walletCall(name: string, fields: Record<string, string>) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/provider/wallet/${name}`,
    payload: signedBody(fields, app.config.providerSecret),
  });
  return response.json() as { success: boolean; code: number; msg: string };
}

describe('deposit limits', () => {
  it('has none at first: three periods, nothing used, each with its Manila reset', async () => {
    const { client } = await registerPlayer(app);
    const s = await state(client);
    expect(s.playBreak).toBeNull();
    // TEST_NOW is Friday 2026-11-20 10:00 in Manila
    expect(s.depositLimits).toEqual([
      { period: 'day', amount: null, used: 0, resetsAt: '2026-11-20T16:00:00.000Z', pending: null },
      { period: 'week', amount: null, used: 0, resetsAt: '2026-11-22T16:00:00.000Z', pending: null },
      { period: 'month', amount: null, used: 0, resetsAt: '2026-11-30T16:00:00.000Z', pending: null },
    ]);
  });

  it('refuses a deposit over the daily limit with what is left, counts pending orders, frees a cancelled one', async () => {
    const { client } = await registerPlayer(app);
    expect((await setLimit(client, 'day', 600)).body.success).toBe(true);
    await deposit(app, client, 500);
    const refused = await build(client, 500);
    expect(refused.body).toMatchObject({ success: false, code: Code.DEPOSIT_LIMIT_REACHED });
    expect(refused.body.msg).toBe(
      'This deposit goes over your daily deposit limit of ₱ 600.00: ₱ 100.00 left until 11/21/2026, 12:00 AM',
    );
    // a pending order counts (it may still be paid); cancelling it gives the room back
    const pending = await build(client, 100);
    expect(pending.body.success).toBe(true);
    expect(limitOf(await state(client), 'day')).toMatchObject({ amount: 600, used: 600 });
    expect((await build(client, 100)).body.code).toBe(Code.DEPOSIT_LIMIT_REACHED);
    await client.post('/api/recharge/cancel', { orderNo: pending.body.data.orderNo });
    expect(limitOf(await state(client), 'day')).toMatchObject({ used: 500 });
    // the next Manila day starts from nothing
    await advance('14h');
    expect((await build(client, 500)).body.success).toBe(true);
  });

  it('says it in Vietnamese too', async () => {
    const { client } = await registerPlayer(app);
    await setLimit(client, 'week', 700);
    await deposit(app, client, 500);
    const refused = await client.request({
      method: 'POST',
      url: '/api/recharge/build',
      payload: { channel: 'gcash', amount: 500 },
      headers: { language: 'vi-VN' },
    });
    expect(refused.body.code).toBe(Code.DEPOSIT_LIMIT_REACHED);
    expect(refused.body.msg).toContain(
      'Khoản nạp này vượt hạn mức nạp theo tuần ₱ 700.00 của bạn: còn ₱ 200.00 đến 00:00 23/11/2026',
    );
  });

  it('two tabs building at once under one limit: exactly one fits', async () => {
    const { client } = await registerPlayer(app);
    await setLimit(client, 'day', 600);
    const answers = await Promise.all([build(client, 500), build(client, 500), build(client, 500)]);
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === Code.DEPOSIT_LIMIT_REACHED)).toHaveLength(2);
    expect(limitOf(await state(client), 'day')).toMatchObject({ used: 500 });
  });

  it('lowers at once; raises and removes after 24 hours, so a raise cannot be used the same evening', async () => {
    const { client } = await registerPlayer(app);
    await setLimit(client, 'month', 1000);
    const raised = (await setLimit(client, 'month', 5000)).body.data;
    expect(limitOf(raised, 'month')).toMatchObject({
      amount: 1000,
      pending: { amount: 5000, effectiveAt: '2026-11-21T02:00:00.000Z' },
    });
    expect((await build(client, 1500)).body.code).toBe(Code.DEPOSIT_LIMIT_REACHED);
    await advance('23h59m');
    expect((await build(client, 1500)).body.code).toBe(Code.DEPOSIT_LIMIT_REACHED);
    await advance('1m');
    expect(limitOf(await state(client), 'month')).toMatchObject({ amount: 5000, pending: null });
    expect((await build(client, 1500)).body.success).toBe(true);

    // a lower one applies at once and drops a pending raise
    await setLimit(client, 'month', 9000);
    const lowered = (await setLimit(client, 'month', 2000)).body.data;
    expect(limitOf(lowered, 'month')).toMatchObject({ amount: 2000, pending: null });
    expect((await build(client, 600)).body.code).toBe(Code.DEPOSIT_LIMIT_REACHED);
    // removal waits too
    const removed = (await setLimit(client, 'month', null)).body.data;
    expect(limitOf(removed, 'month')).toMatchObject({ amount: 2000, pending: { amount: null } });
    await advance('24h');
    expect(limitOf(await state(client), 'month')).toMatchObject({ amount: null, pending: null });
  });

  it('refuses bad input and changes nothing', async () => {
    const { client } = await registerPlayer(app);
    for (const body of [
      { period: 'year', amount: 100 },
      { period: 'day', amount: 0 },
      { period: 'day', amount: -5 },
      { period: 'day', amount: 10.005 },
      { period: 'day' },
      { period: 'day', amount: 100, extra: 1 },
    ]) {
      const answer = await client.post('/api/responsible/depositLimit', body);
      expect(answer.body.code, JSON.stringify(body)).toBe(Code.VALIDATION);
    }
    expect((await state(client)).depositLimits.every((l) => l.amount === null)).toBe(true);
  });
});

describe('breaks from play', () => {
  it('a cool-off closes deposits, launches and bets of a page opened before it; withdrawals stay open', async () => {
    const { client } = await readyPlayer(app, { funds: 500 });
    const session = await gameSession(app, client);
    const taken = await takeBreak(client, 'cooloff', '24h');
    expect(taken.body.data.playBreak).toEqual({
      kind: 'cooloff',
      since: '2026-11-20T02:00:00.000Z',
      until: '2026-11-21T02:00:00.000Z',
    });
    const launch = await client.post('/api/game/getUrl', { gameId: 1 });
    expect(launch.body).toMatchObject({ success: false, code: Code.PLAY_PAUSED });
    expect(launch.body.msg).toBe(
      'You are taking a break from play until 11/21/2026, 10:00 AM. Deposits and games are closed until then; withdrawals stay open',
    );
    expect((await build(client, 500)).body.code).toBe(Code.PLAY_PAUSED);
    const bet = await walletCall('bet', {
      sessionToken: session,
      transactionId: randomUUID(),
      roundId: randomUUID(),
      amount: '10.00',
    });
    expect(bet).toMatchObject({ success: false, code: Code.PLAY_PAUSED });
    expect((await withdraw(app, client, 200)).body).toMatchObject({ success: true });

    await advance('24h');
    expect((await state(client)).playBreak).toBeNull();
    expect((await build(client, 500)).body.success).toBe(true);
    // The bet's launch query asks for a break running at its instant: an ended one lets bets in again.
    const later = await walletCall('bet', {
      sessionToken: await gameSession(app, client),
      transactionId: randomUUID(),
      roundId: randomUUID(),
      amount: '10.00',
    });
    expect(later).toMatchObject({ success: true });
  });

  it('a bet at the last millisecond of a break is refused, at its end it passes (the clock moved, one game session)', async () => {
    const { client, uid } = await readyPlayer(app, { funds: 500 });
    const userId = (await app.services.users.byUid(uid))?.id as number;
    const session = await gameSession(app, client);
    // A break of ten minutes, shorter than the game session's idle time-out (not a player's length: the
    // boundary of the launch query's EXISTS against the service's own read, on one live game session).
    const since = app.clock.iso();
    const until = new Date(app.clock.nowMs() + 10 * 60_000).toISOString();
    await inDb(app.db)
      .run`INSERT INTO play_breaks (user_id, kind, since, until, source, reason, created_at) VALUES (${userId}, 'cooloff', ${since}, ${until}, 'ops', 'test', ${since})`;
    const bet = () =>
      walletCall('bet', { sessionToken: session, transactionId: randomUUID(), roundId: randomUUID(), amount: '10.00' });
    expect(await bet()).toMatchObject({ success: false, code: Code.PLAY_PAUSED });
    app.clock.advance(10 * 60_000 - 1);
    expect(await bet()).toMatchObject({ success: false, code: Code.PLAY_PAUSED });
    app.clock.advance(1);
    expect(await bet()).toMatchObject({ success: true });
    expect(await inDb(app.db).value`SELECT balance FROM accounts WHERE user_id = ${userId}`).toBe(49_000);
  });

  it('a self-exclusion, by the player or by support, refuses the bets of a page opened before it', async () => {
    const { client, uid } = await readyPlayer(app, { funds: 500 });
    const bet = (sessionToken: string) =>
      walletCall('bet', { sessionToken, transactionId: randomUUID(), roundId: randomUUID(), amount: '10.00' });
    const first = await gameSession(app, client);
    expect(await bet(first)).toMatchObject({ success: true });
    const second = await gameSession(app, client);
    await opsClient(app).post(`/ops/users/${uid}/responsible/break`, {
      kind: 'exclusion',
      length: '6m',
      reason: 'Asked by phone',
    });
    expect(await bet(first)).toMatchObject({ success: false, code: Code.PLAY_PAUSED });
    expect(await bet(second)).toMatchObject({ success: false, code: Code.PLAY_PAUSED });
    await takeBreak(client, 'exclusion', 'permanent');
    app.clock.advance(20 * 60_000); // inside both sessions' idle time-out, any instant later
    expect(await bet(second)).toMatchObject({ success: false, code: Code.PLAY_PAUSED });
  });

  it('a break racing bets of an open page: each bet is taken whole or refused whole, and none after it', async () => {
    const { client, uid } = await readyPlayer(app, { funds: 500 });
    const userId = (await app.services.users.byUid(uid))?.id as number;
    const session = await gameSession(app, client);
    const bet = () =>
      walletCall('bet', { sessionToken: session, transactionId: randomUUID(), roundId: randomUUID(), amount: '10.00' });
    const [taken, ...bets] = await Promise.all([takeBreak(client, 'cooloff', '24h'), bet(), bet(), bet(), bet()]);
    expect(taken.body.success).toBe(true);
    for (const b of bets) expect(b.success || b.code === Code.PLAY_PAUSED).toBe(true);
    const passed = bets.filter((b) => b.success).length;
    expect(await inDb(app.db).value`SELECT balance FROM accounts WHERE user_id = ${userId}`).toBe(
      50_000 - 1000 * passed,
    );
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM game_rounds WHERE user_id = ${userId}`).toBe(passed);
    expect(await bet()).toMatchObject({ success: false, code: Code.PLAY_PAUSED });
  });

  it('cannot be shortened or replaced by a shorter one; a longer one extends it; permanent is final', async () => {
    const { client } = await registerPlayer(app);
    await takeBreak(client, 'cooloff', '7d');
    const shorter = await takeBreak(client, 'cooloff', '24h');
    expect(shorter.body).toMatchObject({ success: false, code: Code.BREAK_RUNNING });
    expect(shorter.body.msg).toContain('11/27/2026');
    expect((await takeBreak(client, 'exclusion', '6m')).body.data.playBreak).toMatchObject({ kind: 'exclusion' });
    expect((await takeBreak(client, 'exclusion', 'permanent')).body.data.playBreak).toMatchObject({ until: null });
    const after = await takeBreak(client, 'exclusion', '5y');
    expect(after.body.code).toBe(Code.BREAK_RUNNING);
    expect(after.body.msg).toContain('further notice');
    // a length of the other kind is not a choice
    expect((await takeBreak(client, 'cooloff', '6m')).body.code).toBe(Code.VALIDATION);
    expect((await takeBreak(client, 'exclusion', '24h')).body.code).toBe(Code.VALIDATION);
  });

  it('support sees the state and sets a break with a reason for a player who asked; it is just as final', async () => {
    const { client, info } = await registerPlayer(app);
    const ops = opsClient(app);
    expect((await ops.get(`/ops/users/${info.uid}/responsible`)).body.data).toMatchObject({ playBreak: null });
    const set = await ops.post<ResponsibleState>(`/ops/users/${info.uid}/responsible/break`, {
      kind: 'exclusion',
      length: '1y',
      reason: 'Asked by phone, ticket 4411',
    });
    expect(set.body.data.playBreak).toMatchObject({ kind: 'exclusion', until: '2027-11-20T02:00:00.000Z' });
    expect((await state(client)).playBreak).toMatchObject({ kind: 'exclusion' });
    const shorter = await ops.post(`/ops/users/${info.uid}/responsible/break`, {
      kind: 'cooloff',
      length: '24h',
      reason: 'Player asks to play again',
    });
    expect(shorter.body.code).toBe(Code.BREAK_RUNNING);
    expect((await ops.get('/ops/users/999999999/responsible')).body.code).toBe(Code.OPS_NOT_FOUND);
    const noReason = await ops.post(`/ops/users/${info.uid}/responsible/break`, { kind: 'cooloff', length: '24h' });
    expect(noReason.body.code).toBe(Code.VALIDATION);
  });
});
