import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import type { UserInfo } from '../../../../shared/contract/user';
import { userBaseSchema, userEndpoints, userInfoSchema } from '../../../../shared/contract/user';
import { createSessionRepo } from '../../plugins/session.repo';
import {
  hashed,
  newPlayer,
  opsClient,
  registerPlayer,
  signUpCode,
  TEST_NOW,
  TestClient,
  testApp,
} from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { AVATAR_IDS } from './avatars';

type Sms = { phone: string; purpose: string; code: string; text: string; expiresAt: string; usedAt: string | null };

const REGISTER = '/api/user/custom/register';
const LOGIN = '/api/user/login';
const INFO = '/api/user/info';

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(async () => {
  await app.close();
});

const countUsers = async () => (await inDb(app.db).value<number>`SELECT COUNT(*) FROM users`) as number;
const userRow = async (uid: number) => {
  const row = await app.services.users.byUid(uid);
  if (!row) throw new Error(`no user ${uid}`);
  return row;
};

/** The newest outbox message for a phone (and purpose), as testers read it through /ops/sms. */
async function lastSms(phone: string, purpose?: string): Promise<Sms> {
  const answer = await opsClient(app).get<Sms[]>('/ops/sms', { phone });
  expect(answer.body.success).toBe(true);
  const message = answer.body.data.find((m) => purpose === undefined || m.purpose === purpose);
  if (!message) throw new Error(`no SMS to ${phone}`);
  return message;
}

/** A second live session for the account, made beside the client's own (as a concurrent login could). */
async function extraSession(userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await createSessionRepo(app.db).insert({
    userId,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    now: app.clock.iso(),
    expiresAt: new Date(app.clock.nowMs() + app.config.sessionAbsoluteMs).toISOString(),
    ip: '10.9.9.9',
    deviceId: 'other-device',
    userAgent: 'test',
  });
  return `sid=${token}`;
}

const withCookie = (cookie: string) => {
  const client = new TestClient(app);
  client.cookie = cookie;
  return client;
};

const login = (client: TestClient, username: string, typed: string) =>
  client.post<UserInfo>(LOGIN, { username, password: hashed(typed) });

describe('register', () => {
  it('creates the account, logs it in with an httpOnly SameSite=Lax cookie and records the terms', async () => {
    const player = newPlayer();
    const client = new TestClient(app);
    const answer = await client.post<UserInfo>(REGISTER, {
      username: player.username,
      password: hashed(player.password),
      phone: player.phone,
      agree: true,
      smsCode: await signUpCode(app, player.phone, client),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, code: 0, msg: 'Welcome! Your account is ready' });
    expect(answer.body.data).toMatchObject({
      username: player.username,
      nickname: player.username,
      phone: `9*****${player.phone.slice(-4)}`,
      guest: false,
      vip: 0,
      isNullPasswordTrade: true,
      registrationCode: '',
    });
    const setCookie = String([answer.headers['set-cookie']].flat()[0]);
    expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{40,};/);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//);

    const info = await client.get<UserInfo>(INFO);
    expect(info.body.success).toBe(true);
    expect(info.body.data.uid).toBe(answer.body.data.uid);

    const row = await userRow(answer.body.data.uid);
    expect(row.terms_accepted_at).toBe(TEST_NOW.toISOString());
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(hashed(player.password));
  });

  const base = () => {
    const p = newPlayer();
    return { username: p.username, password: hashed(p.password), phone: p.phone, agree: true } as Record<
      string,
      unknown
    >;
  };
  const alnum = 'Please enter 6-13 alphanumeric without special character';
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['username of 5', { username: 'abc12' }, 'username', alnum],
    ['username of 14', { username: 'abcdefghij1234' }, 'username', alnum],
    ['username with _', { username: 'abc_def1' }, 'username', alnum],
    ['username with space', { username: 'abc def1' }, 'username', alnum],
    ['username with unicode', { username: 'juanñ1234' }, 'username', alnum],
    ['username empty', { username: '' }, 'username', 'This is required'],
    ['username missing', { username: undefined }, 'username', 'This is required'],
    ['phone starting with 8', { phone: '8123456789' }, 'phone', 'Format is incorrect'],
    ['phone of 9 digits', { phone: '912345678' }, 'phone', 'Format is incorrect'],
    ['phone of 11 digits', { phone: '91234567890' }, 'phone', 'Format is incorrect'],
    ['phone with +63', { phone: '+639123456789' }, 'phone', 'Format is incorrect'],
    ['phone as a number', { phone: 9123456789 }, 'phone', 'Format is incorrect'],
    ['password in clear', { password: 'secret123' }, 'password', 'Format is incorrect'],
    ['password md5 upper-case', { password: hashed('secret123').toUpperCase() }, 'password', 'Format is incorrect'],
    ['password md5 too short', { password: hashed('secret123').slice(1) }, 'password', 'Format is incorrect'],
    ['agree false', { agree: false }, 'agree', 'Please confirm you are 21 or older and accept the terms'],
    ['agree missing', { agree: undefined }, 'agree', 'Please confirm you are 21 or older and accept the terms'],
    ['agree as text', { agree: 'true' }, 'agree', 'Please confirm you are 21 or older and accept the terms'],
    ['an unknown field', { balance: 1000 }, 'balance', 'Unknown field'],
  ];

  it('refuses each rule of spec section 5 with code 10001 and the exact message, writing nothing', async () => {
    const client = new TestClient(app);
    const before = await countUsers();
    for (const [label, change, field, message] of cases) {
      const body = { ...base(), ...change };
      for (const key of Object.keys(change)) if (change[key] === undefined) delete body[key];
      const answer = await client.post(REGISTER, body);
      expect(answer.status, label).toBe(200);
      expect(answer.body.success, label).toBe(false);
      expect(answer.body.code, label).toBe(Code.VALIDATION);
      expect(answer.body.data, label).toEqual([{ field, message }]);
      expect(answer.body.msg, label).toBe(`${field}: ${message}`);
      expect(answer.headers['set-cookie'], label).toBeUndefined();
    }
    expect(await countUsers()).toBe(before);
  });

  it('refuses a username taken in any letter case (20003) and a taken phone (20004)', async () => {
    const { player } = await registerPlayer(app, { username: 'LuckyJuan77' });
    const before = await countUsers();
    const client = new TestClient(app);
    const other = newPlayer();
    const sameName = await client.post(REGISTER, {
      username: 'luckyjuan77',
      password: hashed('secret123'),
      phone: other.phone,
      agree: true,
      smsCode: await signUpCode(app, other.phone, client),
    });
    expect(sameName.body).toMatchObject({ success: false, code: Code.USERNAME_TAKEN });
    expect(sameName.body.msg).toBe('This username is already taken');
    const samePhone = await client.post(REGISTER, {
      username: other.username,
      password: hashed('secret123'),
      phone: player.phone,
      agree: true,
      // The number's owner is texted a notice, not a code (no enumeration): the sign-up is refused at the code.
      smsCode: '000000',
    });
    expect(samePhone.body).toMatchObject({ success: false, code: Code.SMS_CODE_INVALID });
    expect(await countUsers()).toBe(before);
    expect(samePhone.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an unknown invitation code (20006) and records a valid one and the superior', async () => {
    const superior = await registerPlayer(app);
    const before = await countUsers();
    const p = newPlayer();
    const client = new TestClient(app);
    const wrong = await client.post(REGISTER, {
      username: p.username,
      password: hashed(p.password),
      phone: p.phone,
      inviteCode: 'ZZZZ9999',
      agree: true,
      smsCode: await signUpCode(app, p.phone, client),
    });
    expect(wrong.body).toMatchObject({ success: false, code: Code.INVITE_CODE_INVALID });
    expect(await countUsers()).toBe(before);

    const right = await client.post<UserInfo>(REGISTER, {
      username: p.username,
      password: hashed(p.password),
      phone: p.phone,
      inviteCode: superior.info.invitationCode.toLowerCase(),
      agree: true,
      smsCode: await signUpCode(app, p.phone, client),
    });
    expect(right.body.success).toBe(true);
    expect(right.body.data.registrationCode).toBe(superior.info.invitationCode);
    expect((await userRow(right.body.data.uid)).superior_id).toBe((await userRow(superior.info.uid)).id);
    const ops = await opsClient(app).get<{ superiorUid: number | null }>(`/ops/users/${right.body.data.uid}`);
    expect(ops.body.data.superiorUid).toBe(superior.info.uid);
  });

  it('throttles registrations per address (10006 after 10 an hour)', async () => {
    const client = new TestClient(app);
    for (let i = 0; i < 10; i++) {
      const p = newPlayer();
      const answer = await client.post(REGISTER, {
        username: p.username,
        password: hashed(p.password),
        phone: p.phone,
        agree: true,
        // Texted from another address: the SMS limits are not the point here.
        smsCode: await signUpCode(app, p.phone),
      });
      expect(answer.body.success, `registration ${i}`).toBe(true);
    }
    const before = await countUsers();
    const p = newPlayer();
    const body = {
      username: p.username,
      password: hashed(p.password),
      phone: p.phone,
      agree: true,
      smsCode: await signUpCode(app, p.phone),
    };
    const throttled = await client.post(REGISTER, body);
    expect(throttled.body).toMatchObject({ success: false, code: Code.RATE_LIMITED });
    expect(await countUsers()).toBe(before);
    expect((await new TestClient(app).post(REGISTER, body)).body.success).toBe(true);
  });

  it('gives every player their own invitation code and uid', async () => {
    const a = await registerPlayer(app);
    const b = await registerPlayer(app);
    expect(a.info.invitationCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(a.info.invitationCode).not.toBe(b.info.invitationCode);
    expect(a.info.uid).not.toBe(b.info.uid);
  });
});

describe('register/flag', () => {
  it('tells whether a username (any case) or a phone is taken', async () => {
    const { player } = await registerPlayer(app, { username: 'FlagCheck01' });
    const client = new TestClient(app);
    const flag = (body: object) =>
      client.post<{ usernameTaken: boolean; phoneTaken: boolean }>('/api/user/register/flag', body);
    expect((await flag({ username: 'flagcheck01' })).body.data).toEqual({ usernameTaken: true, phoneTaken: false });
    expect((await flag({ phone: player.phone })).body.data).toEqual({ usernameTaken: false, phoneTaken: true });
    expect((await flag({ username: 'nobody12345', phone: '9000000001' })).body.data).toEqual({
      usernameTaken: false,
      phoneTaken: false,
    });
    const empty = await flag({});
    expect(empty.body).toMatchObject({ success: false, code: Code.VALIDATION });
    const bad = await flag({ username: 'ab' });
    expect(bad.body).toMatchObject({ success: false, code: Code.VALIDATION });
  });
});

describe('login', () => {
  it('logs in by username (any case) and by phone, answering the user info and a new cookie', async () => {
    const { player, info } = await registerPlayer(app, { username: 'CaseMatters9' });
    const client = new TestClient(app);
    const byName = await login(client, 'casematters9', player.password);
    expect(byName.body).toMatchObject({ success: true, code: 0, msg: 'Login successful' });
    expect(byName.body.data.uid).toBe(info.uid);
    expect(String([byName.headers['set-cookie']].flat()[0])).toMatch(/^sid=.+HttpOnly/i);
    expect((await client.get<UserInfo>(INFO)).body.data.uid).toBe(info.uid);

    const other = new TestClient(app);
    const byPhone = await login(other, player.phone, player.password);
    expect(byPhone.body.success).toBe(true);
    expect(byPhone.body.data.uid).toBe(info.uid);
  });

  it('logs in an account whose username is all digits', async () => {
    const { player, info } = await registerPlayer(app, { username: '20261120' });
    const answer = await login(new TestClient(app), '20261120', player.password);
    expect(answer.body.success).toBe(true);
    expect(answer.body.data.uid).toBe(info.uid);
  });

  it('answers 20001 for a wrong password and for an unknown account, with the same message', async () => {
    const { player } = await registerPlayer(app);
    const client = new TestClient(app);
    const wrong = await login(client, player.username, 'notmypass1');
    expect(wrong.body).toMatchObject({
      success: false,
      code: Code.LOGIN_FAILED,
      msg: 'Incorrect username or password',
    });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const unknown = await login(client, 'nosuchuser1', player.password);
    expect(unknown.body).toMatchObject({ success: false, code: Code.LOGIN_FAILED, msg: wrong.body.msg });
    const unknownPhone = await login(client, '9000000009', player.password);
    expect(unknownPhone.body.code).toBe(Code.LOGIN_FAILED);
  });

  it('locks the account after 5 failures (20018, the wait in minutes) until the clock moves past the window', async () => {
    const { player } = await registerPlayer(app);
    const attacker = new TestClient(app);
    for (let i = 0; i < 5; i++) {
      expect((await login(attacker, player.username, `wrongpass${i}`)).body.code).toBe(Code.LOGIN_FAILED);
    }
    // Locked for everyone, even with the right password, and by phone too.
    const owner = new TestClient(app);
    const locked = await login(owner, player.username, player.password);
    expect(locked.body).toMatchObject({ success: false, code: Code.ACCOUNT_LOCKED });
    expect(locked.body.msg).toBe('Too many wrong passwords. Please try again in 15 minutes');
    expect((await login(owner, player.phone, player.password)).body.code).toBe(Code.ACCOUNT_LOCKED);

    app.clock.advance(14 * 60_000);
    const later = await login(owner, player.username, player.password);
    expect(later.body.code).toBe(Code.ACCOUNT_LOCKED);
    expect(later.body.msg).toContain('in 1 minute');

    app.clock.advance(60_000);
    const open = await login(owner, player.username, player.password);
    expect(open.body.success).toBe(true);
  });

  it('throttles one address after 30 attempts (10006) without blocking other addresses', async () => {
    const { player } = await registerPlayer(app);
    const noisy = new TestClient(app);
    for (let i = 0; i < 30; i++) {
      const answer = await login(noisy, 'ghostuser1', 'whatever1');
      expect([Code.LOGIN_FAILED, Code.ACCOUNT_LOCKED]).toContain(answer.body.code);
    }
    const throttled = await login(noisy, player.username, player.password);
    expect(throttled.body).toMatchObject({ success: false, code: Code.RATE_LIMITED });
    expect(throttled.body.msg).toMatch(/^Too many attempts\. Please try again in \d+ (minutes|seconds)$/);
    expect(throttled.headers['set-cookie']).toBeUndefined();

    expect((await login(new TestClient(app), player.username, player.password)).body.success).toBe(true);
    app.clock.advance(15 * 60_000);
    expect((await login(noisy, player.username, player.password)).body.success).toBe(true);
  });

  it('creates a guest account on guest login (guest true, no phone) that cannot log in by password', async () => {
    const client = new TestClient(app);
    const before = await countUsers();
    const answer = await client.post<UserInfo>('/api/user/guest/login', {});
    expect(answer.body.success).toBe(true);
    expect(answer.body.data).toMatchObject({ guest: true, phone: '', isNullPasswordTrade: true });
    expect(answer.body.data.username).toMatch(/^guest\d{8}$/);
    expect(await countUsers()).toBe(before + 1);
    const info = await client.get<UserInfo>(INFO);
    expect(info.body.data).toMatchObject({ uid: answer.body.data.uid, guest: true });
    const base = await client.get<{ termsAcceptedAt: string | null }>('/api/user/base');
    expect(base.body.data.termsAcceptedAt).toBeNull();
    expect((await userRow(answer.body.data.uid)).phone).toBeNull();
    const byPassword = await login(new TestClient(app), answer.body.data.username, 'anything1');
    expect(byPassword.body.code).toBe(Code.LOGIN_FAILED);
  });
});

describe('sessions', () => {
  it('a new login ends the other session of the account (20002 on its next call)', async () => {
    const { client: a, player, info } = await registerPlayer(app);
    expect((await a.get(INFO)).body.success).toBe(true);
    const b = new TestClient(app);
    expect((await login(b, player.username, player.password)).body.success).toBe(true);
    const ended = await a.get(INFO);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({
      success: false,
      code: Code.SESSION_INVALID,
      msg: 'Your session has ended. Please log in again',
      data: null,
    });
    const live = await b.get<UserInfo>(INFO);
    expect(live.body.data.uid).toBe(info.uid);
  });

  it('logout ends the session on the server: the old cookie answers 20002', async () => {
    const { client, info } = await registerPlayer(app);
    const oldCookie = client.cookie;
    const out = await client.post('/api/user/logout');
    expect(out.body).toMatchObject({ success: true, code: 0, data: null });
    expect(out.body.msg).toContain('You have logged out');
    expect(String([out.headers['set-cookie']].flat()[0])).toMatch(/^sid=;/);
    const replay = await withCookie(oldCookie).get(INFO);
    expect(replay.body.code).toBe(Code.SESSION_INVALID);
    const userId = (await userRow(info.uid)).id;
    const row = await inDb(app.db).get<{ revoked_at: string | null; revoke_reason: string }>`
      SELECT revoked_at, revoke_reason FROM sessions WHERE user_id = ${userId} ORDER BY id DESC`;
    expect(row).toEqual({ revoked_at: TEST_NOW.toISOString(), revoke_reason: 'logout' });
    // Logging out twice is a call without a session.
    expect((await withCookie(oldCookie).post('/api/user/logout')).body.code).toBe(Code.SESSION_INVALID);
  });

  it('ends a session idle for sessionIdleMs, and keeps one that is used', async () => {
    const { client } = await registerPlayer(app);
    const idle = app.config.sessionIdleMs;
    app.clock.advance(idle - 1000);
    expect((await client.get(INFO)).body.success).toBe(true);
    app.clock.advance(idle - 1000);
    expect((await client.get(INFO)).body.success).toBe(true);
    app.clock.advance(idle);
    expect((await client.get(INFO)).body.code).toBe(Code.SESSION_INVALID);
    // Once ended, it stays ended even if the clock goes back.
    app.clock.advance(-idle);
    expect((await client.get(INFO)).body.code).toBe(Code.SESSION_INVALID);
  });

  it('ends a session at sessionAbsoluteMs even when it is used all along', async () => {
    const { client } = await registerPlayer(app);
    const { sessionIdleMs: idle, sessionAbsoluteMs: absolute } = app.config;
    expect(absolute).toBeGreaterThan(idle);
    const step = idle - 60_000;
    let elapsed = 0;
    while (elapsed + step < absolute) {
      app.clock.advance(step);
      elapsed += step;
      expect((await client.get(INFO)).body.success, `after ${elapsed} ms`).toBe(true);
    }
    app.clock.advance(absolute - elapsed - 1000);
    expect((await client.get(INFO)).body.success).toBe(true);
    app.clock.advance(1000);
    expect((await client.get(INFO)).body.code).toBe(Code.SESSION_INVALID);
  });

  it('refuses a forged or over-long cookie with 20002', async () => {
    expect((await withCookie('sid=forged-token').get(INFO)).body.code).toBe(Code.SESSION_INVALID);
    expect((await withCookie(`sid=${'x'.repeat(300)}`).get(INFO)).body.code).toBe(Code.SESSION_INVALID);
  });
});

describe('user info and base', () => {
  it('answer exactly the contract shapes', async () => {
    const { client, player } = await registerPlayer(app);
    const info = await client.get<UserInfo>(INFO);
    const parsed = userInfoSchema.strict().parse(info.body.data);
    expect(parsed).toMatchObject({
      username: player.username,
      gender: 'male',
      avatar: '/static/avatars/a1.svg',
      bind: false,
      hasSignUp: false,
      guest: false,
    });
    expect(parsed.uid).toBeGreaterThanOrEqual(10_000_000);
    const base = await client.get('/api/user/base');
    expect(base.body.success).toBe(true);
    expect(userBaseSchema.strict().parse(base.body.data)).toEqual({
      uid: parsed.uid,
      username: player.username,
      nickname: player.username,
      gender: 'male',
      avatar: '/static/avatars/a1.svg',
      phone: `9*****${player.phone.slice(-4)}`,
      realName: '',
      realNameLocked: false,
      birthDate: '',
      email: '',
      registeredAt: TEST_NOW.toISOString(),
      termsAcceptedAt: TEST_NOW.toISOString(),
    });
    expect(JSON.stringify(base.body)).not.toContain(player.phone);
    expect(JSON.stringify(info.body)).not.toContain(player.phone);
  });
});

describe('modify and avatars', () => {
  it('changes nickname, gender and avatar (chosen from /api/material/avatar)', async () => {
    const { client } = await registerPlayer(app);
    const avatars = await client.get<{ id: string; url: string }[]>('/api/material/avatar');
    expect(avatars.body.success).toBe(true);
    expect(avatars.body.data.map((a) => a.id)).toEqual(AVATAR_IDS);
    const pick = avatars.body.data[2]!;
    const answer = await client.post<UserInfo>('/api/user/modify', {
      nickname: '  Lucky Star  ',
      gender: 'female',
      avatar: pick.id,
    });
    expect(answer.body).toMatchObject({ success: true, msg: 'Saved' });
    expect(answer.body.data).toMatchObject({ nickname: 'Lucky Star', gender: 'female', avatar: pick.url });
    expect((await client.get<UserInfo>(INFO)).body.data).toMatchObject({ nickname: 'Lucky Star', avatar: pick.url });
  });

  it('serves every avatar URL it lists as an SVG image', async () => {
    const { client } = await registerPlayer(app);
    const avatars = await client.get<{ id: string; url: string }[]>('/api/material/avatar');
    expect(avatars.body.data.length).toBeGreaterThanOrEqual(6);
    for (const { url } of avatars.body.data) {
      const image = await app.inject({ method: 'GET', url });
      expect(image.statusCode, url).toBe(200);
      expect(image.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
      expect(image.body, url).toContain('<svg');
    }
  });

  it('refuses an unknown avatar (20017) and bad fields (10001), changing nothing', async () => {
    const { client } = await registerPlayer(app);
    const before = (await client.get('/api/user/base')).body.data;
    const unknown = await client.post('/api/user/modify', { avatar: 'a99', nickname: 'Changed' });
    expect(unknown.body).toMatchObject({ success: false, code: Code.AVATAR_UNKNOWN });
    const bad: [object, string, string][] = [
      [{ nickname: 'n'.repeat(21) }, 'nickname', 'Format is incorrect'],
      [{ nickname: '   ' }, 'nickname', 'This is required'],
      [{ gender: 'robot' }, 'gender', 'Format is incorrect'],
      [{ realName: 'J' }, 'realName', 'Format is incorrect'],
      [{ realName: 'Juan123' }, 'realName', 'Format is incorrect'],
      [{ birthDate: '02/30/1990' }, 'birthDate', 'Date format is incorrect'],
      [{ birthDate: '1990-02-03' }, 'birthDate', 'Date format is incorrect'],
      [{ birthDate: '13/01/1990' }, 'birthDate', 'Date format is incorrect'],
      [{ email: 'juan@' }, 'email', 'Email format is incorrect'],
      [{ email: 'juan example.com' }, 'email', 'Email format is incorrect'],
      [{ phone: '9171234567' }, 'smsCode', 'This is required'],
      [{ uid: 1, nickname: 'Sneaky' }, 'uid', 'Unknown field'],
    ];
    for (const [body, field, message] of bad) {
      const answer = await client.post('/api/user/modify', body);
      expect(answer.body.code, JSON.stringify(body)).toBe(Code.VALIDATION);
      expect(answer.body.data, JSON.stringify(body)).toEqual([{ field, message }]);
    }
    const empty = await client.post('/api/user/modify', {});
    expect(empty.body.code).toBe(Code.VALIDATION);
    expect((await client.get('/api/user/base')).body.data).toEqual(before);
  });

  it('saves personal information: real name, birth date, email', async () => {
    const { client } = await registerPlayer(app);
    const answer = await client.post('/api/user/modify', {
      realName: "Juan Dela Cruz-O'Neil",
      birthDate: '02/29/1996',
      email: 'juan@example.com',
    });
    expect(answer.body.success).toBe(true);
    const base = await client.get<{ realName: string; birthDate: string; email: string }>('/api/user/base');
    expect(base.body.data).toMatchObject({
      realName: "Juan Dela Cruz-O'Neil",
      birthDate: '02/29/1996',
      email: 'juan@example.com',
    });
  });

  it('binds a new phone with the SMS code sent to it, and only with that code', async () => {
    const { client, info } = await registerPlayer(app);
    const phone = '9170000001';
    const sent = await client.post('/api/user/sms/send/bind', { phone });
    expect(sent.body).toMatchObject({ success: true, data: { cooldownSeconds: 60 }, msg: 'Verification code sent' });
    const sms = await lastSms(phone, 'bind');
    const wrongCode = sms.code === '000000' ? '111111' : '000000';
    const wrong = await client.post('/api/user/modify', { phone, smsCode: wrongCode, nickname: 'NewName' });
    expect(wrong.body.code).toBe(Code.SMS_CODE_INVALID);
    expect((await userRow(info.uid)).phone).not.toBe(phone);
    expect((await userRow(info.uid)).nickname).not.toBe('NewName');

    const right = await client.post<UserInfo>('/api/user/modify', { phone, smsCode: sms.code });
    expect(right.body.success).toBe(true);
    expect(right.body.data.phone).toBe('9*****0001');
    expect((await userRow(info.uid)).phone).toBe(phone);
    expect((await lastSms(phone, 'bind')).usedAt).toBe(TEST_NOW.toISOString());
  });

  it("answers a bind code for another player's phone as any other, sends its owner a notice, binds nothing", async () => {
    const other = await registerPlayer(app);
    const { client, info } = await registerPlayer(app);
    const free = await client.post('/api/user/sms/send/bind', { phone: '9170000042' });
    const answer = await client.post('/api/user/sms/send/bind', { phone: other.player.phone });
    expect(answer.status).toBe(free.status);
    expect(answer.body).toEqual(free.body);
    const notice = await lastSms(other.player.phone, 'bind');
    expect(notice.code).toBe('');
    expect(notice.text).toContain('already linked to another one');
    // No code was sent, so no code binds it; the number stays the other player's.
    const bind = await client.post('/api/user/modify', { phone: other.player.phone, smsCode: '000000' });
    expect(bind.body.code).toBe(Code.SMS_CODE_INVALID);
    expect((await userRow(info.uid)).phone).not.toBe(other.player.phone);
  });

  it('limits bind probes before telling whether a number is registered (no enumeration)', async () => {
    const other = await registerPlayer(app);
    const { client } = await registerPlayer(app);
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      const phone = i === 11 ? other.player.phone : `917${String(1_000_000 + i).padStart(7, '0')}`;
      answers.push((await client.post('/api/user/sms/send/bind', { phone })).body.code);
    }
    // Ten numbers an hour: the eleventh and the registered twelfth are refused by the limit alike.
    expect(answers.slice(10)).toEqual([Code.RATE_LIMITED, Code.RATE_LIMITED]);
    expect(answers).not.toContain(Code.PHONE_TAKEN);
  });
});

describe('superior, share and follow', () => {
  it('binds a superior once (20007 the second time)', async () => {
    const a = await registerPlayer(app);
    const b = await registerPlayer(app);
    const c = await registerPlayer(app);
    const bound = await b.client.post('/api/user/bind', { inviteCode: a.info.invitationCode });
    expect(bound.body).toMatchObject({ success: true, msg: 'Referrer bound', data: null });
    expect((await b.client.get<UserInfo>(INFO)).body.data.registrationCode).toBe(a.info.invitationCode);
    expect((await userRow(b.info.uid)).superior_id).toBe((await userRow(a.info.uid)).id);

    const again = await b.client.post('/api/user/bind', { inviteCode: c.info.invitationCode });
    expect(again.body).toMatchObject({ success: false, code: Code.SUPERIOR_ALREADY_BOUND });
    expect((await userRow(b.info.uid)).superior_id).toBe((await userRow(a.info.uid)).id);
  });

  it('refuses oneself or one of one’s own descendants (20014) and an unknown code (20006)', async () => {
    const a = await registerPlayer(app);
    const b = await registerPlayer(app, { inviteCode: a.info.invitationCode });
    const c = await registerPlayer(app, { inviteCode: b.info.invitationCode });
    expect((await a.client.post('/api/user/bind', { inviteCode: a.info.invitationCode })).body.code).toBe(
      Code.SUPERIOR_INVALID,
    );
    expect((await a.client.post('/api/user/bind', { inviteCode: b.info.invitationCode })).body.code).toBe(
      Code.SUPERIOR_INVALID,
    );
    expect((await a.client.post('/api/user/bind', { inviteCode: c.info.invitationCode })).body.code).toBe(
      Code.SUPERIOR_INVALID,
    );
    expect((await a.client.post('/api/user/bind', { inviteCode: 'NOPE2345' })).body.code).toBe(
      Code.INVITE_CODE_INVALID,
    );
    expect((await a.client.post('/api/user/bind', { inviteCode: 'a!' })).body.code).toBe(Code.VALIDATION);
    expect((await userRow(a.info.uid)).superior_id).toBeNull();
  });

  it('share carries the invitation code; follow is a string', async () => {
    const { client, info } = await registerPlayer(app);
    const share = await client.get<{ shareUrl: string; invitationCode: string }>('/api/user/share');
    expect(share.body.success).toBe(true);
    expect(share.body.data.invitationCode).toBe(info.invitationCode);
    expect(share.body.data.shareUrl.startsWith(app.config.publicUrl)).toBe(true);
    expect(new URL(share.body.data.shareUrl).searchParams.get('inviteCode')).toBe(info.invitationCode);
    const follow = await client.get('/api/user/follow');
    expect(follow.body.success).toBe(true);
    expect(typeof follow.body.data).toBe('string');
  });
});

describe('passwords', () => {
  it('changes the login password: old checked (20010), must differ (20019), other sessions end', async () => {
    const { client, player, info } = await registerPlayer(app);
    const other = withCookie(await extraSession((await userRow(info.uid)).id));
    expect((await other.get(INFO)).body.success).toBe(true);

    const url = '/api/user/modifyPasswordLogin';
    const wrong = await client.post(url, { oldPassword: hashed('notmine1'), newPassword: hashed('newpass99') });
    expect(wrong.body).toMatchObject({ success: false, code: Code.OLD_PASSWORD_WRONG });
    const same = await client.post(url, { oldPassword: hashed(player.password), newPassword: hashed(player.password) });
    expect(same.body).toMatchObject({ success: false, code: Code.SAME_PASSWORD });
    expect((await other.get(INFO)).body.success).toBe(true);

    const changed = await client.post(url, { oldPassword: hashed(player.password), newPassword: hashed('newpass99') });
    expect(changed.body).toMatchObject({ success: true, msg: 'Password changed' });
    expect((await client.get(INFO)).body.success).toBe(true);
    expect((await other.get(INFO)).body.code).toBe(Code.SESSION_INVALID);

    expect((await login(new TestClient(app), player.username, player.password)).body.code).toBe(Code.LOGIN_FAILED);
    expect((await login(new TestClient(app), player.username, 'newpass99')).body.success).toBe(true);
  });

  it('locks the login-password change after 5 wrong current passwords', async () => {
    const { client, player } = await registerPlayer(app);
    const url = '/api/user/modifyPasswordLogin';
    for (let i = 0; i < 5; i++) {
      const answer = await client.post(url, { oldPassword: hashed(`guess${i}xx`), newPassword: hashed('newpass99') });
      expect(answer.body.code).toBe(Code.OLD_PASSWORD_WRONG);
    }
    const locked = await client.post(url, { oldPassword: hashed(player.password), newPassword: hashed('newpass99') });
    expect(locked.body.code).toBe(Code.ACCOUNT_LOCKED);
    app.clock.advance(15 * 60_000);
    const ok = await client.post(url, { oldPassword: hashed(player.password), newPassword: hashed('newpass99') });
    expect(ok.body.success).toBe(true);
  });

  it('sets the transaction password (isNullPasswordTrade flips) and changes it only with the old one', async () => {
    const { client } = await registerPlayer(app);
    const url = '/api/user/modifyPasswordTrade';
    const set = await client.post(url, { newPassword: hashed('trade111') });
    expect(set.body).toMatchObject({ success: true, msg: 'Transaction password set' });
    expect((await client.get<UserInfo>(INFO)).body.data.isNullPasswordTrade).toBe(false);

    const noOld = await client.post(url, { newPassword: hashed('trade222') });
    expect(noOld.body.code).toBe(Code.OLD_PASSWORD_WRONG);
    const wrongOld = await client.post(url, { oldPassword: hashed('trade999'), newPassword: hashed('trade222') });
    expect(wrongOld.body.code).toBe(Code.OLD_PASSWORD_WRONG);
    const changed = await client.post(url, { oldPassword: hashed('trade111'), newPassword: hashed('trade222') });
    expect(changed.body).toMatchObject({ success: true, msg: 'Transaction password changed' });
    // The old one no longer works, the new one does.
    expect(
      (await client.post(url, { oldPassword: hashed('trade111'), newPassword: hashed('trade333') })).body.code,
    ).toBe(Code.OLD_PASSWORD_WRONG);
    expect(
      (await client.post(url, { oldPassword: hashed('trade222'), newPassword: hashed('trade333') })).body.success,
    ).toBe(true);
    expect((await client.post(url, { newPassword: 'plain' })).body.code).toBe(Code.VALIDATION);
  });
});

describe('SMS codes and resets', () => {
  const SEND_RESET = '/api/user/sms/send/resetLoginPwd';
  const RESET = '/api/reset/login/pwd';

  it('sends a 6-digit code to the outbox, readable through GET /ops/sms', async () => {
    const { player, info } = await registerPlayer(app);
    const visitor = new TestClient(app);
    const sent = await visitor.post(SEND_RESET, { phone: player.phone });
    expect(sent.body).toMatchObject({ success: true, code: 0, data: { cooldownSeconds: 60 } });
    const sms = await lastSms(player.phone);
    expect(sms).toMatchObject({
      phone: player.phone,
      purpose: 'resetLoginPwd',
      expiresAt: new Date(TEST_NOW.getTime() + 5 * 60_000).toISOString(),
      usedAt: null,
    });
    expect(sms.code).toMatch(/^\d{6}$/);
    expect(sms.text).toContain(sms.code);
    const userId = await inDb(app.db)
      .value<number>`SELECT user_id FROM sms_messages WHERE phone = ${player.phone} AND purpose = 'resetLoginPwd'`;
    expect(userId).toBe((await userRow(info.uid)).id);
  });

  it('answers a number without an account exactly as one with (no enumeration): a notice, no code', async () => {
    const { player } = await registerPlayer(app);
    const visitor = new TestClient(app);
    const unknownPhone = '9000000077';
    const known = await visitor.post(SEND_RESET, { phone: player.phone });
    const unknown = await visitor.post(SEND_RESET, { phone: unknownPhone });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const notice = await lastSms(unknownPhone);
    expect(notice).toMatchObject({ purpose: 'resetLoginPwd', code: '' });
    expect(notice.text).toContain('no account uses it');
    expect(notice.text).not.toMatch(/\d{6}/);
    // The same cool-down on both, and a reset of the number without an account can never succeed.
    expect((await visitor.post(SEND_RESET, { phone: unknownPhone })).body.code).toBe(Code.SMS_COOLDOWN);
    expect((await visitor.post(SEND_RESET, { phone: player.phone })).body.code).toBe(Code.SMS_COOLDOWN);
    for (const code of ['000000', '123456']) {
      const reset = await visitor.post(RESET, { phone: unknownPhone, code, password: hashed('whatever1') });
      expect(reset.body.code).toBe(Code.SMS_CODE_INVALID);
    }
  });

  it('refuses a resend within 60 s (20009 with the seconds left)', async () => {
    const { player } = await registerPlayer(app);
    const visitor = new TestClient(app);
    expect((await visitor.post(SEND_RESET, { phone: player.phone })).body.success).toBe(true);
    const soon = await visitor.post(SEND_RESET, { phone: player.phone });
    expect(soon.body).toMatchObject({ success: false, code: Code.SMS_COOLDOWN });
    expect(soon.body.msg).toBe('Please wait 60 seconds before requesting another code');
    app.clock.advance(45_000);
    expect((await visitor.post(SEND_RESET, { phone: player.phone })).body.msg).toContain('wait 15 seconds');
    app.clock.advance(15_000);
    expect((await visitor.post(SEND_RESET, { phone: player.phone })).body.success).toBe(true);
    const outbox = await opsClient(app).get<Sms[]>('/ops/sms', { phone: player.phone });
    expect(outbox.body.data.filter((m) => m.purpose === 'resetLoginPwd')).toHaveLength(2);
  });

  it('a clock set back does not stretch the cool-down', async () => {
    const { player } = await registerPlayer(app);
    const visitor = new TestClient(app);
    expect((await visitor.post(SEND_RESET, { phone: player.phone })).body.success).toBe(true);
    app.clock.advance(-86_400_000);
    expect((await visitor.post(SEND_RESET, { phone: player.phone })).body.success).toBe(true);
    const soon = await visitor.post(SEND_RESET, { phone: player.phone });
    expect(soon.body.msg).toBe('Please wait 60 seconds before requesting another code');
  });

  it('limits codes per phone per hour (10006)', async () => {
    const { player } = await registerPlayer(app);
    for (let i = 0; i < 5; i++) {
      expect((await new TestClient(app).post(SEND_RESET, { phone: player.phone })).body.success, `send ${i}`).toBe(
        true,
      );
      app.clock.advance(61_000);
    }
    const sixth = await new TestClient(app).post(SEND_RESET, { phone: player.phone });
    expect(sixth.body.code).toBe(Code.RATE_LIMITED);
  });

  it('a code is valid 5 minutes: 5m+1s later it answers 20008', async () => {
    const { player } = await registerPlayer(app);
    const visitor = new TestClient(app);
    await visitor.post(SEND_RESET, { phone: player.phone });
    const { code } = await lastSms(player.phone);
    app.clock.advance(5 * 60_000 + 1000);
    const late = await visitor.post(RESET, { phone: player.phone, code, password: hashed('newpass99') });
    expect(late.body).toMatchObject({ success: false, code: Code.SMS_CODE_INVALID });
    expect((await login(new TestClient(app), player.username, player.password)).body.success).toBe(true);

    await visitor.post(SEND_RESET, { phone: player.phone });
    const fresh = await lastSms(player.phone);
    app.clock.advance(5 * 60_000 - 1000);
    const inTime = await visitor.post(RESET, { phone: player.phone, code: fresh.code, password: hashed('newpass99') });
    expect(inTime.body.success).toBe(true);
  });

  it('a code is single use, and 5 wrong attempts invalidate it', async () => {
    const { player } = await registerPlayer(app);
    const visitor = new TestClient(app);
    await visitor.post(SEND_RESET, { phone: player.phone });
    const first = await lastSms(player.phone);
    const used = await visitor.post(RESET, { phone: player.phone, code: first.code, password: hashed('newpass11') });
    expect(used.body.success).toBe(true);
    const reused = await visitor.post(RESET, { phone: player.phone, code: first.code, password: hashed('newpass22') });
    expect(reused.body.code).toBe(Code.SMS_CODE_INVALID);

    app.clock.advance(61_000);
    await visitor.post(SEND_RESET, { phone: player.phone });
    const second = await lastSms(player.phone);
    const wrong = second.code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      const answer = await visitor.post(RESET, { phone: player.phone, code: wrong, password: hashed('newpass33') });
      expect(answer.body.code).toBe(Code.SMS_CODE_INVALID);
    }
    const tooLate = await visitor.post(RESET, {
      phone: player.phone,
      code: second.code,
      password: hashed('newpass33'),
    });
    expect(tooLate.body.code).toBe(Code.SMS_CODE_INVALID);
    expect((await login(new TestClient(app), player.username, 'newpass11')).body.success).toBe(true);
  });

  it('a code for one purpose does not reset another', async () => {
    const { client, player } = await registerPlayer(app);
    await client.post('/api/user/sms/send/resetTradePwd');
    const tradeCode = (await lastSms(player.phone, 'resetTradePwd')).code;
    const answer = await new TestClient(app).post(RESET, {
      phone: player.phone,
      code: tradeCode,
      password: hashed('newpass99'),
    });
    expect(answer.body.code).toBe(Code.SMS_CODE_INVALID);
  });

  it('resetting the login password ends every session and the new password logs in', async () => {
    const { client, player } = await registerPlayer(app);
    const visitor = new TestClient(app);
    await visitor.post(SEND_RESET, { phone: player.phone });
    const { code } = await lastSms(player.phone);
    const reset = await visitor.post(RESET, { phone: player.phone, code, password: hashed('brandnew1') });
    expect(reset.body).toMatchObject({ success: true, msg: 'Password reset. Please log in with the new password' });
    expect((await client.get(INFO)).body.code).toBe(Code.SESSION_INVALID);
    expect((await login(new TestClient(app), player.username, player.password)).body.code).toBe(Code.LOGIN_FAILED);
    expect((await login(new TestClient(app), player.phone, 'brandnew1')).body.success).toBe(true);
  });

  it('a reset lifts a login lock-out: the new password logs in at once', async () => {
    const { player } = await registerPlayer(app);
    const attacker = new TestClient(app);
    for (let i = 0; i < 5; i++) await login(attacker, player.username, `wrongpass${i}`);
    expect((await login(new TestClient(app), player.username, player.password)).body.code).toBe(Code.ACCOUNT_LOCKED);
    const owner = new TestClient(app);
    await owner.post(SEND_RESET, { phone: player.phone });
    const { code } = await lastSms(player.phone);
    expect((await owner.post(RESET, { phone: player.phone, code, password: hashed('brandnew1') })).body.success).toBe(
      true,
    );
    expect((await login(owner, player.username, 'brandnew1')).body.success).toBe(true);
  });

  it('resetting the transaction password needs a bound phone (20016) and works with the code', async () => {
    const { client, player, info } = await registerPlayer(app);
    const sent = await client.post('/api/user/sms/send/resetTradePwd');
    expect(sent.body.success).toBe(true);
    const { code } = await lastSms(player.phone, 'resetTradePwd');
    const reset = await client.post('/api/reset/trade/pwd', { code, password: hashed('trade777') });
    // Not the login reset's "log in with the new password": the player stays logged in.
    expect(reset.body).toMatchObject({
      success: true,
      msg: 'Transaction password reset. Use the new one for your next withdrawal',
    });
    expect((await client.get<UserInfo>(INFO)).body.data.isNullPasswordTrade).toBe(false);
    const change = await client.post('/api/user/modifyPasswordTrade', {
      oldPassword: hashed('trade777'),
      newPassword: hashed('trade888'),
    });
    expect(change.body.success).toBe(true);

    // An account without a phone (none can be bound yet) cannot ask for or use a code.
    await inDb(app.db).run`UPDATE users SET phone = NULL WHERE uid = ${info.uid}`;
    app.clock.advance(61_000);
    const noPhone = await client.post('/api/user/sms/send/resetTradePwd');
    expect(noPhone.body).toMatchObject({ success: false, code: Code.PHONE_NOT_BOUND });
    const noPhoneReset = await client.post('/api/reset/trade/pwd', { code: '123456', password: hashed('trade999') });
    expect(noPhoneReset.body.code).toBe(Code.PHONE_NOT_BOUND);
  });
});

describe('guests', () => {
  it('are refused (20015) where an account is needed', async () => {
    const guest = new TestClient(app);
    await guest.post('/api/user/guest/login', {});
    const refused: [string, object][] = [
      ['/api/user/modifyPasswordLogin', { oldPassword: hashed('abcdef1'), newPassword: hashed('abcdef2') }],
      ['/api/user/modifyPasswordTrade', { newPassword: hashed('trade111') }],
      ['/api/user/sms/send/bind', { phone: '9170000002' }],
      ['/api/user/sms/send/resetTradePwd', {}],
      ['/api/reset/trade/pwd', { code: '123456', password: hashed('trade111') }],
      ['/api/user/modify', { phone: '9170000002', smsCode: '123456' }],
    ];
    for (const [url, body] of refused) {
      const answer = await guest.post(url, body);
      expect(answer.body.code, url).toBe(Code.GUEST_NOT_ALLOWED);
      expect(answer.body.msg, url).toBe('Please register an account to use this feature');
    }
    expect((await guest.get<UserInfo>(INFO)).body.data.isNullPasswordTrade).toBe(true);
    expect((await opsClient(app).get<Sms[]>('/ops/sms', { phone: '9170000002' })).body.data).toEqual([]);
    // What a guest may do: change the nickname.
    expect((await guest.post('/api/user/modify', { nickname: 'Visitor' })).body.success).toBe(true);
  });
});

describe('guards', () => {
  it('every user endpoint answers 20002 without a session (and with an unknown one)', async () => {
    const userOnly = userEndpoints.filter((e) => e.access === 'user');
    expect(userOnly.length).toBeGreaterThanOrEqual(13);
    for (const cookie of ['', 'sid=unknown']) {
      const client = withCookie(cookie);
      for (const endpoint of userOnly) {
        const answer =
          endpoint.method === 'GET' ? await client.get(endpoint.path) : await client.post(endpoint.path, {});
        expect(answer.status, endpoint.path).toBe(200);
        expect(answer.body, endpoint.path).toEqual({
          success: false,
          code: Code.SESSION_INVALID,
          msg: 'Your session has ended. Please log in again',
          data: null,
        });
      }
    }
  });

  it('refuses a POST without a valid requestFrom header (403, 10007) and changes nothing', async () => {
    const before = await countUsers();
    const p = newPlayer();
    const body = { username: p.username, password: hashed(p.password), phone: p.phone, agree: true };
    for (const headers of [{}, { requestfrom: 'WEB' }]) {
      const answer = await app.inject({ method: 'POST', url: REGISTER, payload: body, headers });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ success: false, code: Code.MISSING_REQUEST_FROM, data: null });
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    expect(await countUsers()).toBe(before);

    const { client } = await registerPlayer(app);
    const out = await app.inject({ method: 'POST', url: '/api/user/logout', headers: { cookie: client.cookie } });
    expect(out.statusCode).toBe(403);
    expect((await client.get(INFO)).body.success).toBe(true);
    // APP_H5 is accepted too.
    const appH5 = await app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { cookie: client.cookie, requestfrom: 'APP_H5' },
    });
    expect(appH5.json()).toMatchObject({ success: true });
  });
});
