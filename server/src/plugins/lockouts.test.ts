import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { hashed, registerPlayer, TestClient, testApp } from '../test/helpers';
import { setTradePassword, TRADE_PASSWORD, WALLET } from '../test/money';

/**
 * One lock-out per password, whichever route checks it (issue 26 item 3; found by an adversarial review):
 * the transaction password's five guesses are shared by the withdrawal's check, the wallet bind and the
 * password change; the login password's by the login and the password change. Memory store, limits un-lifted.
 */
let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
  expect(app.limiter.lifted).toBe(false);
});
afterEach(() => app.close());

const tally = (codes: number[]) => {
  const counts: Record<number, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
};

describe('the transaction password', () => {
  it('12 wallet binds and 12 password changes at once, all wrong: exactly 5 guesses checked in all', async () => {
    const { client } = await registerPlayer(app);
    await setTradePassword(client);
    // Same session, several "tabs" (new TestClient objects sharing the cookie).
    const tab = () => {
      const t = new TestClient(app, client.ip);
      t.cookie = client.cookie;
      return t;
    };
    const bind = (i: number) =>
      tab().post('/api/user/bankCard/create', { ...WALLET, password: hashed(`bindguess${i}`) });
    const change = (i: number) =>
      tab().post('/api/user/modifyPasswordTrade', {
        oldPassword: hashed(`changeguess${i}`),
        newPassword: hashed('newtrade123'),
      });
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => bind(i)),
      ...Array.from({ length: 12 }, (_, i) => change(i)),
    ]);
    const counts = tally(answers.map((a) => a.body.code));
    const checked = (counts[Code.TRADE_PASSWORD_WRONG] ?? 0) + (counts[Code.OLD_PASSWORD_WRONG] ?? 0);
    expect(checked).toBe(5);
    expect(counts[Code.ACCOUNT_LOCKED]).toBe(19);
    // And the real password is locked afterwards, as it should.
    expect(
      (await tab().post('/api/user/bankCard/create', { ...WALLET, password: hashed(TRADE_PASSWORD) })).body.code,
    ).toBe(Code.ACCOUNT_LOCKED);
  });
});

describe('the login password', () => {
  it('a stolen session gets no guesses on modifyPasswordLogin beyond the 5 of /login', async () => {
    const { client, player } = await registerPlayer(app);
    const viaLogin = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        new TestClient(app).post('/api/user/login', { username: player.username, password: hashed(`wrong${i}x`) }),
      ),
    );
    const viaChange = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        new TestClient(app, client.ip, { cookie: client.cookie }).post('/api/user/modifyPasswordLogin', {
          oldPassword: hashed(`wrong${i}y`),
          newPassword: hashed('another123'),
        }),
      ),
    );
    const login = tally(viaLogin.map((a) => a.body.code));
    const change = tally(viaChange.map((a) => a.body.code));
    expect(login[Code.LOGIN_FAILED]).toBe(5);
    expect(change).toEqual({ [Code.ACCOUNT_LOCKED]: 8 });
  });
});
