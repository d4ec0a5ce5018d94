import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { migrate, openDatabase, readMigrations } from '../../db/database';
import { serialize } from '../../db/serial';
import { isAppError } from '../../errors';
import { opsClient, registerPlayer, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { COUNTERPARTY, type JournalType } from './journal-types';
import { assertLedgerWhole, ledgerProblems, ledgerTotals } from './whole';

let app: FastifyInstance;
let players: number[];

beforeAll(async () => {
  app = await testApp();
  players = [];
  for (let i = 0; i < 3; i++) {
    const { info } = await registerPlayer(app);
    players.push((await inDb(app.db).value<number>`SELECT id FROM users WHERE uid = ${info.uid}`) as number);
  }
});
afterAll(() => app.close());

/** One money operation as the domains post it (types and buckets as in docs/money.md). */
type Op = { player: number; type: JournalType; amount: number; frozen: number; points: number; reference: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    player: fc.nat(2),
    type: fc.constantFrom<JournalType>('deposit', 'deposit_bonus', 'win', 'rollback', 'reward', 'rebate', 'adjust'),
    amount: fc.integer({ min: 1, max: 500_000 }),
    frozen: fc.constant(0),
    points: fc.constant(0),
    reference: fc.nat(40),
  }),
  fc.record({
    player: fc.nat(2),
    type: fc.constantFrom<JournalType>('bet', 'adjust'),
    amount: fc.integer({ min: -500_000, max: -1 }),
    frozen: fc.constant(0),
    points: fc.constant(0),
    reference: fc.nat(40),
  }),
  // A withdrawal freezes, a return unfreezes, a payout takes the frozen amount away.
  fc.integer({ min: 1, max: 300_000 }).chain((a) =>
    fc.record({
      player: fc.nat(2),
      type: fc.constantFrom<JournalType>('withdraw', 'withdraw_return', 'withdraw_paid'),
      amount: fc.constant(a),
      frozen: fc.constant(0),
      points: fc.constant(0),
      reference: fc.nat(40),
    }),
  ),
  fc.record({
    player: fc.nat(2),
    type: fc.constantFrom<JournalType>('points', 'mall'),
    amount: fc.constant(0),
    frozen: fc.constant(0),
    points: fc.integer({ min: 1, max: 5_000 }),
    reference: fc.nat(40),
  }),
);

/** The buckets each type moves (a withdrawal's amount goes from balance to frozen, and so on). */
function posting(o: Op) {
  switch (o.type) {
    case 'withdraw':
      return { amount: -o.amount, frozen: o.amount };
    case 'withdraw_return':
      return { amount: o.amount, frozen: -o.amount };
    case 'withdraw_paid':
      return { frozen: -o.amount };
    case 'mall':
      return { points: -o.points };
    case 'points':
      return { points: o.points };
    default:
      return { amount: o.amount };
  }
}

describe('the double-entry ledger', () => {
  it('every random sequence of money operations leaves the sum over all accounts at zero (property)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40 }), async (ops) => {
        run++;
        const written = new Set<string>();
        for (const o of ops) {
          const userId = players[o.player] as number;
          const reference = `P${run}-${o.reference}`;
          const key = `${o.type}|${reference}|${userId}`;
          try {
            await app.db.transaction(() =>
              app.services.ledger.post(userId, { type: o.type, reference, ...posting(o) }),
            )();
            expect(written.has(key), `a duplicate transfer was written: ${key}`).toBe(false);
            written.add(key);
          } catch (error) {
            if (isAppError(error)) expect(error.code).toBe(Code.INSUFFICIENT_BALANCE);
            // The unique (type, reference) per account refuses the second write of a transfer.
            else expect(written.has(key), String(error)).toBe(true);
          }
          expect(await ledgerTotals(app.db)).toEqual({ money: 0, points: 0 });
        }
        expect(await ledgerProblems(app.db)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('a transfer is written once: the same (type, reference) for the same player is refused, nothing moves', async () => {
    const userId = players[0] as number;
    const post = () =>
      app.db.transaction(() =>
        app.services.ledger.post(userId, { type: 'deposit', amount: 1_000, reference: 'Donce' }),
      )();
    await post();
    const before = (await app.services.ledger.account(userId)).balance;
    await expect(post()).rejects.toThrow(/UNIQUE/);
    expect((await app.services.ledger.account(userId)).balance).toBe(before);
    // Another type, or another player, with the same reference is another transfer.
    await app.db.transaction(() =>
      app.services.ledger.post(userId, { type: 'deposit_bonus', amount: 100, reference: 'Donce' }),
    )();
    await app.db.transaction(() =>
      app.services.ledger.post(players[1] as number, { type: 'deposit', amount: 1_000, reference: 'Donce' }),
    )();
    await assertLedgerWhole(app.db);
  });

  it('each posting moves its counterparty by the opposite amount; a move inside the account moves none', async () => {
    const userId = players[2] as number;
    const counterparty = async (code: string) =>
      Number(await inDb(app.db).value`SELECT SUM(balance) FROM ledger_account_slots WHERE code = ${code}`);
    const gateway = await counterparty('gateway');
    const payout = await counterparty('payout');
    await app.db.transaction(() =>
      app.services.ledger.post(userId, { type: 'deposit', amount: 5_000, reference: 'Dcp' }),
    )();
    expect(await counterparty('gateway')).toBe(gateway - 5_000);
    await app.db.transaction(() =>
      app.services.ledger.post(userId, { type: 'withdraw', amount: -2_000, frozen: 2_000, reference: 'Wcp' }),
    )();
    expect(await counterparty('payout')).toBe(payout);
    await app.db.transaction(() =>
      app.services.ledger.post(userId, { type: 'withdraw_paid', frozen: -2_000, reference: 'Wcp' }),
    )();
    expect(await counterparty('payout')).toBe(payout + 2_000);
    const row = await inDb(app.db)
      .value`SELECT counterparty FROM balance_journal WHERE reference = 'Wcp' AND type = 'withdraw_paid'`;
    expect(row).toBe(COUNTERPARTY.withdraw_paid);
    await assertLedgerWhole(app.db);
  });

  it('a posting the balance cannot cover writes nothing: no bucket, counter, counterparty or journal row', async () => {
    const userId = players[1] as number;
    const state = async () => ({
      account: await app.services.ledger.account(userId),
      provider: Number(await inDb(app.db).value`SELECT SUM(balance) FROM ledger_account_slots WHERE code = 'provider'`),
      journal: Number(await inDb(app.db).value`SELECT COUNT(*) FROM balance_journal WHERE user_id = ${userId}`),
    });
    const before = await state();
    // A bet counts turnover (the counters' write) and moves the provider's slot: neither may happen alone.
    const bet = {
      type: 'bet' as const,
      amount: -(before.account.balance + 1),
      turnoverDone: before.account.balance + 1,
    };
    await expect(
      app.db.transaction(() => app.services.ledger.post(userId, { ...bet, reference: 'Bover' }))(),
    ).rejects.toMatchObject({ code: Code.INSUFFICIENT_BALANCE });
    expect(await state()).toEqual(before);
    await assertLedgerWhole(app.db);
  });

  it('the check finds a balance changed behind the ledger, and GET /ops/ledger/check reports it', async () => {
    type Check = { whole: boolean; total: number; counterparties: { code: string }[] };
    const ops = opsClient(app);
    const whole = await ops.get<Check>('/ops/ledger/check');
    expect(whole.body.data).toMatchObject({ whole: true, problems: [], total: 0, totalPoints: 0 });
    expect(whole.body.data.counterparties.map((c) => c.code)).toEqual([...new Set(Object.values(COUNTERPARTY))].sort());
    await inDb(app.db).run`UPDATE accounts SET balance = balance + 1 WHERE user_id = ${players[0]}`;
    await expect(assertLedgerWhole(app.db)).rejects.toThrow(/not whole/);
    const broken = await ops.get<Check>('/ops/ledger/check');
    expect(broken.body.data.whole).toBe(false);
    expect(broken.body.data.total).toBe(0.01);
    await inDb(app.db).run`UPDATE accounts SET balance = balance - 1 WHERE user_id = ${players[0]}`;
    await assertLedgerWhole(app.db);
  });
});

describe('migration 0014 on an existing database', () => {
  it('builds the counterparty postings of the journals written before it, so the database stays whole', async () => {
    const db = openDatabase(':memory:');
    const all = readMigrations();
    migrate(
      db,
      all.filter((m) => m.version < 14),
    );
    const now = '2026-11-01T00:00:00.000Z';
    const user = db.prepare(
      `INSERT INTO users (uid, username, password_hash, nickname, avatar, invitation_code, created_at)
       VALUES (?, ?, 'x', 'n', 'a', ?, ?)`,
    );
    user.run(10000001, 'old01', 'INV1', now);
    user.run(10000002, 'old02', 'INV2', now);
    db.prepare(
      `INSERT INTO accounts (user_id, balance, frozen, point, point_earned, deposit_total, deposit_count,
         turnover_required, turnover_done, turnover_total, energy, updated_at)
       VALUES (1, 62000, 20000, 30, 50, 100000, 1, 8000, 1500, 1500, 2, ?), (2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ?)`,
    ).run(now, now);
    const journal = db.prepare(
      `INSERT INTO balance_journal (user_id, type, amount, frozen_delta, point_delta, balance_after, frozen_after,
         point_after, reference, created_at) VALUES (1, ?, ?, ?, ?, 0, 0, 0, ?, ?)`,
    );
    for (const [type, amount, frozen, points, reference] of [
      ['deposit', 100_000, 0, 0, 'D1'],
      ['deposit_bonus', 800, 0, 0, 'D1'],
      ['bet', -1_500, 0, 0, 'R1'],
      ['bet', -700, 0, 0, 'R1'], // a reference repeated before the unique index
      ['win', 700, 0, 0, 'R1'],
      ['withdraw', -30_000, 30_000, 0, 'W1'],
      ['withdraw_paid', 0, -10_000, 0, 'W1'],
      ['points', 0, 0, 50, 'signin:1'],
      ['mall', 0, 0, -20, 'M1'],
      ['adjust', -7_300, 0, 0, 'ADJ1'],
    ] as const)
      journal.run(type, amount, frozen, points, reference, now);
    // Up to 0030, which moves bonus turnover out of the counters (wagering.test.ts checks that one).
    migrate(
      db,
      all.filter((m) => m.version < 30),
    );
    expect(await ledgerProblems(serialize(db))).toEqual([]);
    expect(
      db.prepare("SELECT balance FROM ledger_accounts WHERE code IN ('gateway', 'payout') ORDER BY code").pluck().all(),
    ).toEqual([-100_000, 10_000]);
    expect(db.prepare("SELECT COUNT(*) FROM balance_journal WHERE reference LIKE 'R1#%'").pluck().get()).toBe(1);
    expect(db.prepare('SELECT * FROM account_counters WHERE user_id = 1').get()).toMatchObject({
      deposit_total: 100_000,
      deposit_count: 1,
      turnover_required: 8_000,
      turnover_done: 1_500,
      energy: 2,
      point_earned: 50,
    });
    db.close();
  });
});
