import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { AppError } from '../errors';
import { registerPlayer, testApp } from '../test/helpers';
import { fund } from '../test/money';

let app: FastifyInstance;
let userId: number;

beforeEach(async () => {
  app = await testApp();
  const { info } = await registerPlayer(app);
  await fund(app, info.uid, 100);
  userId = (await app.db.prepare('SELECT id FROM users WHERE uid = ?').pluck().get(info.uid)) as number;
});
afterEach(() => app.close());

const balance = async () => (await app.services.ledger.account(userId)).balance;
const journalRows = async () =>
  (await app.db.prepare('SELECT COUNT(*) FROM balance_journal WHERE user_id = ?').pluck().get(userId)) as number;
/** A unit that takes `centavos` from the player (throws INSUFFICIENT_BALANCE when they are not there). */
const spend = (centavos: number, reference: string) => async () =>
  (await app.services.ledger.post(userId, { type: 'bet', amount: -centavos, reference })).account.balance;

describe('the group commit of money writes', () => {
  it('runs the units of one turn in arrival order, each all-or-nothing, and answers after the commit', async () => {
    const { batch } = app.services.ledger;
    const seenAtAnswer: { inTransaction: boolean; balance: number }[] = [];
    const units = [4_000, 5_000, 3_000, 1_000].map((c, i) =>
      batch.run(spend(c, `r${i}`)).then(async (after) => {
        seenAtAnswer.push({ inTransaction: app.db.inTransaction, balance: await balance() });
        return after;
      }),
    );
    // Nothing has run yet: units wait for the turn's flush.
    expect(await balance()).toBe(10_000);
    const outcomes = await Promise.allSettled(units);
    // 10,000 - 4,000 = 6,000; 5,000 -> 1,000; 3,000 is refused (its savepoint rolled back); 1,000 -> 0.
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as AppError).code))).toEqual([
      6_000,
      1_000,
      Code.INSUFFICIENT_BALANCE,
      0,
    ]);
    expect(await balance()).toBe(0);
    expect(await journalRows()).toBe(1 + 3); // the funding and the three spends that went through
    // Every caller heard its answer once the whole batch was committed.
    expect(seenAtAnswer).toEqual([
      { inTransaction: false, balance: 0 },
      { inTransaction: false, balance: 0 },
      { inTransaction: false, balance: 0 },
    ]);
  });

  it('a unit that fails part-way leaves nothing of itself behind', async () => {
    const failing = app.services.ledger.batch.run(async () => {
      await spend(2_000, 'half')();
      throw new AppError(Code.BET_INVALID);
    });
    const fine = app.services.ledger.batch.run(spend(1_000, 'whole'));
    await expect(failing).rejects.toMatchObject({ code: Code.BET_INVALID });
    expect(await fine).toBe(9_000);
    expect(await journalRows()).toBe(2);
  });

  it('a commit that fails rejects every unit of the batch and stores none of them', async () => {
    const { batch } = app.services.ledger;
    const before = await journalRows();
    const units = [
      batch.run(spend(1_000, 'a')),
      // A foreign key checked only at COMMIT: the whole transaction cannot commit.
      batch.run(async () => {
        await app.db.pragma('defer_foreign_keys = ON');
        await app.db
          .prepare(
            "INSERT INTO balance_journal (user_id, type, amount, balance_after, frozen_after, point_after, reference, created_at) VALUES (999999, 'bet', 0, 0, 0, 0, 'x', 'now')",
          )
          .run();
      }),
      batch.run(spend(1_000, 'b')),
    ];
    const outcomes = await Promise.allSettled(units);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(app.db.inTransaction).toBe(false);
    expect(await balance()).toBe(10_000);
    expect(await journalRows()).toBe(before);
    // The next batch works as usual.
    expect(await batch.run(spend(500, 'c'))).toBe(9_500);
  });

  it('more units than one batch holds are all run, in order, in following transactions', async () => {
    const { batch } = app.services.ledger;
    const answers = await Promise.all(Array.from({ length: 600 }, (_, i) => batch.run(spend(10, `n${i}`))));
    expect(answers[0]).toBe(9_990);
    expect(answers[599]).toBe(10_000 - 6_000);
    expect(answers.every((a, i) => a === 10_000 - 10 * (i + 1))).toBe(true);
    expect(await journalRows()).toBe(601);
  });

  it('closing the app commits what is still queued', async () => {
    const queued = app.services.ledger.batch.run(spend(700, 'late'));
    await app.close();
    expect(await queued).toBe(9_300);
    app = await testApp(); // afterEach closes it
  });

  it('refuses to run inside an open transaction, with an error that says so, and queues nothing', async () => {
    const { batch } = app.services.ledger;
    await expect(app.db.transaction(() => batch.run(spend(100, 'inside')))()).rejects.toThrow(
      /inside an open transaction/,
    );
    expect(await balance()).toBe(10_000);
    expect(await journalRows()).toBe(1);
  });

  it('runs an async unit to its end before the next unit begins, and a plain one as well', async () => {
    const { batch } = app.services.ledger;
    const steps: string[] = [];
    const first = batch.run(async () => {
      steps.push('first begins');
      await spend(1_000, 'f1')();
      await spend(1_000, 'f2')();
      steps.push('first ends');
      return 'first';
    });
    const second = batch.run(async () => {
      steps.push('second begins');
      return spend(500, 's')();
    });
    const plain = batch.run(() => 42);
    expect(await first).toBe('first');
    expect(await second).toBe(7_500);
    expect(await plain).toBe(42);
    expect(steps).toEqual(['first begins', 'first ends', 'second begins']);
    expect(await journalRows()).toBe(1 + 3);
  });
});
