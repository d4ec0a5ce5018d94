import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../../shared/codes';
import { opsClient, type TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { balanceOf, readyPlayer, withdraw } from '../../test/money';
import { gameSession, player } from '../../test/play';
import { signedBody } from '../../world/recipes';
import { assertLedgerWhole } from './whole';

/**
 * A wagering requirement is forfeited only when its bonus was really lost: the balance is 0 and no game
 * round of the player is still open (docs/money.md "Wagering requirements"). A bet that empties the balance
 * leaves its round open, so the round's rollback or win cannot hand the bonus out as cash; the round's
 * settlement at 0 is what forfeits, and a rollback of what forfeited a requirement opens it again.
 */

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

type Answer = { success: boolean; code: number; data: { balance: number } };

/** A call of the casino's wallet as the provider signs it. */
async function wallet(name: string, fields: Record<string, string>): Promise<Answer> {
  const payload = signedBody(fields, app.config.providerSecret);
  const response = await app.inject({ method: 'POST', url: `/api/provider/wallet/${name}`, payload });
  return response.json() as Answer;
}
const betOf = (sessionToken: string, roundId: string, pesos: number) =>
  wallet('bet', { sessionToken, transactionId: `${roundId}-b`, roundId, amount: pesos.toFixed(2) });
const winOf = (roundId: string, pesos: number) =>
  wallet('win', { transactionId: `${roundId}-w`, roundId, amount: pesos.toFixed(2), result: pesos ? 'Won' : 'Lost' });
const rollbackOf = (roundId: string) =>
  wallet('rollback', { transactionId: `${roundId}-rb`, betTransactionId: `${roundId}-b` });

const userIdOf = async (uid: number) => (await app.services.users.byUid(uid))?.id ?? 0;
const requirements = async (userId: number) =>
  inDb(app.db).all<{ bonus: number; required: number; done: number; state: string; forfeited_by: string | null }>`
    SELECT bonus, required, done, state, forfeited_by FROM wagering_requirements WHERE user_id = ${userId} ORDER BY id`;

/** A player ready to withdraw who deposited 500.00 with the seeded coupon: +500.00 bonus, 5,000.00 to bet. */
async function couponDeposit() {
  const ready = await readyPlayer(app);
  const { client } = ready;
  const couponId = (await client.get<{ id: number }[]>('/api/coupon/fetch')).body.data[0]?.id;
  const order = (
    await client.post<{ orderNo: string }>('/api/recharge/build', { channel: 'gcash', amount: 500, couponId })
  ).body.data;
  await opsClient(app).post(`/ops/deposits/${order.orderNo}/settle`, { status: 'SUCCESS' });
  expect(await balanceOf(client)).toMatchObject({ balance: 1000, withdrawalAmount: 500 });
  return { client, userId: await userIdOf(ready.uid), session: await gameSession(app, client) };
}

/** A player with a bonus alone (a sign-in reward of `pesos` to turn over 10 times), no money of their own. */
async function bonusOnly(pesos: number) {
  const ready = await readyPlayer(app);
  const userId = await userIdOf(ready.uid);
  await app.services.grants.grant(userId, {
    key: 'signin:1',
    source: 'signin',
    rewards: [{ type: 'cash', amount: pesos * 100 }],
    turnoverMultiple: 10,
  });
  return { client: ready.client, userId, session: await gameSession(app, ready.client) };
}

describe('the measured attacks fail', () => {
  it('bet everything, the provider rolls the bet back: the bonus is still locked and 1,000.00 cannot leave', async () => {
    const { client, userId, session } = await couponDeposit();
    expect((await betOf(session, 'r1', 1000)).data.balance).toBe(0);
    // The round is open: the bonus is not lost yet, its requirement stays open (and counted the bet).
    expect(await requirements(userId)).toEqual([
      { bonus: 50_000, required: 500_000, done: 100_000, state: 'open', forfeited_by: null },
    ]);
    expect((await rollbackOf('r1')).data.balance).toBe(1000);
    expect(await requirements(userId)).toEqual([
      { bonus: 50_000, required: 500_000, done: 0, state: 'open', forfeited_by: null },
    ]);
    expect(await balanceOf(client)).toMatchObject({ balance: 1000, withdrawalAmount: 500 });
    const refused = await withdraw(app, client, 1000);
    expect(refused.body).toMatchObject({ success: false, code: Code.BONUS_LOCKED });
    expect(await balanceOf(client)).toMatchObject({ balance: 1000, allAmount: 1000 });
    // The deposit itself is the player's: it may leave.
    expect((await withdraw(app, client, 500)).body.success).toBe(true);
    await assertLedgerWhole(app.db);
  });

  it("bet everything, the round's win arrives: the winnings are free, the bonus is not", async () => {
    const { client, userId, session } = await couponDeposit();
    await betOf(session, 'r1', 1000);
    expect((await winOf('r1', 2000)).data.balance).toBe(2000);
    expect(await requirements(userId)).toMatchObject([{ done: 100_000, state: 'open' }]);
    expect(await balanceOf(client)).toMatchObject({ balance: 2000, withdrawalAmount: 1500 });
    expect((await withdraw(app, client, 2000)).body).toMatchObject({ success: false, code: Code.BONUS_LOCKED });
    expect(await balanceOf(client)).toMatchObject({ balance: 2000, allAmount: 2000 });
    await assertLedgerWhole(app.db);
  });

  it.each([
    ['rolled back', (round: string) => rollbackOf(round), 500],
    ['won back in part', (round: string) => winOf(round, 300), 300],
  ])('with a bonus alone, a round that emptied the balance %s leaves nothing withdrawable', async (_how, end, left) => {
    const { client, userId, session } = await bonusOnly(500);
    await betOf(session, 'r1', 500);
    expect((await end('r1')).success).toBe(true);
    expect(await requirements(userId)).toMatchObject([{ bonus: 50_000, state: 'open' }]);
    expect(await balanceOf(client)).toMatchObject({ balance: left, withdrawalAmount: 0 });
    expect((await withdraw(app, client, left)).body).toMatchObject({ success: false, code: Code.BONUS_LOCKED });
    await assertLedgerWhole(app.db);
  });
});

describe('a bonus truly lost is still forfeited', () => {
  it('the round settles at 0 with the balance at 0 and nothing open: forfeited by that round, a later deposit is free', async () => {
    const { client, userId, session } = await couponDeposit();
    await betOf(session, 'r1', 1000);
    expect((await requirements(userId))[0]?.state).toBe('open');
    expect((await winOf('r1', 0)).data.balance).toBe(0);
    expect(await requirements(userId)).toEqual([
      { bonus: 50_000, required: 500_000, done: 100_000, state: 'forfeited', forfeited_by: 'r1' },
    ]);
    const uid = (await app.services.users.byId(userId))?.uid;
    await opsClient(app).post(`/ops/users/${uid}/adjust`, { amount: 200, reason: 'test' });
    expect(await balanceOf(client)).toMatchObject({ balance: 200, withdrawalAmount: 200 });
    await assertLedgerWhole(app.db);
  });

  it('waits for the last open round: one lost while another still plays forfeits nothing', async () => {
    const { userId, session } = await couponDeposit();
    await betOf(session, 'r1', 600);
    await betOf(session, 'r2', 400);
    await winOf('r1', 0);
    expect(await requirements(userId)).toMatchObject([{ state: 'open' }]);
    await winOf('r2', 0);
    expect(await requirements(userId)).toMatchObject([{ state: 'forfeited', forfeited_by: 'r2' }]);
    await assertLedgerWhole(app.db);
  });

  it('a rollback of the reference that forfeited a requirement opens it again (defence in depth)', async () => {
    const { userId } = await player(app);
    const { ledger } = app.services;
    // A debit to 0 that no open round stands behind (no game round: a bet posted straight to the ledger).
    await app.db.transaction(async () => {
      await ledger.post(userId, {
        type: 'reward',
        amount: 800,
        reference: 'signin:1',
        wagering: { source: 'signin', bonus: 800, required: 8_000 },
      });
      await ledger.post(userId, { type: 'bet', amount: -800, turnoverDone: 800, reference: 'R-1' });
    })();
    expect(await requirements(userId)).toEqual([
      { bonus: 800, required: 8_000, done: 800, state: 'forfeited', forfeited_by: 'R-1' },
    ]);
    // The rollback of another reference leaves it forfeited; the rollback of R-1 undoes the loss whole.
    await app.db.transaction(async () => {
      await ledger.post(userId, { type: 'adjust', amount: 100, reference: 'ADJ-1' });
      await ledger.post(userId, { type: 'bet', amount: -50, turnoverDone: 50, reference: 'R-2' });
      await ledger.post(userId, { type: 'rollback', amount: 50, turnoverDone: -50, reference: 'R-2' });
    })();
    expect((await requirements(userId))[0]).toMatchObject({ state: 'forfeited', forfeited_by: 'R-1' });
    await app.db.transaction(() =>
      ledger.post(userId, { type: 'rollback', amount: 800, turnoverDone: -800, reference: 'R-1' }),
    )();
    expect(await requirements(userId)).toEqual([
      { bonus: 800, required: 8_000, done: 0, state: 'open', forfeited_by: null },
    ]);
    const account = await ledger.account(userId);
    expect(account).toMatchObject({ balance: 900, wagering_open: 1 });
    expect(await ledger.withdrawable(account)).toBe(100);
    await assertLedgerWhole(app.db);
  });
});

describe('rollbacks and met requirements', () => {
  it('a rollback of the bet that completed a requirement opens it again', async () => {
    const ready = await readyPlayer(app, { funds: 100 });
    const userId = await userIdOf(ready.uid);
    await app.services.grants.grant(userId, {
      key: 'signin:1',
      source: 'signin',
      rewards: [{ type: 'cash', amount: 800 }],
      turnoverMultiple: 10,
    });
    const session = await gameSession(app, ready.client);
    await betOf(session, 'r1', 30);
    await betOf(session, 'r2', 50); // 80.00 done: met, the bonus is cash
    expect(await requirements(userId)).toMatchObject([{ done: 8_000, state: 'met' }]);
    expect(await balanceOf(ready.client)).toMatchObject({ balance: 28, withdrawalAmount: 28 });
    await rollbackOf('r2');
    expect(await requirements(userId)).toMatchObject([{ done: 3_000, state: 'open' }]);
    expect(await balanceOf(ready.client)).toMatchObject({ balance: 78, withdrawalAmount: 70 });
    await assertLedgerWhole(app.db);
  });
});

describe('the fast path', () => {
  it('asks for open rounds only with a requirement open and the balance at 0, and never on a bet', async () => {
    const asked = vi.spyOn(app.services.play, 'hasOpenRound');
    const plain = await player(app);
    const uid = plain.uid;
    await opsClient(app).post(`/ops/users/${uid}/adjust`, { amount: 10, reason: 'test' });
    const plainSession = await gameSession(app, plain.client);
    await betOf(plainSession, 'p1', 10);
    await winOf('p1', 0);
    expect(asked).not.toHaveBeenCalled();

    const { session } = await bonusOnly(8);
    await betOf(session, 'b1', 8); // to 0 with a requirement open: its own round is open, nothing asked
    expect(asked).not.toHaveBeenCalled();
    await winOf('b1', 0);
    expect(asked).toHaveBeenCalledTimes(1);
  });
});

/**
 * The property: random sequences of deposits with a coupon bonus, bets (often of the whole balance), wins
 * (often of 0) and rollbacks, through the wallet's HTTP routes. After every step the withdrawable amount
 * never exceeds the balance less the bonuses whose turnover is not done, except those truly lost (the
 * balance at 0 with no round open), the model below says which; and the ledger is whole.
 */
type Step =
  | { kind: 'deposit'; pesos: number; bonus: number; multiple: number }
  | { kind: 'bet'; share: number }
  | { kind: 'win'; round: number; times: number }
  | { kind: 'rollback'; round: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      pesos: fc.integer({ min: 1, max: 500 }),
      bonus: fc.integer({ min: 0, max: 300 }),
      multiple: fc.integer({ min: 1, max: 4 }),
    }),
  },
  // A share of the balance in percent; 100 or more is everything (and above, a bet the balance refuses).
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('bet' as const), share: fc.integer({ min: 1, max: 130 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('win' as const),
      round: fc.nat(5),
      times: fc.constantFrom(0, 0, 0, 0.5, 1, 2),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rollback' as const), round: fc.nat(5) }) },
);

interface ModelRequirement {
  bonus: number;
  required: number;
  done: number;
  state: 'open' | 'met' | 'forfeited';
}
interface ModelRound {
  id: string;
  bet: number;
  gave: [ModelRequirement, number][];
}

describe('under random sequences', () => {
  it('no bonus whose turnover is not done is ever withdrawable unless it was truly lost', async () => {
    let run = 0;
    let forfeits = 0;
    let rollbacksOfEmptying = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 18 }), async (steps) => {
        run += 1;
        const p = await player(app);
        const client: TestClient = p.client;
        const session = await gameSession(app, client);
        const { ledger } = app.services;
        let balance = 0;
        const reqs: ModelRequirement[] = [];
        const open: ModelRound[] = [];
        let next = 0;

        for (const s of steps) {
          next += 1;
          if (s.kind === 'deposit') {
            const orderNo = `D${run}-${next}`;
            const bonus = s.bonus * 100;
            // As a paid deposit with a coupon posts it (deposit/service.ts).
            await app.db.transaction(async () => {
              await ledger.post(p.userId, {
                type: 'deposit',
                amount: s.pesos * 100,
                deposit: s.pesos * 100,
                reference: orderNo,
              });
              if (bonus > 0) {
                await ledger.post(p.userId, {
                  type: 'deposit_bonus',
                  amount: bonus,
                  reference: orderNo,
                  wagering: { source: 'deposit', bonus, required: bonus * s.multiple },
                });
              }
            })();
            balance += s.pesos * 100 + bonus;
            if (bonus > 0) reqs.push({ bonus, required: bonus * s.multiple, done: 0, state: 'open' });
          } else if (s.kind === 'bet') {
            const amount = Math.max(1, Math.floor((balance * Math.min(s.share, 100)) / 100) + (s.share > 100 ? 1 : 0));
            const id = `R${run}-${next}`;
            const answer = await betOf(session, id, amount / 100);
            if (amount > balance) {
              expect(answer.code).toBe(Code.INSUFFICIENT_BALANCE);
            } else {
              expect(answer.success).toBe(true);
              balance -= amount;
              const round: ModelRound = { id, bet: amount, gave: [] };
              let left = amount;
              for (const r of reqs) {
                if (left <= 0) break;
                if (r.state !== 'open') continue;
                const take = Math.min(left, r.required - r.done);
                if (take <= 0) continue;
                r.done += take;
                if (r.done >= r.required) r.state = 'met';
                round.gave.push([r, take]);
                left -= take;
              }
              open.push(round);
            }
          } else if (open.length > 0) {
            const [round] = open.splice(s.round % open.length, 1) as [ModelRound];
            if (s.kind === 'win') {
              const win = Math.floor(round.bet * s.times);
              expect((await winOf(round.id, win / 100)).success).toBe(true);
              balance += win;
              // Truly lost: nothing left and nothing in play.
              if (balance === 0 && open.length === 0) {
                for (const r of reqs) {
                  if (r.state === 'open') {
                    r.state = 'forfeited';
                    forfeits += 1;
                  }
                }
              }
            } else {
              if (balance === 0) rollbacksOfEmptying += 1;
              expect((await rollbackOf(round.id)).success).toBe(true);
              balance += round.bet;
              for (const [r, amount] of round.gave) {
                r.done -= amount;
                if (r.state === 'met') r.state = 'open';
              }
            }
          }

          const account = await ledger.account(p.userId);
          expect(account.balance).toBe(balance);
          const notDone = reqs.filter((r) => r.state === 'open').reduce((sum, r) => sum + r.bonus, 0);
          const withdrawable = await ledger.withdrawable(account);
          expect(withdrawable).toBeLessThanOrEqual(Math.max(0, balance - notDone));
          // And exactly that: the ledger's requirements are the model's.
          expect(withdrawable).toBe(Math.max(0, balance - notDone));
          expect(account.wagering_open).toBe(reqs.filter((r) => r.state === 'open').length);
          await assertLedgerWhole(app.db);
        }
      }),
      {
        numRuns: 30,
        examples: [
          // The two measured attacks: everything bet, then rolled back; everything bet, then won.
          [
            [
              { kind: 'deposit', pesos: 500, bonus: 300, multiple: 4 },
              { kind: 'bet', share: 100 },
              { kind: 'rollback', round: 0 },
            ],
          ],
          [
            [
              { kind: 'deposit', pesos: 500, bonus: 300, multiple: 4 },
              { kind: 'bet', share: 100 },
              { kind: 'win', round: 0, times: 2 },
            ],
          ],
          // A true loss, then a new deposit.
          [
            [
              { kind: 'deposit', pesos: 100, bonus: 100, multiple: 4 },
              { kind: 'bet', share: 100 },
              { kind: 'win', round: 0, times: 0 },
              { kind: 'deposit', pesos: 100, bonus: 0, multiple: 1 },
            ],
          ],
        ],
      },
    );
    // The sequences went where it matters: bonuses truly lost, and rounds that had emptied the balance undone.
    expect(forfeits).toBeGreaterThan(0);
    expect(rollbacksOfEmptying).toBeGreaterThan(0);
  });
});
