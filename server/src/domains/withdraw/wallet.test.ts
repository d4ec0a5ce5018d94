import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { hashed, opsClient, registerPlayer, type TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { setTradePassword, TRADE_PASSWORD, WALLET } from '../../test/money';

type Wallet = { bank: string; name: string; account: string } | null;

let app: FastifyInstance;
let player: TestClient;

beforeEach(async () => {
  app = await testApp();
  player = (await registerPlayer(app)).client;
});
afterEach(() => app.close());

const bind = (body: object, client = player) => client.post<Wallet>('/api/user/bankCard/create', body);
const bound = async (client = player) => (await client.get<Wallet>('/api/user/bankCard/wallet/account')).body.data;
const walletRows = () => inDb(app.db).value<number>`SELECT COUNT(*) FROM user_wallets`;
const good = { ...WALLET, password: hashed(TRADE_PASSWORD) };

describe('binding the withdrawal wallet', () => {
  it('binds once with the transaction password, shows a success message and the masked account', async () => {
    expect(await bound()).toBeNull();
    expect((await player.get<{ bind: boolean }>('/api/user/info')).body.data.bind).toBe(false);
    await setTradePassword(player);

    const answer = await bind({ ...good, name: '  Juan   Dela Cruz ' });
    expect(answer.body).toMatchObject({
      success: true,
      msg: 'Wallet bound successfully',
      data: { bank: 'gcash', name: 'Juan Dela Cruz', account: '9*****4567' },
    });
    expect(await bound()).toEqual({ bank: 'gcash', name: 'Juan Dela Cruz', account: '9*****4567' });
    expect((await player.get<{ bind: boolean }>('/api/user/info')).body.data.bind).toBe(true);

    const again = await bind({ bank: 'maya', name: 'Juan Dela Cruz', account: '9181234567', password: good.password });
    expect(again.body).toMatchObject({ success: false, code: Code.WALLET_ALREADY_BOUND });
    expect(await bound()).toMatchObject({ bank: 'gcash', account: '9*****4567' });
  });

  it('answers in Vietnamese when asked', async () => {
    await setTradePassword(player);
    const answer = await player.request({
      method: 'POST',
      url: '/api/user/bankCard/create',
      payload: good,
      headers: { language: 'vi-VN' },
    });
    expect(answer.body.msg).toBe('Liên kết ví thành công');
  });

  it('needs a transaction password first (20011) and refuses a wrong one (40012)', async () => {
    expect((await bind(good)).body).toMatchObject({ success: false, code: Code.TRADE_PASSWORD_NOT_SET });
    await setTradePassword(player);
    expect((await bind({ ...good, password: hashed('wrong999') })).body).toMatchObject({
      success: false,
      code: Code.TRADE_PASSWORD_WRONG,
    });
    expect(await walletRows()).toBe(0);
  });

  it('locks the account out after 5 wrong transaction passwords, even in parallel, for 15 minutes', async () => {
    await setTradePassword(player);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => bind({ ...good, password: hashed(`guess${100 + i}`) })),
    );
    const codes = guesses.map((g) => g.body.code);
    expect(codes.filter((c) => c === Code.TRADE_PASSWORD_WRONG)).toHaveLength(5);
    expect(codes.filter((c) => c === Code.ACCOUNT_LOCKED)).toHaveLength(7);
    const locked = await bind(good);
    expect(locked.body).toMatchObject({ success: false, code: Code.ACCOUNT_LOCKED });
    expect(locked.body.msg).toMatch(/try again in \d+ minutes/);
    expect(await walletRows()).toBe(0);

    await opsClient(app).post('/ops/clock', { advance: '15m' });
    expect((await bind(good)).body.success).toBe(true);
  });

  it('refuses a wallet account another player already bound', async () => {
    await setTradePassword(player);
    await bind(good);
    const other = (await registerPlayer(app)).client;
    await setTradePassword(other);
    const answer = await bind(good, other);
    expect(answer.body).toMatchObject({ success: false, code: Code.WALLET_IN_USE });
    expect(await bound(other)).toBeNull();
    // The same number on the other e-wallet is another account.
    expect((await bind({ ...good, bank: 'maya' }, other)).body.success).toBe(true);
  });

  it('refuses guests', async () => {
    const guest = new (player.constructor as typeof TestClient)(app);
    await guest.post('/api/user/guest/login');
    const answer = await bind(good, guest);
    expect(answer.body).toMatchObject({ success: false, code: Code.GUEST_NOT_ALLOWED });
  });

  it.each([
    [{ ...good, account: '8171234567' }],
    [{ ...good, account: '917123456' }],
    [{ ...good, account: '+639171234567' }],
    [{ ...good, name: 'J' }],
    [{ ...good, name: 'Juan 2' }],
    [{ ...good, name: 'J'.repeat(33) }],
    [{ ...good, bank: 'bdo' }],
    [{ ...good, password: 'trade123' }],
    [{ bank: 'gcash', name: 'Juan', account: '9171234567' }],
    [{ ...good, uid: 1 }],
  ])('refuses the malformed request %j (10001) and binds nothing', async (body) => {
    await setTradePassword(player);
    expect((await bind(body)).body).toMatchObject({ success: false, code: Code.VALIDATION });
    expect(await walletRows()).toBe(0);
  });

  it('needs a session (20002)', async () => {
    const stranger = new (player.constructor as typeof TestClient)(app);
    expect((await stranger.get('/api/user/bankCard/wallet/account')).body.code).toBe(Code.SESSION_INVALID);
    expect((await bind(good, stranger)).body.code).toBe(Code.SESSION_INVALID);
  });
});
