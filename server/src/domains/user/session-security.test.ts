import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../../shared/codes';
import type { UserInfo } from '../../../../shared/contract/user';
import { testConfig } from '../../config';
import { hashed, newPlayer, opsClient, registerPlayer, signUpCode, TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { verifyPassword } from './password';

// Every argon2 verification of the app goes through this spy, so a test can count the checks.
vi.mock('./password', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./password')>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});
const argon2 = vi.mocked(verifyPassword);

const LOGIN = '/api/user/login';
const INFO = '/api/user/info';

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
  argon2.mockClear();
});
afterEach(() => app.close());

const login = (client: TestClient, username: string, typed: string) =>
  client.post<UserInfo>(LOGIN, { username, password: hashed(typed) });

/** A copy of the client's cookie, as someone who took it would hold it. */
const copyOf = (client: TestClient) => {
  const copy = new TestClient(app);
  copy.cookie = client.cookie;
  return copy;
};

/** A second live session of the account (another device), written beside the client's own. */
async function extraSession(uid: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const now = app.clock.iso();
  const expiresAt = new Date(app.clock.nowMs() + app.config.sessionAbsoluteMs).toISOString();
  await inDb(app.db).run`
    INSERT INTO sessions (user_id, token_hash, created_at, last_seen_at, expires_at, ip, device_id, user_agent)
    SELECT id, CAST(${tokenHash} AS TEXT), CAST(${now} AS TEXT), CAST(${now} AS TEXT), CAST(${expiresAt} AS TEXT),
      '10.9.9.9', 'other-device', 'test' FROM users WHERE uid = ${uid}`;
  return `sid=${token}`;
}

async function lastCode(phone: string, purpose: string): Promise<string> {
  const answer = await opsClient(app).get<{ purpose: string; code: string }[]>('/ops/sms', { phone });
  const message = answer.body.data.find((m) => m.purpose === purpose);
  if (!message) throw new Error(`no ${purpose} SMS to ${phone}`);
  return message.code;
}

describe('login lock-out under parallel guesses', () => {
  it('checks at most 5 of 20 wrong guesses sent at once, and refuses the right one sent with them', async () => {
    const { player } = await registerPlayer(app);
    argon2.mockClear();
    const attacker = new TestClient(app);
    const wrong = Array.from({ length: 20 }, (_, i) => login(attacker, player.username, `wrongpass${i}`));
    const right = login(attacker, player.username, player.password);
    const answers = await Promise.all([...wrong, right]);

    expect(argon2.mock.calls.length).toBeLessThanOrEqual(5);
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === Code.LOGIN_FAILED).length).toBeLessThanOrEqual(5);
    expect(
      codes.filter((c) => c === Code.LOGIN_FAILED).length + codes.filter((c) => c === Code.ACCOUNT_LOCKED).length,
    ).toBe(21);
    expect(answers[20]?.body).toMatchObject({ success: false, code: Code.ACCOUNT_LOCKED });

    // Locked for the whole window, for the owner too; open again once it has passed.
    expect((await login(new TestClient(app), player.username, player.password)).body.code).toBe(Code.ACCOUNT_LOCKED);
    app.clock.advance(15 * 60_000);
    expect((await login(new TestClient(app), player.username, player.password)).body.success).toBe(true);
  });

  it('parallel guesses at an unknown username are limited the same way', async () => {
    argon2.mockClear();
    const attacker = new TestClient(app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(attacker, 'nobody0001', `wrongpass${i}`)),
    );
    expect(argon2.mock.calls.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.body.code === Code.ACCOUNT_LOCKED).length).toBeGreaterThanOrEqual(7);
  });

  it('a right password among parallel ones succeeds while fewer than 5 have failed', async () => {
    const { player } = await registerPlayer(app);
    const client = new TestClient(app);
    const answers = await Promise.all([
      login(client, player.username, 'wrongpass1'),
      login(client, player.username, 'wrongpass2'),
      login(new TestClient(app), player.username, player.password),
    ]);
    expect(answers.map((a) => a.body.code)).toEqual([Code.LOGIN_FAILED, Code.LOGIN_FAILED, Code.OK]);
  });
});

describe('lock-out messages', () => {
  it('say the wait in minutes, in both languages', async () => {
    const { player } = await registerPlayer(app);
    const attacker = new TestClient(app);
    for (let i = 0; i < 5; i++) await login(attacker, player.username, `wrongpass${i}`);
    const en = await login(new TestClient(app), player.username, player.password);
    expect(en.body.msg).toBe('Too many wrong passwords. Please try again in 15 minutes');
    const vi = await new TestClient(app, undefined, { language: 'vi-VN' }).post(LOGIN, {
      username: player.username,
      password: hashed(player.password),
    });
    expect(vi.body.msg).toBe('Sai mật khẩu quá nhiều lần. Vui lòng thử lại sau 15 phút');
    app.clock.advance(14 * 60_000);
    const soon = await login(new TestClient(app), player.username, player.password);
    expect(soon.body.msg).toBe('Too many wrong passwords. Please try again in 1 minute');
    app.clock.advance(30_000);
    const sooner = await login(new TestClient(app), player.username, player.password);
    expect(sooner.body.msg).toBe('Too many wrong passwords. Please try again in 30 seconds');
  });
});

describe('a security change rotates the session', () => {
  /** Asserts the client got a new cookie that works, the copy taken before is dead, and other sessions ended. */
  async function expectRotated(client: TestClient, before: TestClient, other: TestClient, oldCookie: string) {
    expect(client.cookie).not.toBe('');
    expect(client.cookie).not.toBe(oldCookie);
    expect((await client.get(INFO)).body.success).toBe(true);
    expect((await before.get(INFO)).body.code).toBe(Code.SESSION_INVALID);
    expect((await other.get(INFO)).body.code).toBe(Code.SESSION_INVALID);
  }

  /** A player with a copy of their cookie and a second live session (another device). */
  async function setUp() {
    const { client, player, info } = await registerPlayer(app);
    const other = new TestClient(app);
    other.cookie = await extraSession(info.uid);
    expect((await other.get(INFO)).body.success).toBe(true);
    const before = copyOf(client);
    return { client, player, before, other, oldCookie: client.cookie };
  }

  it('changing the login password', async () => {
    const { client, player, before, other, oldCookie } = await setUp();
    const changed = await client.post('/api/user/modifyPasswordLogin', {
      oldPassword: hashed(player.password),
      newPassword: hashed('newpass99'),
    });
    expect(changed.body.success).toBe(true);
    await expectRotated(client, before, other, oldCookie);
  });

  it('setting, then changing the transaction password', async () => {
    const { client, before, other, oldCookie } = await setUp();
    expect((await client.post('/api/user/modifyPasswordTrade', { newPassword: hashed('trade111') })).body.success).toBe(
      true,
    );
    await expectRotated(client, before, other, oldCookie);

    const second = copyOf(client);
    const cookie = client.cookie;
    const changed = await client.post('/api/user/modifyPasswordTrade', {
      oldPassword: hashed('trade111'),
      newPassword: hashed('trade222'),
    });
    expect(changed.body.success).toBe(true);
    await expectRotated(client, second, second, cookie);
  });

  it('resetting the transaction password by SMS', async () => {
    const { client, player, before, other, oldCookie } = await setUp();
    expect((await client.post('/api/user/sms/send/resetTradePwd')).body.success).toBe(true);
    const code = await lastCode(player.phone, 'resetTradePwd');
    const reset = await client.post('/api/reset/trade/pwd', { code, password: hashed('trade777') });
    expect(reset.body.success).toBe(true);
    await expectRotated(client, before, other, oldCookie);
  });

  it('binding another phone number', async () => {
    const { client, before, other, oldCookie } = await setUp();
    const phone = '9171112233';
    expect((await client.post('/api/user/sms/send/bind', { phone })).body.success).toBe(true);
    const code = await lastCode(phone, 'bind');
    const bound = await client.post('/api/user/modify', { phone, smsCode: code });
    expect(bound.body.success).toBe(true);
    await expectRotated(client, before, other, oldCookie);
  });

  it('a failed change keeps the session as it was', async () => {
    const { client, oldCookie } = await setUp();
    const wrong = await client.post('/api/user/modifyPasswordLogin', {
      oldPassword: hashed('notmine1'),
      newPassword: hashed('newpass99'),
    });
    expect(wrong.body.code).toBe(Code.OLD_PASSWORD_WRONG);
    expect(client.cookie).toBe(oldCookie);
    expect((await client.get(INFO)).body.success).toBe(true);
  });

  it('resetting the login password by SMS ends every session', async () => {
    const { client, player, before } = await setUp();
    const stranger = new TestClient(app);
    expect((await stranger.post('/api/user/sms/send/resetLoginPwd', { phone: player.phone })).body.success).toBe(true);
    const code = await lastCode(player.phone, 'resetLoginPwd');
    const reset = await stranger.post('/api/reset/login/pwd', {
      phone: player.phone,
      code,
      password: hashed('newpass77'),
    });
    expect(reset.body.success).toBe(true);
    expect((await client.get(INFO)).body.code).toBe(Code.SESSION_INVALID);
    expect((await before.get(INFO)).body.code).toBe(Code.SESSION_INVALID);
  });
});

describe('the session cookie on https', () => {
  it('is __Host-sid, Secure, Path=/, without Domain, and only that name opens the session', async () => {
    const secureApp = await testApp({ config: testConfig({ publicUrl: 'https://casino.example' }) });
    try {
      const player = newPlayer();
      const registered = await secureApp.inject({
        method: 'POST',
        url: '/api/user/custom/register',
        headers: { requestfrom: 'H5', 'content-type': 'application/json' },
        payload: {
          username: player.username,
          password: hashed(player.password),
          phone: player.phone,
          agree: true,
          smsCode: await signUpCode(secureApp, player.phone),
        },
      });
      const line = String([registered.headers['set-cookie']].flat()[0] ?? '');
      expect(line).toMatch(/^__Host-sid=[^;]+;/);
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; Path=\//);
      expect(line).not.toMatch(/Domain=/i);
      const token = /^__Host-sid=([^;]+)/.exec(line)?.[1] ?? '';
      const info = (cookie: string) =>
        secureApp.inject({ method: 'GET', url: '/api/user/info', headers: { requestfrom: 'H5', cookie } });
      expect((await info(`__Host-sid=${token}`)).json()).toMatchObject({ success: true });
      // A plain `sid` (planted by a sibling subdomain or an http page) opens nothing.
      expect((await info(`sid=${token}`)).json()).toMatchObject({ success: false, code: Code.SESSION_INVALID });
    } finally {
      await secureApp.close();
    }
  });
});
