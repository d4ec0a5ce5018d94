import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../../shared/codes';
import { hashed, opsClient, TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import {
  balanceOf,
  readyPlayer,
  setVipLimits,
  setWithdrawSmsCode,
  solvedCaptcha,
  TRADE_PASSWORD,
  withdraw,
} from '../../test/money';
import { assertLedgerWhole } from '../ledger/whole';
import { verifyPassword } from '../user/password';
import { TRADE_PASSWORD_REMEMBER_MS } from './trade-password';

// Every argon2 verification of the app goes through this spy, so a test can tell whether one ran.
vi.mock('../user/password', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../user/password')>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});
const argon2 = vi.mocked(verifyPassword);

let app: FastifyInstance;
let me: Awaited<ReturnType<typeof readyPlayer>>;

beforeEach(async () => {
  app = await testApp();
  // readyPlayer binds the wallet with the transaction password: that argon2 check is remembered.
  me = await readyPlayer(app, { funds: 10_000 });
  await setVipLimits(app, me.uid, 0, 100_000, 100);
  // What is counted here is argon2 and the captcha, over many withdrawals some at once: the SMS code (one
  // withdrawal each) is off; sms-code.test.ts tests it beside the remembered password.
  await setWithdrawSmsCode(app, false);
  argon2.mockClear();
});
afterEach(() => app.close());

const remembered = () => app.services.tradePassword.rememberedCount();
const withdrawals = async () => (await inDb(app.db).value<number>`SELECT COUNT(*) FROM withdrawals`) as number;

/** A withdrawal of 100 pesos; returns its answer code (0 on success) and how many argon2 checks it ran. */
async function attempt(client: TestClient = me.client, password = TRADE_PASSWORD) {
  const before = argon2.mock.calls.length;
  // The SMS check is off here (beforeEach): no code to send and read, which 8 parallel attempts raced for.
  const answer = await withdraw(app, client, 100, { password: hashed(password), smsCode: '000000' });
  return { code: answer.body.success ? 0 : answer.body.code, argon2: argon2.mock.calls.length - before };
}

async function logIn(client: TestClient) {
  const answer = await client.post('/api/user/login', {
    username: me.player.username,
    password: hashed(me.player.password),
  });
  if (!answer.body.success) throw new Error(`login: ${JSON.stringify(answer.body)}`);
}

describe('a session that passed the transaction password', () => {
  it('withdraws again without argon2 for 5 minutes, then pays one argon2 check and is remembered again', async () => {
    expect(remembered()).toBe(1);
    expect(await attempt()).toEqual({ code: 0, argon2: 0 });
    expect(await attempt()).toEqual({ code: 0, argon2: 0 });
    app.clock.advance(TRADE_PASSWORD_REMEMBER_MS - 1_000);
    expect(await attempt()).toEqual({ code: 0, argon2: 0 });
    app.clock.advance(1_000);
    expect(await attempt()).toEqual({ code: 0, argon2: 1 });
    expect(await attempt()).toEqual({ code: 0, argon2: 0 });
    expect(await withdrawals()).toBe(5);
    expect((await balanceOf(me.client)).balance).toBe(9_500);
  });

  it('without argon2 the captcha is still burned once: by a refused order, and by a wrong answer', async () => {
    const captcha = await solvedCaptcha(app, me.client);
    const create = (amount: number, answer = captcha.answer) =>
      me.client.post('/api/withdraw/create', {
        amount,
        password: hashed(TRADE_PASSWORD),
        captcha: { ...captcha, answer },
      });
    // Over the balance: the order is refused, nothing moves, and the captcha is used up all the same.
    expect((await create(50_000)).body.code).toBe(Code.INSUFFICIENT_BALANCE);
    expect((await create(100)).body.code).toBe(Code.CAPTCHA_INVALID);
    const wrong = await solvedCaptcha(app, me.client);
    const answer = await me.client.post('/api/withdraw/create', {
      amount: 100,
      password: hashed(TRADE_PASSWORD),
      captcha: { ...wrong, answer: wrong.answer === 'AAAA' ? 'BBBB' : 'AAAA' },
    });
    expect(answer.body.code).toBe(Code.CAPTCHA_INVALID);
    expect(
      (await me.client.post('/api/withdraw/create', { amount: 100, password: hashed(TRADE_PASSWORD), captcha: wrong }))
        .body.code,
    ).toBe(Code.CAPTCHA_INVALID);
    expect(argon2).not.toHaveBeenCalled();
    expect(await withdrawals()).toBe(0);
    expect((await balanceOf(me.client)).balance).toBe(10_000);
    expect(await attempt()).toEqual({ code: 0, argon2: 0 });
  });

  it('a wrong password still runs argon2, counts toward the lock-out and forgets the session', async () => {
    expect(await attempt(me.client, 'guess123')).toEqual({ code: Code.TRADE_PASSWORD_WRONG, argon2: 1 });
    expect(remembered()).toBe(0);
    // The right one again: argon2 once (the entry was dropped), then remembered.
    expect(await attempt()).toEqual({ code: 0, argon2: 1 });
    expect(await attempt()).toEqual({ code: 0, argon2: 0 });
    // Five wrong answers lock the account even though the session was remembered.
    for (let i = 0; i < 5; i++) {
      expect(await attempt(me.client, `guess${i}xx`)).toEqual({ code: Code.TRADE_PASSWORD_WRONG, argon2: 1 });
    }
    expect(await attempt()).toEqual({ code: Code.ACCOUNT_LOCKED, argon2: 0 });
    expect(await withdrawals()).toBe(2);
  });

  it('is refused while the account is locked, even with the right password remembered', async () => {
    expect(await attempt()).toEqual({ code: 0, argon2: 0 });
    // Attempts to change the transaction password share the lock-out counter, and drop no entry.
    for (let i = 0; i < 5; i++) {
      await me.client.post('/api/user/modifyPasswordTrade', {
        oldPassword: hashed(`wrong${i}xx`),
        newPassword: hashed('trade999'),
      });
    }
    expect(remembered()).toBe(1);
    expect(await attempt()).toEqual({ code: Code.ACCOUNT_LOCKED, argon2: 0 });
    expect(await withdrawals()).toBe(1);
  });

  it('a changed transaction password ends it: the old one is refused by argon2, the new one is checked', async () => {
    const changed = await me.client.post('/api/user/modifyPasswordTrade', {
      oldPassword: hashed(TRADE_PASSWORD),
      newPassword: hashed('trade999'),
    });
    expect(changed.body.success).toBe(true);
    expect(await attempt()).toEqual({ code: Code.TRADE_PASSWORD_WRONG, argon2: 1 });
    expect(await attempt(me.client, 'trade999')).toEqual({ code: 0, argon2: 1 });
    expect(await attempt(me.client, 'trade999')).toEqual({ code: 0, argon2: 0 });
  });

  it('a transaction password reset by SMS ends it too', async () => {
    expect((await me.client.post('/api/user/sms/send/resetTradePwd')).body.success).toBe(true);
    const sms = await opsClient(app).get<{ code: string; purpose: string }[]>('/ops/sms', { phone: me.player.phone });
    const code = sms.body.data.find((m) => m.purpose === 'resetTradePwd')?.code ?? '';
    expect((await me.client.post('/api/reset/trade/pwd', { code, password: hashed('trade777') })).body.success).toBe(
      true,
    );
    expect(await attempt()).toEqual({ code: Code.TRADE_PASSWORD_WRONG, argon2: 1 });
    expect(await attempt(me.client, 'trade777')).toEqual({ code: 0, argon2: 1 });
  });

  it('is forgotten on logout, and the next session pays argon2 again', async () => {
    expect((await me.client.post('/api/user/logout')).body.success).toBe(true);
    expect(remembered()).toBe(0);
    await logIn(me.client);
    expect(await attempt()).toEqual({ code: 0, argon2: 1 });
    expect(remembered()).toBe(1);
  });

  it('is forgotten when a login elsewhere replaces the session', async () => {
    const elsewhere = new TestClient(app);
    await logIn(elsewhere);
    expect(remembered()).toBe(0);
    expect((await me.client.get('/api/balance')).body.code).toBe(Code.SESSION_INVALID);
    expect(await attempt(elsewhere)).toEqual({ code: 0, argon2: 1 });
  });

  it("is forgotten when the operator revokes the player's sessions or suspends the player", async () => {
    expect((await opsClient(app).post(`/ops/users/${me.uid}/sessions/revoke`, {})).body.success).toBe(true);
    expect(remembered()).toBe(0);
    await logIn(me.client);
    expect(await attempt()).toEqual({ code: 0, argon2: 1 });
    expect(remembered()).toBe(1);
    const suspended = await opsClient(app).post(`/ops/users/${me.uid}/status`, { status: 'suspended' });
    expect(suspended.body.success).toBe(true);
    expect(remembered()).toBe(0);
  });

  it('is forgotten when the session times out idle', async () => {
    app.clock.advance(app.config.sessionIdleMs);
    expect((await me.client.get('/api/balance')).body.code).toBe(Code.SESSION_INVALID);
    expect(remembered()).toBe(0);
  });

  it('is forgotten when a snapshot replaces the database', () => {
    app.events.emit('db.restored', { source: 'snapshot', name: 'any' });
    expect(remembered()).toBe(0);
  });

  it('another player cannot use it: entries are per session and player', async () => {
    const other = await readyPlayer(app, {
      funds: 1_000,
      wallet: { bank: 'maya', name: 'Ana Cruz', account: '9179876543' },
    });
    argon2.mockClear();
    expect(remembered()).toBe(2);
    // The other player's own right password, in their own session: remembered from their wallet binding.
    expect(await attempt(other.client)).toEqual({ code: 0, argon2: 0 });
    // My password sent in the other player's session is checked against their hash (argon2), and refused.
    expect(await attempt(other.client, 'someone1')).toEqual({ code: Code.TRADE_PASSWORD_WRONG, argon2: 1 });
    expect((await balanceOf(me.client)).balance).toBe(10_000);
  });

  it('parallel withdrawals of a remembered session: exactly as many succeed as the balance allows', async () => {
    const poor = await readyPlayer(app, {
      funds: 300,
      wallet: { bank: 'maya', name: 'Ana Cruz', account: '9175550000' },
    });
    argon2.mockClear();
    const answers = await Promise.all(Array.from({ length: 8 }, () => attempt(poor.client)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.code === Code.INSUFFICIENT_BALANCE)).toHaveLength(5);
    expect(argon2).not.toHaveBeenCalled();
    const account = await balanceOf(poor.client);
    expect(account).toMatchObject({ balance: 0, allAmount: 300 });
    await assertLedgerWhole(app.db);
  });
});
