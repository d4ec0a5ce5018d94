import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import type { UserInfo } from '../../../../shared/contract/user';
import { hashed, newPlayer, opsClient, signUpCode, TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { operatorClient } from '../../test/operators';

/**
 * The sign-up's SMS code (issue 29 item 4): registering, and a guest signing up, need the code texted to the
 * phone. How a player would beat it, and that each try fails: no code, a wrong, expired, used or another
 * phone's code, guessing, two tabs with one code; and an operator may turn it off.
 */

const REGISTER = '/api/user/custom/register';
const SIGN_UP = '/api/user/guest/register';

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const userCount = async () => Number(await inDb(app.db).value`SELECT COUNT(*) FROM users WHERE guest = 0`);
const bodyOf = (player: ReturnType<typeof newPlayer>, extra: object = {}) => ({
  username: player.username,
  password: hashed(player.password),
  phone: player.phone,
  agree: true,
  ...extra,
});
/** Another code than `code` (six digits). */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the sign-up SMS code', () => {
  it('is required: no code or a wrong one creates nothing; the right one registers once, a replay is refused', async () => {
    const player = newPlayer();
    const client = new TestClient(app);
    const missing = await client.post(REGISTER, bodyOf(player));
    expect(missing.body).toMatchObject({ success: false, code: Code.SMS_CODE_INVALID });
    expect(missing.body.msg).toMatch(/code/i);
    expect(client.cookie).toBe('');

    const code = await signUpCode(app, player.phone, client);
    const outbox = await opsClient(app).get<{ text: string; purpose: string }[]>(`/ops/sms?phone=${player.phone}`);
    expect(outbox.body.data[0]).toMatchObject({ purpose: 'register' });
    expect(outbox.body.data[0]?.text).toContain('to sign up with this number');
    expect((await client.post(REGISTER, bodyOf(player, { smsCode: otherThan(code) }))).body.code).toBe(
      Code.SMS_CODE_INVALID,
    );
    expect(await userCount()).toBe(0);

    const ok = await client.post<UserInfo>(REGISTER, bodyOf(player, { smsCode: code }));
    expect(ok.body).toMatchObject({ success: true, data: { username: player.username, guest: false } });
    // The same code again, for another account on the same number or another name: used.
    const again = newPlayer({ phone: player.phone });
    expect((await new TestClient(app).post(REGISTER, bodyOf(again, { smsCode: code }))).body.code).toBe(
      Code.SMS_CODE_INVALID,
    );
    expect(await userCount()).toBe(1);
  });

  it("refuses another phone's code and an expired one", async () => {
    const mine = newPlayer();
    const theirs = newPlayer();
    const theirCode = await signUpCode(app, theirs.phone);
    const myCode = await signUpCode(app, mine.phone);
    if (theirCode !== myCode) {
      expect((await new TestClient(app).post(REGISTER, bodyOf(mine, { smsCode: theirCode }))).body.code).toBe(
        Code.SMS_CODE_INVALID,
      );
    }
    app.clock.advance(5 * 60_000 + 1000);
    expect((await new TestClient(app).post(REGISTER, bodyOf(mine, { smsCode: myCode }))).body.code).toBe(
      Code.SMS_CODE_INVALID,
    );
    expect(await userCount()).toBe(0);
    // A fresh code (the cool-down is over) works.
    const fresh = await signUpCode(app, mine.phone);
    expect((await new TestClient(app).post(REGISTER, bodyOf(mine, { smsCode: fresh }))).body.success).toBe(true);
  });

  it('locks after 5 wrong guesses: even the right code is refused then', async () => {
    const player = newPlayer();
    const code = await signUpCode(app, player.phone);
    for (let i = 1; i <= 5; i++) {
      const guess = String((Number(code) + i) % 1_000_000).padStart(6, '0');
      expect((await new TestClient(app).post(REGISTER, bodyOf(player, { smsCode: guess }))).body.code).toBe(
        Code.SMS_CODE_INVALID,
      );
    }
    expect((await new TestClient(app).post(REGISTER, bodyOf(player, { smsCode: code }))).body.code).toBe(
      Code.SMS_CODE_INVALID,
    );
    expect(await userCount()).toBe(0);
  });

  it('keeps the cool-down between sends to one number', async () => {
    const player = newPlayer();
    await signUpCode(app, player.phone);
    const again = await new TestClient(app).post('/api/user/sms/send/register', { phone: player.phone });
    expect(again.body).toMatchObject({ success: false, code: Code.SMS_COOLDOWN });
  });

  it('two tabs with one code: of 8 sign-ups at once exactly one account is made', async () => {
    const phone = newPlayer().phone;
    const code = await signUpCode(app, phone);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        new TestClient(app).post(REGISTER, bodyOf(newPlayer({ phone }), { smsCode: code })),
      ),
    );
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    for (const refused of answers.filter((a) => !a.body.success)) {
      expect([Code.SMS_CODE_INVALID, Code.PHONE_TAKEN]).toContain(refused.body.code);
    }
    expect(await userCount()).toBe(1);
  });

  it('a number that has an account is sent a notice, no code; the answer is the same', async () => {
    const player = newPlayer();
    const code = await signUpCode(app, player.phone);
    expect((await new TestClient(app).post(REGISTER, bodyOf(player, { smsCode: code }))).body.success).toBe(true);
    app.clock.advance(61_000);
    const sent = await new TestClient(app).post('/api/user/sms/send/register', { phone: player.phone });
    expect(sent.body).toMatchObject({ success: true, data: { cooldownSeconds: 60 } });
    const outbox = await opsClient(app).get<{ code: string; text: string }[]>(`/ops/sms?phone=${player.phone}`);
    expect(outbox.body.data[0]).toMatchObject({ code: '' });
    expect(outbox.body.data[0]?.text).toContain('already has an account');
  });

  it('a guest signs up only with the code; then the account is a normal player', async () => {
    const client = new TestClient(app);
    const guest = await client.post<UserInfo>('/api/user/guest/login');
    expect(guest.body.data.guest).toBe(true);
    const player = newPlayer();
    expect((await client.post(SIGN_UP, bodyOf(player))).body.code).toBe(Code.SMS_CODE_INVALID);
    const code = await signUpCode(app, player.phone, client);
    expect((await client.post(SIGN_UP, bodyOf(player, { smsCode: otherThan(code) }))).body.code).toBe(
      Code.SMS_CODE_INVALID,
    );
    expect((await client.get<UserInfo>('/api/user/info')).body.data.guest).toBe(true);
    const signedUp = await client.post<UserInfo>(SIGN_UP, bodyOf(player, { smsCode: code }));
    expect(signedUp.body).toMatchObject({ success: true, data: { uid: guest.body.data.uid, guest: false } });
    // A normal player: the withdrawal code goes to the bound phone now.
    expect((await client.post('/api/user/sms/send/withdraw')).body.success).toBe(true);
  });

  it('answers in Vietnamese too', async () => {
    const vi = new TestClient(app, undefined, { language: 'vi-VN' });
    const refused = await vi.post(REGISTER, bodyOf(newPlayer()));
    expect(refused.body.code).toBe(Code.SMS_CODE_INVALID);
    expect(refused.body.msg).toBe('Mã xác minh sai hoặc đã hết hạn');
  });

  it('an admin may turn it off (then no code is needed); a risk operator may not', async () => {
    const risk = await operatorClient(app, 'risk');
    const refused = await risk.client.post('/ops/risk-settings', { signUpSmsCode: false });
    expect(refused.body.code).toBe(Code.OPS_FORBIDDEN);
    expect((await risk.client.get('/ops/risk-settings')).body.data).toEqual({ signUpSmsCode: true });

    const admin = await operatorClient(app, 'admin');
    const off = await admin.client.post('/ops/risk-settings', { signUpSmsCode: false });
    expect(off.body).toMatchObject({ success: true, data: { signUpSmsCode: false } });
    expect((await new TestClient(app).post(REGISTER, bodyOf(newPlayer()))).body.success).toBe(true);
    await admin.client.post('/ops/risk-settings', { signUpSmsCode: true });
    expect((await new TestClient(app).post(REGISTER, bodyOf(newPlayer()))).body.code).toBe(Code.SMS_CODE_INVALID);
  });
});
