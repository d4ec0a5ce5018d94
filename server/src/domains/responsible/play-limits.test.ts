import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../../shared/codes';
import type { RealityCheck, ResponsibleState } from '../../../../shared/contract/responsible';
import { testConfig } from '../../config';
import { hashed, opsClient, registerPlayer, TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { fund } from '../../test/money';
import { gameSession } from '../../test/play';
import { signedBody } from '../../world/recipes';
import { assertLedgerWhole } from '../ledger/whole';

/**
 * Loss and wager limits and reality checks (docs/responsible-gaming.md), on both stores. The rules, then
 * how a player would try to get round a limit (two tabs, a raise, a rollback, a raise of the limit, a win,
 * the Manila midnight, a stale session) and what the house does.
 */

const DAY_MS = 86_400_000;
let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp({ config: testConfig({ sessionIdleMs: 30 * DAY_MS, sessionAbsoluteMs: 30 * DAY_MS }) });
});
afterEach(() => app.close());

type Envelope = { success: boolean; code: number; msg: string; data: { balance: number } };

async function wallet(name: string, fields: Record<string, string>): Promise<Envelope> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/provider/wallet/${name}`,
    payload: signedBody(fields, app.config.providerSecret),
  });
  return response.json() as Envelope;
}
const bet = (sessionToken: string, pesos: number, roundId = randomUUID(), transactionId = randomUUID()) =>
  wallet('bet', { sessionToken, transactionId, roundId, amount: pesos.toFixed(2) });
const raise = (sessionToken: string, roundId: string, pesos: number, transactionId = randomUUID()) =>
  wallet('raise', { sessionToken, transactionId, roundId, amount: pesos.toFixed(2) });
const win = (roundId: string, pesos: number) =>
  wallet('win', { transactionId: randomUUID(), roundId, amount: pesos.toFixed(2), result: pesos > 0 ? 'Won' : 'Lost' });
const rollback = (betTransactionId: string) => wallet('rollback', { transactionId: randomUUID(), betTransactionId });

const state = async (client: TestClient) => (await client.get<ResponsibleState>('/api/responsible/fetch')).body.data;
const setPlayLimit = (client: TestClient, kind: 'loss' | 'wager', period: string, amount: number | null) =>
  client.post<ResponsibleState>('/api/responsible/playLimit', { kind, period, amount });
const setClock = (iso: string) => opsClient(app).post('/ops/clock', { set: iso });
const advance = (by: string) => opsClient(app).post('/ops/clock', { advance: by });
const limitOf = (s: ResponsibleState, kind: 'loss' | 'wager', period: string) =>
  (kind === 'loss' ? s.lossLimits : s.wagerLimits).find((l) => l.period === period);

/** A registered player with `pesos` on the balance and a game session open. */
async function funded(pesos = 1000) {
  const registered = await registerPlayer(app);
  await fund(app, registered.info.uid, pesos);
  const userId = (await app.services.users.byUid(registered.info.uid))?.id ?? 0;
  return { ...registered, userId, token: await gameSession(app, registered.client) };
}
const rounds = async (userId: number) =>
  (await inDb(app.db).value<number>`SELECT COUNT(*) FROM game_rounds WHERE user_id = ${userId}`) as number;

describe('loss and wager limits: the rules', () => {
  it('has none at first: three periods each, nothing used, the reality check off', async () => {
    const { client } = await registerPlayer(app);
    const s = await state(client);
    expect(s.realityCheckMinutes).toBe(0);
    for (const limits of [s.lossLimits, s.wagerLimits]) {
      expect(limits).toEqual([
        { period: 'day', amount: null, used: 0, resetsAt: '2026-11-20T16:00:00.000Z', pending: null },
        { period: 'week', amount: null, used: 0, resetsAt: '2026-11-22T16:00:00.000Z', pending: null },
        { period: 'month', amount: null, used: 0, resetsAt: '2026-11-30T16:00:00.000Z', pending: null },
      ]);
    }
  });

  it('refuses a bet over the daily wager limit with what is left and when it resets; nothing moves', async () => {
    const { client, token, userId } = await funded();
    expect((await setPlayLimit(client, 'wager', 'day', 100)).body.data.wagerLimits[0]).toMatchObject({ amount: 100 });
    expect((await bet(token, 60)).success).toBe(true);
    const refused = await bet(token, 50);
    expect(refused).toMatchObject({ success: false, code: Code.WAGER_LIMIT_REACHED });
    expect(refused.msg).toContain('daily wager limit of ₱ 100.00: ₱ 40.00 left until 11/21/2026');
    expect((await bet(token, 40)).success).toBe(true);
    expect(limitOf(await state(client), 'wager', 'day')).toMatchObject({ amount: 100, used: 100 });
    expect(await rounds(userId)).toBe(2);
    expect((await app.services.ledger.account(userId)).balance).toBe(90_000);
    await assertLedgerWhole(app.db);
  });

  it('counts the net loss: a win gives room back to a loss limit but never to a wager limit', async () => {
    const { client, token } = await funded();
    await setPlayLimit(client, 'loss', 'day', 100);
    const round = randomUUID();
    expect((await bet(token, 100, round)).success).toBe(true);
    // the open round's stake counts as lost until it settles
    expect((await bet(token, 1)).code).toBe(Code.LOSS_LIMIT_REACHED);
    expect((await win(round, 150)).success).toBe(true);
    expect(limitOf(await state(client), 'loss', 'day')?.used).toBe(0);
    // 100 staked, 150 won: 50 ahead, so 150 may be staked before the loss could reach 100
    expect((await bet(token, 150.01)).code).toBe(Code.LOSS_LIMIT_REACHED);
    // a wager limit counts every stake, wins or not: 100 staked so far
    await setPlayLimit(client, 'wager', 'week', 120);
    expect((await bet(token, 20.01)).code).toBe(Code.WAGER_LIMIT_REACHED);
    expect((await bet(token, 20)).success).toBe(true);
    expect(limitOf(await state(client), 'loss', 'day')?.used).toBe(0);
  });

  it('waits 24 hours to raise or remove a loss or wager limit; a lower one applies at once', async () => {
    const { client } = await registerPlayer(app);
    await setPlayLimit(client, 'loss', 'week', 500);
    const raised = (await setPlayLimit(client, 'loss', 'week', 900)).body.data;
    expect(limitOf(raised, 'loss', 'week')).toMatchObject({
      amount: 500,
      pending: { amount: 900, effectiveAt: '2026-11-21T02:00:00.000Z' },
    });
    const lowered = (await setPlayLimit(client, 'loss', 'week', 200)).body.data;
    expect(limitOf(lowered, 'loss', 'week')).toMatchObject({ amount: 200, pending: null });
    const removed = (await setPlayLimit(client, 'loss', 'week', null)).body.data;
    expect(limitOf(removed, 'loss', 'week')).toMatchObject({ amount: 200, pending: { amount: null } });
    await advance('24h');
    expect(limitOf(await state(client), 'loss', 'week')).toMatchObject({ amount: null, pending: null });
    // the wager limits are their own
    expect(limitOf(await state(client), 'wager', 'week')?.amount).toBeNull();
  });

  it('support sets a limit with a reason (audited); without one nothing changes', async () => {
    const { client, info } = await registerPlayer(app);
    const ops = opsClient(app);
    const noReason = await ops.post(`/ops/users/${info.uid}/responsible/playLimit`, {
      kind: 'wager',
      period: 'day',
      amount: 100,
    });
    expect(noReason.body).toMatchObject({ success: false, code: Code.VALIDATION });
    expect(limitOf(await state(client), 'wager', 'day')?.amount).toBeNull();
    const set = await ops.post<ResponsibleState>(`/ops/users/${info.uid}/responsible/playLimit`, {
      kind: 'wager',
      period: 'day',
      amount: 100,
      reason: 'Asked on live chat',
    });
    expect(set.body.success).toBe(true);
    expect(limitOf(await state(client), 'wager', 'day')?.amount).toBe(100);
    // a raise by support waits its 24 hours too
    await ops.post(`/ops/users/${info.uid}/responsible/playLimit`, {
      kind: 'wager',
      period: 'day',
      amount: 1000,
      reason: 'Asked again',
    });
    expect(limitOf(await state(client), 'wager', 'day')).toMatchObject({ amount: 100, pending: { amount: 1000 } });
    const audited = await inDb(app.db).column<string>`SELECT request FROM ops_audit WHERE route LIKE '%playLimit'`;
    expect(audited.filter((r) => r.includes('Asked on live chat'))).toHaveLength(1);
    expect(audited.filter((r) => r.includes('Asked again'))).toHaveLength(1);
  });

  it('refuses bad input with a validation envelope and no change', async () => {
    const { client } = await registerPlayer(app);
    for (const body of [
      { kind: 'loss', period: 'year', amount: 10 },
      { kind: 'win', period: 'day', amount: 10 },
      { kind: 'loss', period: 'day', amount: 0 },
      { kind: 'loss', period: 'day', amount: -5 },
      { kind: 'loss', period: 'day', amount: 1.234 },
      { kind: 'loss', period: 'day', amount: 10, extra: 1 },
    ]) {
      expect((await client.post('/api/responsible/playLimit', body)).body).toMatchObject({ success: false });
    }
    for (const minutes of [5, 20, -15, 15.5, '15']) {
      expect((await client.post('/api/responsible/realityCheck', { minutes })).body).toMatchObject({ success: false });
    }
    const s = await state(client);
    expect([...s.lossLimits, ...s.wagerLimits].every((l) => l.amount === null)).toBe(true);
    expect(s.realityCheckMinutes).toBe(0);
  });

  it('a player without a loss or wager limit costs the bet no statement more; a limited one two', async () => {
    const { client, token } = await funded();
    const asked = vi.spyOn(app.services.responsible, 'assertMayStake');
    const tallied = vi.spyOn(app.services.play, 'stakedSince');
    expect((await bet(token, 10)).success).toBe(true);
    // the launch query's EXISTS said no: neither the limits nor the rounds were read
    expect(asked).not.toHaveBeenCalled();
    expect(tallied).not.toHaveBeenCalled();
    await setPlayLimit(client, 'wager', 'month', 1000);
    tallied.mockClear();
    expect((await bet(token, 10)).success).toBe(true);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(tallied).toHaveBeenCalledTimes(1);
  });
});

describe('reality checks', () => {
  it("stores the interval and answers the session's start and net result", async () => {
    const { client, token } = await funded();
    expect(
      (await client.post<ResponsibleState>('/api/responsible/realityCheck', { minutes: 30 })).body.data,
    ).toMatchObject({ realityCheckMinutes: 30 });
    await advance('10m');
    const lost = randomUUID();
    await bet(token, 100, lost);
    await win(lost, 0);
    const won = randomUUID();
    await bet(token, 20, won);
    await win(won, 45.5);
    const check = (await client.get<RealityCheck>('/api/responsible/realityCheck')).body.data;
    expect(check).toEqual({
      minutes: 30,
      startedAt: '2026-11-20T02:00:00.000Z',
      now: '2026-11-20T02:10:00.000Z',
      wagered: 120,
      net: -74.5,
    });
    expect(
      (await client.post<ResponsibleState>('/api/responsible/realityCheck', { minutes: 0 })).body.data,
    ).toMatchObject({ realityCheckMinutes: 0 });
  });
});

describe('loss and wager limits: how a player would get round them', () => {
  it('two tabs betting at once under one wager limit: exactly the allowed bets pass', async () => {
    const { client, token, userId } = await funded();
    await setPlayLimit(client, 'wager', 'day', 100);
    const answers = await Promise.all(Array.from({ length: 6 }, () => bet(token, 30)));
    expect(answers.filter((a) => a.success)).toHaveLength(3);
    expect(answers.filter((a) => !a.success).every((a) => a.code === Code.WAGER_LIMIT_REACHED)).toBe(true);
    expect(await rounds(userId)).toBe(3);
    expect((await app.services.ledger.account(userId)).balance).toBe(91_000);
  });

  it('two tabs betting at once under one loss limit: exactly the allowed bets pass', async () => {
    const { client, token, userId } = await funded();
    const other = await gameSession(app, client);
    await setPlayLimit(client, 'loss', 'day', 100);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => bet(i % 2 ? token : other, 45)));
    expect(answers.filter((a) => a.success)).toHaveLength(2);
    expect(answers.filter((a) => !a.success).every((a) => a.code === Code.LOSS_LIMIT_REACHED)).toBe(true);
    expect(await rounds(userId)).toBe(2);
  });

  it('a raise (blackjack double) over the limit is refused: the round keeps its stake, nothing is debited', async () => {
    const { client, token, userId } = await funded();
    await setPlayLimit(client, 'wager', 'day', 100);
    const round = randomUUID();
    expect((await bet(token, 60, round)).success).toBe(true);
    expect(await raise(token, round, 60)).toMatchObject({ success: false, code: Code.WAGER_LIMIT_REACHED });
    expect(await inDb(app.db).value<number>`SELECT bet FROM game_rounds WHERE round_id = ${round}`).toBe(6000);
    expect((await app.services.ledger.account(userId)).balance).toBe(94_000);
    expect((await raise(token, round, 40)).success).toBe(true);
    expect((await raise(token, round, 0.01)).code).toBe(Code.WAGER_LIMIT_REACHED);
    await assertLedgerWhole(app.db);
  });

  it('a rollback gives its room back exactly once; a re-bet fits, a second one does not', async () => {
    const { client, token } = await funded();
    await setPlayLimit(client, 'wager', 'day', 100);
    const transactionId = randomUUID();
    expect((await bet(token, 100, randomUUID(), transactionId)).success).toBe(true);
    expect((await bet(token, 1)).code).toBe(Code.WAGER_LIMIT_REACHED);
    expect((await rollback(transactionId)).success).toBe(true);
    // the same rollback again changes nothing
    await rollback(transactionId);
    expect(limitOf(await state(client), 'wager', 'day')?.used).toBe(0);
    expect((await bet(token, 100)).success).toBe(true);
    expect((await bet(token, 1)).code).toBe(Code.WAGER_LIMIT_REACHED);
  });

  it('a rolled-back raise gives back that raise alone', async () => {
    const { client, token } = await funded();
    await setPlayLimit(client, 'loss', 'day', 100);
    const round = randomUUID();
    await bet(token, 50, round);
    const raiseId = randomUUID();
    expect((await raise(token, round, 50, raiseId)).success).toBe(true);
    expect((await bet(token, 1)).code).toBe(Code.LOSS_LIMIT_REACHED);
    expect((await rollback(raiseId)).success).toBe(true);
    expect(limitOf(await state(client), 'loss', 'day')?.used).toBe(50);
    expect((await bet(token, 50.01)).code).toBe(Code.LOSS_LIMIT_REACHED);
    expect((await bet(token, 50)).success).toBe(true);
  });

  it('a limit raised to bet more at once: refused until its 24 hours have passed', async () => {
    // Monday 09:00 in Manila: 24 hours later is still the same week
    await setClock('2026-11-23T01:00:00.000Z');
    const { client, token } = await funded(5000);
    await setPlayLimit(client, 'wager', 'week', 100);
    expect((await bet(token, 100)).success).toBe(true);
    await setPlayLimit(client, 'wager', 'week', 1000);
    expect((await bet(token, 10)).code).toBe(Code.WAGER_LIMIT_REACHED);
    await advance('23h59m');
    const later = await gameSession(app, client);
    expect((await bet(later, 10)).code).toBe(Code.WAGER_LIMIT_REACHED);
    await advance('1m');
    expect((await bet(later, 10)).success).toBe(true);
    expect(limitOf(await state(client), 'wager', 'week')).toMatchObject({ amount: 1000, used: 110, pending: null });
  });

  it('the day resets at Manila midnight, not before; the week and month keep counting', async () => {
    await setClock('2026-11-20T15:50:00.000Z'); // 23:50 in Manila
    const { client, token } = await funded();
    await setPlayLimit(client, 'loss', 'day', 100);
    await setPlayLimit(client, 'loss', 'week', 150);
    expect((await bet(token, 100)).success).toBe(true);
    const refused = await bet(token, 10);
    expect(refused.code).toBe(Code.LOSS_LIMIT_REACHED);
    expect(refused.msg).toContain('until 11/21/2026, 12:00 AM');
    await advance('9m');
    expect((await bet(token, 10)).code).toBe(Code.LOSS_LIMIT_REACHED);
    await advance('1m'); // 00:00 in Manila: a new day, the same week
    expect((await bet(token, 50)).success).toBe(true);
    expect((await bet(token, 0.01)).code).toBe(Code.LOSS_LIMIT_REACHED);
    const s = await state(client);
    expect(limitOf(s, 'loss', 'day')).toMatchObject({ used: 50, resetsAt: '2026-11-21T16:00:00.000Z' });
    expect(limitOf(s, 'loss', 'week')).toMatchObject({ used: 150 });
  });

  it('a round opened before Manila midnight and raised after it: the raises count in the new day', async () => {
    await setClock('2026-11-20T15:59:00.000Z'); // 23:59 in Manila
    const { client, token } = await funded();
    await setPlayLimit(client, 'wager', 'day', 100);
    const round = randomUUID();
    expect((await bet(token, 10, round)).success).toBe(true);
    await advance('1m'); // a new day: yesterday's round is still open
    expect((await raise(token, round, 60)).success).toBe(true);
    expect(limitOf(await state(client), 'wager', 'day')).toMatchObject({ used: 60 });
    expect((await raise(token, round, 60)).code).toBe(Code.WAGER_LIMIT_REACHED);
    expect((await bet(token, 50)).code).toBe(Code.WAGER_LIMIT_REACHED);
    expect((await bet(token, 40)).success).toBe(true);
    await assertLedgerWhole(app.db);
  });

  it('a game page opened before the limit: its next bet is held to it', async () => {
    const { client, token } = await funded();
    expect((await bet(token, 80)).success).toBe(true);
    await setPlayLimit(client, 'wager', 'day', 100);
    expect((await bet(token, 30)).code).toBe(Code.WAGER_LIMIT_REACHED);
  });

  it('a stale session (replaced by a login elsewhere) cannot raise or remove a limit', async () => {
    const { client, player } = await registerPlayer(app);
    await setPlayLimit(client, 'loss', 'day', 100);
    const phone = new TestClient(app);
    const login = await phone.post('/api/user/login', { username: player.username, password: hashed(player.password) });
    expect(login.body.success).toBe(true);
    const stale = await setPlayLimit(client, 'loss', 'day', null);
    expect(stale.body.success).toBe(false);
    expect(limitOf(await state(phone), 'loss', 'day')).toMatchObject({ amount: 100, pending: null });
  });
});

describe('a reminder before a break ends', () => {
  const letters = async (userId: number) =>
    inDb(app.db).column<string>`SELECT title_en FROM letters WHERE user_id = ${userId} AND template = 'break-ending'`;

  it('writes one inbox letter 6 hours before a cool-off ends, once, whatever the clock does', async () => {
    const { client, info } = await registerPlayer(app);
    const userId = (await app.services.users.byUid(info.uid))?.id ?? 0;
    expect((await client.post('/api/responsible/break', { kind: 'cooloff', length: '7d' })).body.success).toBe(true);
    await advance('161h'); // 7 hours left: not yet
    expect(await letters(userId)).toEqual([]);
    await advance('1h'); // 6 hours left
    expect(await letters(userId)).toEqual(['Your break ends soon']);
    await advance('1h');
    expect(await app.services.responsible.remindBreaksEnding()).toBe(0);
    expect(await letters(userId)).toHaveLength(1);
  });

  it('says nothing when a longer break has replaced the one ending, and nothing for a permanent one', async () => {
    const { client, info } = await registerPlayer(app);
    const userId = (await app.services.users.byUid(info.uid))?.id ?? 0;
    await client.post('/api/responsible/break', { kind: 'cooloff', length: '24h' });
    await client.post('/api/responsible/break', { kind: 'exclusion', length: 'permanent' });
    await advance('20h');
    expect(await letters(userId)).toEqual([]);
  });
});
