import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import type { Envelope } from '../../../../shared/envelope';
import { migrate, openDatabase, readMigrations } from '../../db/database';
import { serialize } from '../../db/serial';
import { hashed, opsClient, type TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import {
  balanceOf,
  readyPlayer,
  setVipLimits,
  setWithdrawSmsCode,
  TRADE_PASSWORD,
  type WithdrawRecord,
  withdraw,
  withdrawCode,
} from '../../test/money';
import { bet, gameSession, rollback } from '../../test/play';
import { assertLedgerWhole, ledgerProblems } from '../ledger/whole';

/**
 * Bonus money is ring-fenced (docs/money.md "Wagering requirements"): a bonus with a turnover multiple opens
 * its own requirement and locks only its own amount; the player's own cash stays withdrawable.
 */

type Requirement = {
  id: number;
  source: string;
  reference: string;
  bonus: number;
  turnoverRequired: number;
  turnoverDone: number;
  state: string;
};
type Wagering = { balance: number; locked: number; surplus: number; withdrawalAmount: number; list: Requirement[] };

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const userIdOf = async (uid: number) => (await app.services.users.byUid(uid))?.id ?? 0;
const wagering = async (client: TestClient) => {
  const answer = await client.get<Wagering>('/api/withdraw/wagering');
  expect(answer.body.success).toBe(true);
  return answer.body.data;
};
/** A bonus as the sign-in, task and poker rewards grant it: cash with a turnover multiple. */
const grantBonus = async (uid: number, key: string, centavos: number, multiple: number) =>
  app.services.grants.grant(await userIdOf(uid), {
    key,
    source: 'signin',
    rewards: [{ type: 'cash', amount: centavos }],
    turnoverMultiple: multiple,
  });

/** 447.00 of the player's own money and an 8.00 bonus to be turned over 10 times. */
async function ownMoneyAndBonus() {
  const player = await readyPlayer(app, { funds: 447 });
  await grantBonus(player.uid, 'signin:1', 800, 10);
  return player;
}

describe('a bonus locks only itself', () => {
  it('leaves the own 447.00 withdrawable beside an 8.00 bonus; 455.00 is refused with BONUS_LOCKED', async () => {
    const { client } = await ownMoneyAndBonus();
    expect(await balanceOf(client)).toMatchObject({ balance: 455, withdrawalAmount: 447, surplus: 0 });
    const before = await wagering(client);
    expect(before).toMatchObject({ balance: 455, locked: 8, surplus: 0, withdrawalAmount: 447 });
    expect(before.list).toEqual([
      expect.objectContaining({ source: 'signin', bonus: 8, turnoverRequired: 80, turnoverDone: 0, state: 'open' }),
    ]);

    const refused = await withdraw(app, client, 455);
    expect(refused.body).toMatchObject({ success: false, code: Code.BONUS_LOCKED });
    expect(refused.body.msg).toContain('8.00');
    expect(refused.body.msg).toContain('447.00');
    expect(await balanceOf(client)).toMatchObject({ balance: 455, allAmount: 455 });

    const paid = await withdraw(app, client, 447);
    expect(paid.body).toMatchObject({ success: true, data: { amount: 447 } });
    expect(await balanceOf(client)).toMatchObject({ balance: 8, withdrawalAmount: 0, allAmount: 455 });
    // The bonus is still there, still locked; the risk view says a withdrawal now would be refused.
    const risk = (await client.get<{ userRiskVO: { withdrawLocked: boolean } }>('/api/balance')).body.data;
    expect(risk.userRiskVO.withdrawLocked).toBe(true);
    await assertLedgerWhole(app.db);
  });

  it('says so in Vietnamese too', async () => {
    const { client } = await ownMoneyAndBonus();
    const captcha = await client.get<{ token: string }>('/api/captcha');
    const answer = (await app.services.captcha.peek(captcha.body.data.token))?.answer ?? '';
    const refused = await app.inject({
      method: 'POST',
      url: '/api/withdraw/create',
      headers: { cookie: client.cookie, language: 'vi-VN', requestfrom: 'H5' },
      payload: {
        amount: 455,
        password: hashed(TRADE_PASSWORD),
        captcha: { token: captcha.body.data.token, answer },
        smsCode: await withdrawCode(app, client),
      },
    });
    const body = refused.json() as Envelope<unknown>;
    expect(body.code).toBe(Code.BONUS_LOCKED);
    expect(body.msg).toContain('tiền thưởng');
  });

  it('a coupon deposit locks the bonus, not the deposit', async () => {
    const { client } = await readyPlayer(app);
    const couponId = (await client.get<{ id: number }[]>('/api/coupon/fetch')).body.data[0]?.id;
    const quote = await client.post('/api/recharge/preCreate', { channel: 'gcash', amount: 500, couponId });
    expect(quote.body.data).toMatchObject({ bonus: 500, turnoverRequired: 5000, bonusTurnover: 5000 });
    const order = (
      await client.post<{ orderNo: string }>('/api/recharge/build', { channel: 'gcash', amount: 500, couponId })
    ).body.data;
    await opsClient(app).post(`/ops/deposits/${order.orderNo}/settle`, { status: 'SUCCESS' });
    expect(await balanceOf(client)).toMatchObject({ balance: 1000, surplus: 0, withdrawalAmount: 500 });
    expect((await wagering(client)).list).toEqual([
      expect.objectContaining({ source: 'deposit', reference: order.orderNo, bonus: 500, turnoverRequired: 5000 }),
    ]);
    expect((await withdraw(app, client, 500)).body.success).toBe(true);
  });

  it("keeps the deposit's own turnover (depositTurnoverMultiple) on the whole balance", async () => {
    await inDb(app.db).run`INSERT INTO payment_settings (key, value) VALUES ('depositTurnoverMultiple', '1')
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`;
    const { client } = await readyPlayer(app);
    const order = (await client.post<{ orderNo: string }>('/api/recharge/build', { channel: 'gcash', amount: 500 }))
      .body.data;
    await opsClient(app).post(`/ops/deposits/${order.orderNo}/settle`, { status: 'SUCCESS' });
    expect(await balanceOf(client)).toMatchObject({ balance: 500, surplus: 500, withdrawalAmount: 0 });
    expect((await withdraw(app, client, 100)).body.code).toBe(Code.TURNOVER_OWED);
  });
});

describe('bets and rollbacks', () => {
  it('bets complete the requirement, a rollback takes its part back, then the whole balance is free', async () => {
    const { client } = await ownMoneyAndBonus();
    const session = await gameSession(app, client);
    const first = await bet(app, session, 50, false);
    expect((await wagering(client)).list[0]).toMatchObject({ turnoverDone: 50, state: 'open' });
    await rollback(app, first);
    expect((await wagering(client)).list[0]).toMatchObject({ turnoverDone: 0, state: 'open' });

    await bet(app, session, 30);
    const last = await bet(app, session, 50, false); // 80 done: met
    expect(await wagering(client)).toMatchObject({ locked: 0, list: [] });
    expect(await balanceOf(client)).toMatchObject({ balance: 375, withdrawalAmount: 375 });
    // Rolling back the bet that completed it opens it again: that bet never counted.
    await rollback(app, last);
    expect((await wagering(client)).list[0]).toMatchObject({ turnoverDone: 30, state: 'open' });
    expect(await balanceOf(client)).toMatchObject({ balance: 425, withdrawalAmount: 417 });
    await assertLedgerWhole(app.db);
  });

  it('count toward the oldest open requirement first, the rest to the next', async () => {
    const { client, uid } = await readyPlayer(app, { funds: 100 });
    await grantBonus(uid, 'signin:1', 1_000, 3); // 10.00, 30.00 to bet
    await grantBonus(uid, 'signin:2', 2_000, 2); // 20.00, 40.00 to bet
    const session = await gameSession(app, client);
    await bet(app, session, 45);
    const view = await wagering(client);
    expect(view.list.map((r) => [r.bonus, r.turnoverDone, r.state])).toEqual([[20, 15, 'open']]);
    expect(view).toMatchObject({ balance: 85, locked: 20, withdrawalAmount: 65 });
    const states = await inDb(app.db).all`SELECT done, state FROM wagering_requirements ORDER BY id`;
    expect(states).toEqual([
      { done: 3_000, state: 'met' },
      { done: 1_500, state: 'open' },
    ]);
  });

  it('forfeits the open requirements when the balance reaches 0; a later deposit is free', async () => {
    const { client, uid } = await readyPlayer(app);
    await grantBonus(uid, 'signin:1', 800, 10);
    const session = await gameSession(app, client);
    await bet(app, session, 8);
    expect(await wagering(client)).toMatchObject({ balance: 0, locked: 0, list: [] });
    expect(await inDb(app.db).column`SELECT state FROM wagering_requirements`).toEqual(['forfeited']);
    await opsClient(app).post(`/ops/users/${uid}/adjust`, { amount: 200, reason: 'test' });
    expect(await balanceOf(client)).toMatchObject({ balance: 200, withdrawalAmount: 200 });
  });
});

describe('concurrent withdrawals', { timeout: 20_000 }, () => {
  it('cannot dip into the locked bonus: of 20 withdrawals of 150.00 against 447.00 + 8.00 bonus, 2 pass', async () => {
    const { client, uid } = await ownMoneyAndBonus();
    await setVipLimits(app, uid, 10, 1_000_000, 1_000);
    // Twenty at once of one player: the bonus lock decides, not the SMS code (one withdrawal per code).
    await setWithdrawSmsCode(app, false);
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const issued = await client.get<{ token: string }>('/api/captcha');
        const captcha = {
          token: issued.body.data.token,
          answer: (await app.services.captcha.peek(issued.body.data.token))?.answer ?? '',
        };
        const answer = await app.inject({
          method: 'POST',
          url: '/api/withdraw/create',
          remoteAddress: client.ip,
          headers: { cookie: client.cookie, requestfrom: 'H5' },
          payload: { amount: 150, password: hashed(TRADE_PASSWORD), captcha },
        });
        return answer.json() as Envelope<WithdrawRecord>;
      }),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(2);
    expect(new Set(answers.filter((a) => !a.success).map((a) => a.code))).toEqual(new Set([Code.BONUS_LOCKED]));
    expect(await balanceOf(client)).toMatchObject({ balance: 155, withdrawalAmount: 147 });
    await assertLedgerWhole(app.db);
  });
});

describe('migration 0030 on an existing database', () => {
  it('turns the turnover owed before it into one requirement per player, locking at most the bonuses', async () => {
    const db = openDatabase(':memory:');
    const all = readMigrations();
    migrate(
      db,
      all.filter((m) => m.version < 30),
    );
    const now = '2026-11-01T00:00:00.000Z';
    const user = db.prepare(
      `INSERT INTO users (uid, username, password_hash, nickname, avatar, invitation_code, created_at)
       VALUES (?, ?, 'x', 'n', 'a', ?, ?)`,
    );
    const post = db.prepare(
      `INSERT INTO balance_journal (user_id, type, amount, frozen_delta, point_delta, balance_after, frozen_after,
         point_after, reference, counterparty, created_at) VALUES (?, ?, ?, 0, 0, 0, 0, 0, ?, ?, ?)`,
    );
    const account = db.prepare(
      'INSERT INTO accounts (user_id, balance, frozen, point, updated_at) VALUES (?, ?, 0, 0, ?)',
    );
    const counters = db.prepare(
      'INSERT INTO account_counters (user_id, turnover_required, turnover_done) VALUES (?, ?, ?)',
    );
    // 1: 447.00 of adjustments and an 8.00 sign-in reward with 10x, 20.00 bet: 60.00 still owed.
    user.run(10000001, 'old01', 'INV1', now);
    account.run(1, 43_500, now);
    counters.run(1, 8_000, 2_000);
    post.run(1, 'adjust', 44_700, 'ADJ1', 'house', now);
    post.run(1, 'reward', 800, 'signin:1', 'promotions', now);
    post.run(1, 'bet', -2_000, 'R1', 'provider', now);
    // 2: a 500.00 deposit with 1x of its own (AML) and nothing else: the counter keeps it, no requirement.
    user.run(10000002, 'old02', 'INV2', now);
    account.run(2, 50_000, now);
    counters.run(2, 50_000, 0);
    post.run(2, 'deposit', 50_000, 'D2', 'gateway', now);
    db.prepare('INSERT INTO payment_channels (code, name, min_amount, max_amount) VALUES (?, ?, 1, 99999999)').run(
      'gcash',
      'GCash',
    );
    db.prepare(
      `INSERT INTO deposits (order_no, user_id, channel, amount, turnover_required, status, created_at, expires_at)
       VALUES ('D2', 2, 'gcash', 50000, 50000, 1, ?, ?)`,
    ).run(now, now);
    // 3: owed turnover but the balance is 0: the bonus was lost, the requirement is forfeited.
    user.run(10000003, 'old03', 'INV3', now);
    account.run(3, 0, now);
    counters.run(3, 1_000, 0);
    post.run(3, 'reward', 1_000, 'signin:1', 'promotions', now);
    post.run(3, 'bet', -1_000, 'R3', 'provider', now);
    db.prepare("UPDATE ledger_accounts SET balance = balance - 44700 WHERE code = 'house'").run();
    db.prepare("UPDATE ledger_accounts SET balance = balance - 1800 WHERE code = 'promotions'").run();
    db.prepare("UPDATE ledger_accounts SET balance = balance + 3000 WHERE code = 'provider'").run();
    db.prepare("UPDATE ledger_accounts SET balance = balance - 50000 WHERE code = 'gateway'").run();
    expect(await ledgerProblems(serialize(db))).toEqual([]);

    migrate(db, all);
    expect(await ledgerProblems(serialize(db))).toEqual([]);
    expect(
      db
        .prepare('SELECT user_id, source, bonus, required, done, state FROM wagering_requirements ORDER BY user_id')
        .all(),
    ).toEqual([
      { user_id: 1, source: 'carried', bonus: 800, required: 8_000, done: 2_000, state: 'open' },
      { user_id: 3, source: 'carried', bonus: 1_000, required: 1_000, done: 0, state: 'forfeited' },
    ]);
    expect(db.prepare('SELECT turnover_required FROM account_counters ORDER BY user_id').pluck().all()).toEqual([
      0, 50_000, 0,
    ]);
    db.close();
  });
});
