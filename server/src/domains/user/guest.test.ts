import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import type { UserInfo } from '../../../../shared/contract/user';
import { hashed, newPlayer, registerPlayer, signUpCode, TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { balanceOf, fund } from '../../test/money';

const SIGN_UP = '/api/user/guest/register';
const INFO = '/api/user/info';

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

async function guest() {
  const client = new TestClient(app);
  const answer = await client.post<UserInfo>('/api/user/guest/login');
  if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
  return { client, info: answer.body.data };
}

const coupons = async (client: TestClient) =>
  (await client.get<{ status: string }[]>('/api/coupon/fetch')).body.data ?? [];

/** The sign-up form's body, with the code texted to the player's phone (read from the outbox). */
const signUpBody = async (player: ReturnType<typeof newPlayer>, extra: object = {}) => ({
  username: player.username,
  password: hashed(player.password),
  phone: player.phone,
  agree: true,
  smsCode: await signUpCode(app, player.phone),
  ...extra,
});

describe('guest accounts', () => {
  it('are not offered the welcome coupon (a guest cannot deposit)', async () => {
    const { client } = await guest();
    expect(await coupons(client)).toEqual([]);
  });

  it('sign up in place: same uid, balance and records; a registered account that logs in by password', async () => {
    const { client, info } = await guest();
    await fund(app, info.uid, 25);
    const records = (uid: number) =>
      inDb(app.db)
        .value<number>`SELECT COUNT(*) FROM balance_journal e JOIN users u ON u.id = e.user_id WHERE u.uid = ${uid}`;
    const entriesBefore = (await records(info.uid)) as number;
    expect(entriesBefore).toBeGreaterThan(0);
    const cookieBefore = client.cookie;
    const copy = new TestClient(app);
    copy.cookie = cookieBefore;

    const player = newPlayer();
    const answer = await client.post<UserInfo>(SIGN_UP, await signUpBody(player));
    expect(answer.body).toMatchObject({ success: true, msg: 'Welcome! Your account is ready' });
    expect(answer.body.data).toMatchObject({ uid: info.uid, username: player.username, guest: false });

    // The session was rotated: the new cookie knows a registered account, the old one is dead.
    expect(client.cookie).not.toBe(cookieBefore);
    expect((await copy.get(INFO)).body.code).toBe(Code.SESSION_INVALID);
    const now = await client.get<UserInfo>(INFO);
    expect(now.body.data).toMatchObject({ uid: info.uid, guest: false, username: player.username });
    expect((await balanceOf(client)).balance).toBe(25);
    expect((await records(info.uid)) as number).toBe(entriesBefore);

    // What a guest could not do, the account now may: set a transaction password; the welcome coupon arrives.
    expect((await client.post('/api/user/modifyPasswordTrade', { newPassword: hashed('trade111') })).body.success).toBe(
      true,
    );
    expect((await coupons(client)).length).toBeGreaterThan(0);

    // And it logs in with what was typed, by username and phone.
    const again = new TestClient(app);
    const login = await again.post<UserInfo>('/api/user/login', {
      username: player.phone,
      password: hashed(player.password),
    });
    expect(login.body.data.uid).toBe(info.uid);
  });

  it('gets the welcome letter once, when it signs up (not as a guest, not again on sign-up)', async () => {
    const { client } = await guest();
    const welcomes = async () =>
      ((await client.get<{ list: { title: string }[] }>('/api/letter')).body.data?.list ?? []).filter((l) =>
        l.title.startsWith('Welcome'),
      );
    expect(await welcomes()).toEqual([]);
    const player = newPlayer();
    expect((await client.post(SIGN_UP, await signUpBody(player))).body.success).toBe(true);
    const after = await welcomes();
    expect(after).toHaveLength(1);
    expect(JSON.stringify(after[0])).toContain(player.username);
  });

  it('keeps the checks of a registration: taken username or phone, bad invitation code, the terms', async () => {
    const { player: taken } = await registerPlayer(app);
    const { client } = await guest();
    const player = newPlayer();
    expect((await client.post(SIGN_UP, await signUpBody(player, { username: taken.username }))).body.code).toBe(
      Code.USERNAME_TAKEN,
    );
    // A taken number: its owner is texted a notice, not a code, so the code of another number is refused.
    expect((await client.post(SIGN_UP, await signUpBody(player, { phone: taken.phone }))).body.code).toBe(
      Code.SMS_CODE_INVALID,
    );
    expect((await client.post(SIGN_UP, await signUpBody(player, { inviteCode: 'ZZZZZZZZ' }))).body.code).toBe(
      Code.INVITE_CODE_INVALID,
    );
    expect((await client.post(SIGN_UP, { ...(await signUpBody(player)), agree: false })).body.code).toBe(
      Code.VALIDATION,
    );
    expect((await client.get<UserInfo>(INFO)).body.data.guest).toBe(true);
  });

  it('records the superior of an invitation code', async () => {
    const { info: boss } = await registerPlayer(app);
    const { client } = await guest();
    const answer = await client.post<UserInfo>(
      SIGN_UP,
      await signUpBody(newPlayer(), { inviteCode: boss.invitationCode }),
    );
    expect(answer.body.data.registrationCode).toBe(boss.invitationCode);
  });

  it('refuses a registered account (20041)', async () => {
    const { client } = await registerPlayer(app);
    const answer = await client.post(SIGN_UP, await signUpBody(newPlayer()));
    expect(answer.body).toMatchObject({ success: false, code: Code.ALREADY_REGISTERED });
  });
});
