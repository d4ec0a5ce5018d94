import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { hashed, opsClient, registerPlayer, TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import {
  balanceOf,
  readyPlayer,
  setVipLimits,
  setWithdrawSmsCode,
  solvedCaptcha,
  TRADE_PASSWORD,
  type WithdrawRecord,
  withdraw,
} from '../../test/money';
import { assertLedgerWhole } from '../ledger/whole';

/**
 * The withdrawal's SMS code (issue 29 item 6): sent to the bound phone for 'withdraw' from this session,
 * checked after the captcha and the transaction password, claimed in the order's transaction. How a player
 * would beat it, and that each try fails: a code of another purpose or player, a replay, two tabs with one
 * code, guessing, a code from before the session ended or the password changed, a late one.
 */

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const withdrawalCount = async () => Number(await inDb(app.db).value`SELECT COUNT(*) FROM withdrawals`);

/** Sends the player's withdrawal code and reads it from the outbox as a tester would. */
async function sendCode(client: TestClient, phone: string) {
  const sent = await client.post<{ cooldownSeconds: number }>('/api/user/sms/send/withdraw');
  expect(sent.body).toMatchObject({ success: true, data: { cooldownSeconds: 60 } });
  return latestCode(phone, 'withdraw');
}

async function latestCode(phone: string, purpose: string) {
  const outbox = await opsClient(app).get<{ code: string; purpose: string; text: string }[]>(`/ops/sms?phone=${phone}`);
  const sms = outbox.body.data.find((m) => m.purpose === purpose);
  if (!sms) throw new Error(`no ${purpose} code`);
  return sms;
}

/** Another code than `code` (six digits). */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the withdrawal SMS code', () => {
  it('confirms one withdrawal: a wrong or missing code moves nothing, a refused order keeps it, a replay is refused', async () => {
    const me = await readyPlayer(app, { funds: 1000 });
    const sms = await sendCode(me.client, me.player.phone);
    expect(sms.text).toContain('to confirm your withdrawal');
    expect(sms.code).toMatch(/^\d{6}$/);

    const missing = await withdraw(app, me.client, 100, { smsCode: undefined });
    expect(missing.body).toMatchObject({ success: false, code: Code.SMS_CODE_INVALID });
    expect(missing.body.msg).toMatch(/code/i);
    expect((await withdraw(app, me.client, 100, { smsCode: otherThan(sms.code) })).body.code).toBe(
      Code.SMS_CODE_INVALID,
    );
    // Refused for the balance: the code is not spent, the next try with it goes through.
    expect((await withdraw(app, me.client, 5000, { smsCode: sms.code })).body.code).toBe(Code.INSUFFICIENT_BALANCE);
    expect(await withdrawalCount()).toBe(0);
    expect((await balanceOf(me.client)).balance).toBe(1000);

    const paid = await withdraw(app, me.client, 100, { smsCode: sms.code });
    expect(paid.body).toMatchObject({ success: true, data: { amount: 100 } });
    // Replayed with a fresh captcha: the code was used.
    expect((await withdraw(app, me.client, 100, { smsCode: sms.code })).body.code).toBe(Code.SMS_CODE_INVALID);
    expect(await withdrawalCount()).toBe(1);
    expect((await balanceOf(me.client)).balance).toBe(900);
    await assertLedgerWhole(app.db);
  });

  it('answers in Vietnamese too', async () => {
    const me = await readyPlayer(app, { funds: 1000 });
    const vi = new TestClient(app, me.client.ip, { language: 'vi-VN' });
    vi.cookie = me.client.cookie;
    const refused = await withdraw(app, vi, 100, { smsCode: '000000' });
    expect(refused.body.code).toBe(Code.SMS_CODE_INVALID);
    expect(refused.body.msg).not.toMatch(/code/);
  });

  it('refuses a code sent for another purpose, and a code sent to another player', async () => {
    const me = await readyPlayer(app, { funds: 1000 });
    const other = await readyPlayer(app, {
      funds: 1000,
      wallet: { bank: 'maya', name: 'Ana Reyes', account: '9181112222' },
    });
    // The transaction-password reset code of the same phone.
    expect((await me.client.post('/api/user/sms/send/resetTradePwd')).body.success).toBe(true);
    const reset = await latestCode(me.player.phone, 'resetTradePwd');
    expect((await withdraw(app, me.client, 100, { smsCode: reset.code })).body.code).toBe(Code.SMS_CODE_INVALID);
    // The other player's withdrawal code, while mine is another one.
    const theirs = await sendCode(other.client, other.player.phone);
    const mine = await sendCode(me.client, me.player.phone);
    if (theirs.code !== mine.code) {
      expect((await withdraw(app, me.client, 100, { smsCode: theirs.code })).body.code).toBe(Code.SMS_CODE_INVALID);
    }
    expect(await withdrawalCount()).toBe(0);
    // Each code still works for its own.
    expect((await withdraw(app, other.client, 100, { smsCode: theirs.code })).body.success).toBe(true);
    expect((await withdraw(app, me.client, 100, { smsCode: mine.code })).body.success).toBe(true);
  });

  it('two tabs with one code: of 10 withdrawals at once exactly one is made', async () => {
    const me = await readyPlayer(app, { funds: 5000 });
    await setVipLimits(app, me.uid, 10, 1_000_000, 1_000);
    const { code } = await sendCode(me.client, me.player.phone);
    const captchas = await Promise.all(Array.from({ length: 10 }, () => solvedCaptcha(app, me.client)));
    const answers = await Promise.all(
      captchas.map((captcha) =>
        me.client.post<WithdrawRecord>('/api/withdraw/create', {
          amount: 100,
          password: hashed(TRADE_PASSWORD),
          captcha,
          smsCode: code,
        }),
      ),
    );
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    for (const refused of answers.filter((a) => !a.body.success)) expect(refused.body.code).toBe(Code.SMS_CODE_INVALID);
    expect(await withdrawalCount()).toBe(1);
    expect((await balanceOf(me.client)).balance).toBe(4900);
    await assertLedgerWhole(app.db);
  });

  it('guessing: after 5 wrong codes the right one is refused too, and a new code is needed', async () => {
    const me = await readyPlayer(app, { funds: 1000 });
    const { code } = await sendCode(me.client, me.player.phone);
    for (let i = 0; i < 5; i++) {
      const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      expect((await withdraw(app, me.client, 100, { smsCode: guess })).body.code).toBe(Code.SMS_CODE_INVALID);
    }
    expect((await withdraw(app, me.client, 100, { smsCode: code })).body.code).toBe(Code.SMS_CODE_INVALID);
    expect(await withdrawalCount()).toBe(0);
    // The next code only after the cool-down (the dead code was never used), and it works.
    expect((await me.client.post('/api/user/sms/send/withdraw')).body.code).toBe(Code.SMS_COOLDOWN);
    app.clock.advance(60_000);
    const fresh = await sendCode(me.client, me.player.phone);
    expect((await withdraw(app, me.client, 100, { smsCode: fresh.code })).body.success).toBe(true);
  });

  it('guessing in parallel (many tabs, one captcha each): still 5 tries per code, the right one among later guesses is refused', async () => {
    const me = await readyPlayer(app, { funds: 1000 });
    await setVipLimits(app, me.uid, 20, 1_000_000, 1_000);
    const { code } = await sendCode(me.client, me.player.phone);
    const guesses = Array.from({ length: 11 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    guesses.push(code);
    const captchas = await Promise.all(guesses.map(() => solvedCaptcha(app, me.client)));
    const answers = await Promise.all(
      guesses.map((smsCode, i) =>
        me.client.post<WithdrawRecord>('/api/withdraw/create', {
          amount: 100,
          password: hashed(TRADE_PASSWORD),
          captcha: captchas[i],
          smsCode,
        }),
      ),
    );
    for (const answer of answers) expect(answer.body.code).toBe(Code.SMS_CODE_INVALID);
    expect(await withdrawalCount()).toBe(0);
    const tries = await inDb(app.db).value`SELECT attempts FROM sms_messages WHERE purpose = 'withdraw'`;
    expect(Number(tries)).toBeLessThanOrEqual(5);
  });

  it('a wrong password is checked first: it spends none of the code tries', async () => {
    const me = await readyPlayer(app, { funds: 1000 });
    const { code } = await sendCode(me.client, me.player.phone);
    for (let i = 0; i < 4; i++) {
      const answer = await withdraw(app, me.client, 100, { smsCode: otherThan(code), password: hashed(`guess${i}xx`) });
      expect(answer.body.code).toBe(Code.TRADE_PASSWORD_WRONG);
    }
    expect((await withdraw(app, me.client, 100, { smsCode: code })).body.success).toBe(true);
  });

  it('a code sent before the session ended is dead: a login elsewhere, a password change, a late use', async () => {
    const me = await readyPlayer(app, { funds: 1000 });
    // Logged in again on another device: this session is the one that counts, the old code is not its own.
    const before = await sendCode(me.client, me.player.phone);
    const device = new TestClient(app);
    const login = await device.post('/api/user/login', {
      username: me.player.username,
      password: hashed(me.player.password),
    });
    expect(login.body.success).toBe(true);
    expect((await withdraw(app, device, 100, { smsCode: before.code })).body.code).toBe(Code.SMS_CODE_INVALID);

    // A login password change rotates the session: a code of the session before is dead.
    app.clock.advance(60_000);
    const code = await sendCode(device, me.player.phone);
    const changed = await device.post('/api/user/modifyPasswordLogin', {
      oldPassword: hashed(me.player.password),
      newPassword: hashed('newpass123'),
    });
    expect(changed.body.success).toBe(true);
    expect((await withdraw(app, device, 100, { smsCode: code.code })).body.code).toBe(Code.SMS_CODE_INVALID);

    // Five minutes on, a code of this session is expired.
    app.clock.advance(60_000);
    const late = await sendCode(device, me.player.phone);
    app.clock.advance(5 * 60_000);
    expect((await withdraw(app, device, 100, { smsCode: late.code })).body.code).toBe(Code.SMS_CODE_INVALID);
    expect(await withdrawalCount()).toBe(0);
    expect((await balanceOf(device)).balance).toBe(1000);
  });

  it('a cool-down per phone while the last code is unused; after a withdrawal the next code at once', async () => {
    const me = await readyPlayer(app, { funds: 1000 });
    const { code } = await sendCode(me.client, me.player.phone);
    const again = await me.client.post('/api/user/sms/send/withdraw');
    expect(again.body).toMatchObject({ success: false, code: Code.SMS_COOLDOWN });
    expect(again.body.msg).toMatch(/\d+ seconds/);
    // Parallel asks after the code was used: one code goes out.
    expect((await withdraw(app, me.client, 100, { smsCode: code })).body.success).toBe(true);
    const asks = await Promise.all(Array.from({ length: 5 }, () => me.client.post('/api/user/sms/send/withdraw')));
    expect(asks.filter((a) => a.body.success)).toHaveLength(1);
    const next = await latestCode(me.player.phone, 'withdraw');
    expect((await withdraw(app, me.client, 100, { smsCode: next.code })).body.success).toBe(true);
  });

  it('refuses a guest, and a player with no bound phone', async () => {
    const guest = new TestClient(app);
    expect((await guest.post('/api/user/guest/login')).body.success).toBe(true);
    expect((await guest.post('/api/user/sms/send/withdraw')).body.code).toBe(Code.GUEST_NOT_ALLOWED);
    const { client, info } = await registerPlayer(app);
    await inDb(app.db).run`UPDATE users SET phone = NULL WHERE uid = ${info.uid}`;
    expect((await client.post('/api/user/sms/send/withdraw')).body.code).toBe(Code.PHONE_NOT_BOUND);
  });

  it('an operator may turn the code off (and on again)', async () => {
    const me = await readyPlayer(app, { funds: 1000 });
    await setWithdrawSmsCode(app, false);
    const settings = await opsClient(app).get<{ smsCode: boolean }>('/ops/withdraw-settings');
    expect(settings.body.data.smsCode).toBe(false);
    expect((await withdraw(app, me.client, 100, { smsCode: undefined })).body.success).toBe(true);
    await setWithdrawSmsCode(app, true);
    expect((await withdraw(app, me.client, 100, { smsCode: undefined })).body.code).toBe(Code.SMS_CODE_INVALID);
  });
});
