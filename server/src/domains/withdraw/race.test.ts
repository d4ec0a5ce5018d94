import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import type { Envelope } from '../../../../shared/envelope';
import { hashed, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import {
  balanceOf,
  readyPlayer,
  setVipLimits,
  setWithdrawSmsCode,
  TRADE_PASSWORD,
  type WithdrawRecord,
} from '../../test/money';
import { assertLedgerWhole } from '../ledger/whole';

/**
 * Races: many withdrawals of one player at the same instant. Each request carries its own
 * solved captcha and the right transaction password, so only the money and the day's limits decide: the
 * SMS code (one withdrawal per code) is off here, its own races are in sms-code.test.ts.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await setWithdrawSmsCode(app, false);
});
afterAll(() => app.close());

async function fire(client: { cookie: string; ip: string }, count: number, amount: number) {
  const captchas = await Promise.all(
    Array.from({ length: count }, async () => {
      const issued = await app.inject({ method: 'GET', url: '/api/captcha', headers: { cookie: client.cookie } });
      const { token } = (issued.json() as Envelope<{ token: string }>).data;
      return { token, answer: (await app.services.captcha.peek(token))?.answer ?? '' };
    }),
  );
  const answers = await Promise.all(
    captchas.map((captcha) =>
      app.inject({
        method: 'POST',
        url: '/api/withdraw/create',
        remoteAddress: client.ip,
        headers: { cookie: client.cookie, requestfrom: 'H5' },
        payload: { amount, password: hashed(TRADE_PASSWORD), captcha },
      }),
    ),
  );
  return answers.map((a) => a.json() as Envelope<WithdrawRecord>);
}

async function expectLedgerInvariant() {
  await assertLedgerWhole(app.db);
}

// Under a loaded machine 200 argon2 checks take a few seconds: more than vitest's default 5 s per test.
describe('concurrent withdrawals', { timeout: 20_000 }, () => {
  it('200 at once of A against a balance B: exactly floor(B / A) succeed, the rest are INSUFFICIENT_BALANCE', async () => {
    const B = 10_000.5;
    const A = 150;
    const expected = Math.floor(B / A); // 66
    const { client, uid } = await readyPlayer(app, { funds: B });
    // High limits, so that the balance is what binds (VIP 10: 1,000,000 a day; 1,000 withdrawals).
    await setVipLimits(app, uid, 10, 1_000_000, 1_000);

    const answers = await fire(client, 200, A);
    const succeeded = answers.filter((a) => a.success);
    expect(succeeded).toHaveLength(expected);
    expect(answers.filter((a) => !a.success).map((a) => a.code)).toEqual(
      Array(200 - expected).fill(Code.INSUFFICIENT_BALANCE),
    );
    expect(new Set(succeeded.map((a) => a.data.orderNo)).size).toBe(expected);

    expect(await balanceOf(client)).toMatchObject({ balance: B - expected * A, allAmount: B });
    const userId = (await app.services.users.byUid(uid))?.id as number;
    expect((await app.services.ledger.account(userId)).frozen).toBe(expected * A * 100);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM withdrawals WHERE user_id = ${userId}`).toBe(expected);
    expect(
      await inDb(app.db).value`SELECT COUNT(*) FROM balance_journal WHERE user_id = ${userId} AND type = 'withdraw'`,
    ).toBe(expected);
    await expectLedgerInvariant();
  });

  it('when the daily count binds first, exactly that many succeed', async () => {
    const { client, uid } = await readyPlayer(app, {
      funds: 50_000,
      wallet: { bank: 'maya', name: 'Ana Reyes', account: '9181234567' },
    });
    await setVipLimits(app, uid, 9, 750_000, 7);
    const answers = await fire(client, 40, 100);
    expect(answers.filter((a) => a.success)).toHaveLength(7);
    expect(answers.filter((a) => !a.success).every((a) => a.code === Code.WITHDRAW_COUNT)).toBe(true);
    expect((await balanceOf(client)).balance).toBe(50_000 - 700);
    await expectLedgerInvariant();
  });

  it('when the daily amount binds first, exactly that many succeed', async () => {
    const { client, uid } = await readyPlayer(app, {
      funds: 50_000,
      wallet: { bank: 'gcash', name: 'Ben Cruz', account: '9191234567' },
    });
    await setVipLimits(app, uid, 8, 1_000, 1_000);
    const answers = await fire(client, 40, 300);
    expect(answers.filter((a) => a.success)).toHaveLength(3);
    expect(answers.filter((a) => !a.success).every((a) => a.code === Code.WITHDRAW_LIMIT)).toBe(true);
    expect((await balanceOf(client)).balance).toBe(50_000 - 900);
    await expectLedgerInvariant();
  });
});
