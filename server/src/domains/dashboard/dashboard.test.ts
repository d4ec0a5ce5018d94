import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataOf } from '../../../../shared/contract/define';
import type { getDashboard } from '../../../../shared/contract/ops-dashboard';
import { sql } from '../../db/builder';
import { hashed, newPlayer, opsClient, signUpCode, TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { fund, readyPlayer, uploadDocuments, withdraw } from '../../test/money';
import { deposit, gameSession, bet as lostBet, player } from '../../test/play';
import { IDENTITY, signedBody } from '../../world/recipes';

type Dashboard = DataOf<typeof getDashboard>;

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const ops = () => opsClient(app);
const dashboard = async () => {
  const answer = await ops().get<Dashboard>('/ops/dashboard');
  expect(answer.body).toMatchObject({ success: true, code: 0 });
  return answer.body.data;
};
const setClock = async (body: { set?: string; advance?: string }) =>
  expect((await ops().post('/ops/clock', body)).body.success).toBe(true);

/** The provider's wallet call, signed as the provider signs it. */
async function wallet(name: string, fields: Record<string, string>) {
  const payload = signedBody(fields, app.config.providerSecret);
  const body = (await app.inject({ method: 'POST', url: `/api/provider/wallet/${name}`, payload })).json();
  expect(body, `wallet ${name}`).toMatchObject({ success: true });
}

/** A round: a bet of `stake` pesos, then a win of `won` pesos (0: lost). */
async function round(sessionToken: string, stake: number, won: number) {
  const roundId = randomUUID();
  await wallet('bet', { sessionToken, transactionId: randomUUID(), roundId, amount: stake.toFixed(2) });
  await wallet('win', { transactionId: randomUUID(), roundId, amount: won.toFixed(2), result: won ? 'Won' : 'Lost' });
}

/** A bet of `stake` pesos the provider cancels. */
async function cancelledBet(sessionToken: string, stake: number) {
  const transactionId = randomUUID();
  await wallet('bet', { sessionToken, transactionId, roundId: randomUUID(), amount: stake.toFixed(2) });
  await wallet('rollback', { transactionId: randomUUID(), betTransactionId: transactionId });
}

/**
 * The same figures straight from the ledger and the tables, in centavos, over [from, to): what the
 * dashboard must equal, computed here independently of its repo.
 */
async function fromLedger(range: { from: string; to: string }) {
  const sum = async (expression: string, types: string[]) =>
    (await inDb(app.db).value<number>`SELECT COALESCE(SUM(${sql.ref(expression)}), 0) FROM balance_journal
      WHERE created_at >= ${range.from} AND created_at < ${range.to} AND type IN (${sql.join(types)})`) as number;
  const count = async (type: string) =>
    (await inDb(app.db).value<number>`SELECT COUNT(*) FROM balance_journal
      WHERE created_at >= ${range.from} AND created_at < ${range.to} AND type = ${type}`) as number;
  const ggr = -(await sum('amount', ['bet', 'win', 'rollback']));
  const bonusCost = await sum('amount', ['deposit_bonus', 'reward', 'rebate']);
  return {
    ggr: ggr / 100,
    bonusCost: bonusCost / 100,
    ngr: (ggr - bonusCost) / 100,
    deposits: { amount: (await sum('amount', ['deposit'])) / 100, count: await count('deposit') },
    withdrawals: { amount: -(await sum('frozen_delta', ['withdraw_paid'])) / 100, count: await count('withdraw_paid') },
    activePlayers: (await inDb(app.db).value<number>`SELECT COUNT(*) FROM (SELECT DISTINCT user_id FROM balance_journal
      WHERE type = 'bet' AND created_at >= ${range.from} AND created_at < ${range.to}) b`) as number,
  };
}

async function guest() {
  const client = new TestClient(app);
  expect((await client.post('/api/user/guest/login')).body.success).toBe(true);
  return client;
}

async function signUp(client: TestClient) {
  const p = newPlayer();
  const answer = await client.post('/api/user/guest/register', {
    username: p.username,
    password: hashed(p.password),
    phone: p.phone,
    agree: true,
    smsCode: await signUpCode(app, p.phone, client),
  });
  expect(answer.body.success).toBe(true);
}

describe('the operator dashboard (GET /ops/dashboard)', () => {
  it("equals the ledger's figures for today and the last 30 Manila days, day by day, with the queues", async () => {
    // ---- 2026-11-20, 10:00 in Manila (TEST_NOW): the day before
    const ana = await readyPlayer(app); // registered, transaction password, wallet, identity verified
    await deposit(app, ana.client, 1000);
    let session = await gameSession(app, ana.client);
    await lostBet(app, session, 100);
    const ben = await player(app);
    await guest(); // stays a guest: never a new player
    const later = await guest(); // signs up tomorrow: a new player tomorrow, not today

    const first = await dashboard();
    expect(first.today).toBe('2026-11-20');
    expect(first.periods.today).toMatchObject({
      from: '2026-11-19T16:00:00.000Z',
      to: '2026-11-20T16:00:00.000Z',
      ggr: 100,
      bonusCost: 0,
      ngr: 100,
      deposits: { amount: 1000, count: 1 },
      withdrawals: { amount: 0, count: 0 },
      activePlayers: 1,
      newPlayers: 2,
    });

    // ---- the last instant of the 20th and the first of the 21st, in Manila
    await setClock({ set: '2026-11-20T23:59:59.999+08:00' });
    session = await gameSession(app, ana.client);
    await lostBet(app, session, 10);
    await setClock({ set: '2026-11-21T00:00:00.000+08:00' });
    await lostBet(app, session, 10);

    // ---- 2026-11-21, 01:00 in Manila: today
    await setClock({ advance: '1h' });
    session = await gameSession(app, ana.client);
    await round(session, 800, 950); // the house loses 150
    await cancelledBet(session, 50); // nets nothing
    await round(session, 100, 100); // nets nothing; Ana's bets (1,020) now cover her deposit's turnover
    const paid = await withdraw(app, ana.client, 300);
    expect(paid.body.success).toBe(true);
    expect((await ops().post(`/ops/withdrawals/${paid.body.data.orderNo}/review`)).body.success).toBe(true);
    await setClock({ advance: '1m' }); // the sandbox payout gateway answers Success
    expect((await ops().get<{ status: number }>(`/ops/withdrawals/${paid.body.data.orderNo}`)).body.data.status).toBe(
      2,
    );
    expect((await withdraw(app, ana.client, 100)).body.success).toBe(true); // waits for review

    await signUp(later);
    const cora = await player(app);
    expect((await cora.client.post('/api/redemption/code/use', { code: 'WELCOME2026' })).body.success).toBe(true);
    await uploadDocuments(cora.client);
    expect((await cora.client.post('/api/user/kyc/submit', { ...IDENTITY })).body.success).toBe(true);
    expect((await cora.client.post('/api/chat/send', { text: 'Where is my bonus?' })).body.success).toBe(true);

    const dina = await player(app);
    const coupon = (await dina.client.get<{ id: number }[]>('/api/coupon/fetch')).body.data[0];
    const built = await dina.client.post<{ orderNo: string }>('/api/recharge/build', {
      channel: 'gcash',
      amount: 500,
      couponId: coupon?.id,
    });
    expect(built.body.success).toBe(true);
    expect(
      (await ops().post(`/ops/deposits/${built.body.data.orderNo}/settle`, { status: 'SUCCESS' })).body.success,
    ).toBe(true);

    // Ben opens a deposit and does not pay it; an operator adjustment is none of the figures.
    expect((await ben.client.post('/api/recharge/build', { channel: 'gcash', amount: 500 })).body.success).toBe(true);
    await fund(app, ben.uid, 50);

    const view = await dashboard();
    expect(view.today).toBe('2026-11-21');
    expect(view.now).toBe('2026-11-20T17:01:00.000Z');
    const today = { from: '2026-11-20T16:00:00.000Z', to: '2026-11-21T16:00:00.000Z' };
    const last30 = { from: '2026-10-22T16:00:00.000Z', to: '2026-11-21T16:00:00.000Z' };

    // The known amounts...
    expect(view.periods.today).toEqual({
      ...today,
      ggr: -140, // the midnight bet 10, the rounds 800 - 950 and 100 - 100, the cancelled 50 - 50
      bonusCost: 520, // the code's 20.00 and the coupon's 500.00
      ngr: -660,
      deposits: { amount: 500, count: 1 },
      withdrawals: { amount: 300, count: 1 },
      activePlayers: 1,
      newPlayers: 3, // the guest who signed up, Cora, Dina
    });
    expect(view.periods.last30Days).toEqual({
      ...last30,
      ggr: -30, // yesterday's 100 and 10, today's -140
      bonusCost: 520,
      ngr: -550,
      deposits: { amount: 1500, count: 2 },
      withdrawals: { amount: 300, count: 1 },
      activePlayers: 1,
      newPlayers: 5,
    });
    // ...are the ledger's.
    const { newPlayers: _t, from: _tf, to: _tt, ...todayFigures } = view.periods.today;
    expect(todayFigures).toEqual(await fromLedger(today));
    const { newPlayers: _l, from: _lf, to: _lt, ...last30Figures } = view.periods.last30Days;
    expect(last30Figures).toEqual(await fromLedger(last30));
    const yesterday = await fromLedger({ from: '2026-11-19T16:00:00.000Z', to: today.from });
    expect(yesterday).toMatchObject({ ggr: 110, deposits: { amount: 1000, count: 1 } });

    // The series: 30 Manila days, today last; the two days with activity, the others zero.
    expect(view.daily).toHaveLength(30);
    expect(view.daily[0]?.day).toBe('2026-10-23');
    expect(view.daily.at(-1)?.day).toBe('2026-11-21');
    expect(view.daily.filter((d) => d.ggr || d.deposits || d.withdrawals || d.newPlayers)).toEqual([
      { day: '2026-11-20', ggr: 110, deposits: 1000, withdrawals: 0, activePlayers: 1, newPlayers: 2 },
      { day: '2026-11-21', ggr: -140, deposits: 500, withdrawals: 300, activePlayers: 1, newPlayers: 3 },
    ]);
    const total = (key: 'ggr' | 'deposits' | 'withdrawals' | 'newPlayers') =>
      Math.round(view.daily.reduce((s, d) => s + d[key] * 100, 0)) / 100;
    expect(total('ggr')).toBe(view.periods.last30Days.ggr);
    expect(total('deposits')).toBe(view.periods.last30Days.deposits.amount);
    expect(total('withdrawals')).toBe(view.periods.last30Days.withdrawals.amount);
    expect(total('newPlayers')).toBe(view.periods.last30Days.newPlayers);
    // Active players per day are the journal's distinct bettors of each Manila day.
    const bettorsOn = (from: string, to: string) =>
      inDb(app.db).value`SELECT COUNT(DISTINCT user_id) FROM balance_journal
        WHERE type = 'bet' AND created_at >= ${from} AND created_at < ${to}`;
    for (const d of view.daily) {
      const from = new Date(`${d.day}T00:00:00+08:00`);
      const to = new Date(from.getTime() + 86_400_000);
      expect(d.activePlayers).toBe(Number(await bettorsOn(from.toISOString(), to.toISOString())));
    }
    // Registrations from the table: guests left out, a guest counted on the day it signed up.
    const registered = (from: string, to: string) =>
      inDb(app.db).value`SELECT COUNT(*) FROM users
        WHERE guest = 0 AND COALESCE(terms_accepted_at, created_at) >= ${from} AND COALESCE(terms_accepted_at, created_at) < ${to}`;
    expect(await registered(today.from, today.to)).toBe(3);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM users WHERE guest = 1`).toBe(1);

    expect(view.pending).toEqual({
      withdrawals: 1,
      withdrawalsAmount: 100,
      withdrawalExceptions: 0,
      kyc: 1,
      chats: 1,
      chatsUnread: 1,
      deposits: 1,
    });

    // ---- 29 days later: the 20th has left the 30 days, Ben's unpaid deposit timed out
    await setClock({ advance: '29d' });
    const month = await dashboard();
    expect(month.today).toBe('2026-12-20');
    expect(month.daily[0]).toEqual({
      day: '2026-11-21',
      ggr: -140,
      deposits: 500,
      withdrawals: 300,
      activePlayers: 1,
      newPlayers: 3,
    });
    expect(month.periods.last30Days).toMatchObject({
      ggr: -140,
      deposits: { amount: 500, count: 1 },
      newPlayers: 3,
      activePlayers: 1,
    });
    expect(month.periods.today).toMatchObject({ ggr: 0, activePlayers: 0, newPlayers: 0 });
    expect(month.pending).toMatchObject({ withdrawals: 1, deposits: 0 });
  });

  it('answers zeros and 30 empty days on a fresh casino; only with the operator token', async () => {
    const view = await dashboard();
    expect(view.daily).toHaveLength(30);
    expect(
      view.daily.every((d) => d.ggr === 0 && d.deposits === 0 && d.activePlayers === 0 && d.newPlayers === 0),
    ).toBe(true);
    expect(view.periods.today).toMatchObject({ ggr: 0, ngr: 0, activePlayers: 0, newPlayers: 0 });
    expect(view.pending).toMatchObject({ withdrawals: 0, kyc: 0, chats: 0, deposits: 0 });
    const anonymous = await app.inject({ method: 'GET', url: '/ops/dashboard' });
    expect(anonymous.statusCode).toBe(401);
  });
});
