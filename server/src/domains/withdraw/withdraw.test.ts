import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { testConfig } from '../../config';
import { signFields } from '../../lib/signature';
import { hashed, opsClient, registerPlayer, TEST_NOW, TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import {
  balanceOf,
  bindWallet,
  fund,
  readyPlayer,
  setTradePassword,
  setVipLimits,
  solvedCaptcha,
  TRADE_PASSWORD,
  uploadDocuments,
  verifyIdentity,
  type WithdrawRecord,
  withdraw,
} from '../../test/money';

type Paged<T> = { list: T[]; page: number; size: number; total: number };

let app: FastifyInstance;

beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const ops = () => opsClient(app);
const withdrawalCount = () => inDb(app.db).value<number>`SELECT COUNT(*) FROM withdrawals`;
/** Sessions end after a day idle: after a long clock move the player logs in again. */
async function logIn(client: TestClient, player: { username: string; password: string }) {
  const answer = await client.post('/api/user/login', { username: player.username, password: hashed(player.password) });
  if (!answer.body.success) throw new Error(`login: ${JSON.stringify(answer.body)}`);
}

const records = async (client: TestClient, query: Record<string, string | number> = {}) =>
  (await client.get<Paged<WithdrawRecord>>('/api/withdraw/fetch', query)).body.data;

/** The balance, the journal and the withdrawals, to show a refusal moved nothing. */
async function snapshot(client: TestClient) {
  return {
    account: await balanceOf(client),
    journal: await inDb(app.db).value<number>`SELECT COUNT(*) FROM balance_journal`,
    withdrawals: await withdrawalCount(),
  };
}

describe('the captcha', () => {
  it('is a server-drawn SVG challenge valid 5 minutes; its answer is only in the operator API', async () => {
    const { client } = await registerPlayer(app);
    const issued = await client.get<{ token: string; image: string; expiresAt: string }>('/api/captcha');
    expect(issued.body.success).toBe(true);
    const { token, image, expiresAt } = issued.body.data;
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(image.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg /);
    expect(svg).not.toContain('<text');
    expect(Date.parse(expiresAt) - TEST_NOW.getTime()).toBe(5 * 60_000);

    const answer = await ops().get<{ answer: string; used: boolean }>(`/ops/captcha/${token}`);
    expect(answer.body.data).toMatchObject({ used: false });
    expect(answer.body.data.answer).toMatch(/^[A-Z0-9]{5}$/);
    expect(JSON.stringify(issued.body)).not.toContain(answer.body.data.answer);
    // The player's own cookie does not open the operator API.
    expect((await client.get(`/ops/captcha/${token}`)).status).toBe(401);
    // Issuing writes nothing.
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM captchas`).toBe(0);
  });

  it('is single use, even after a wrong answer; expired, forged and other players tokens are refused', async () => {
    const { client, uid } = await readyPlayer(app, { funds: 1000 });
    const attempt = (captcha: { token: string; answer: string }, c = client) => withdraw(app, c, 100, { captcha });

    const wrong = await solvedCaptcha(app, client);
    expect((await attempt({ ...wrong, answer: 'XXXXX' })).body.code).toBe(Code.CAPTCHA_INVALID);
    expect((await attempt(wrong)).body.code).toBe(Code.CAPTCHA_INVALID);

    const used = await solvedCaptcha(app, client);
    expect((await attempt({ ...used, answer: used.answer.toLowerCase() })).body.success).toBe(true);
    expect((await attempt(used)).body.code).toBe(Code.CAPTCHA_INVALID);
    expect((await attempt({ ...used, token: `${used.token}=` })).body.code).toBe(Code.CAPTCHA_INVALID);
    expect((await ops().get<{ used: boolean }>(`/ops/captcha/${used.token}`)).body.data.used).toBe(true);

    const late = await solvedCaptcha(app, client);
    await ops().post('/ops/clock', { advance: '5m' });
    expect((await attempt(late)).body.code).toBe(Code.CAPTCHA_INVALID);

    const forged = await solvedCaptcha(app, client);
    const flipped = `${forged.token.slice(0, 20)}${forged.token[20] === 'A' ? 'B' : 'A'}${forged.token.slice(21)}`;
    expect((await attempt({ ...forged, token: flipped })).body.code).toBe(Code.CAPTCHA_INVALID);

    const other = await readyPlayer(app, {
      funds: 1000,
      wallet: { bank: 'maya', name: 'Ana Reyes', account: '9181112222' },
    });
    const theirs = await solvedCaptcha(app, other.client);
    expect((await attempt(theirs)).body.code).toBe(Code.CAPTCHA_INVALID);
    // Refused before it was burned: its owner can still use it.
    expect((await attempt(theirs, other.client)).body.success).toBe(true);
    expect((await records(client)).total).toBe(1);
    expect((await balanceOf(client)).balance).toBe(900);
    expect(uid).toBeGreaterThan(0);
  });

  it('keeps a burned token only until it expired: a burn a minute later purges it', async () => {
    const { client } = await readyPlayer(app, { funds: 1000 });
    const burn = async () => {
      const captcha = await solvedCaptcha(app, client);
      await withdraw(app, client, 100, { captcha: { ...captcha, answer: 'XXXXX' } });
      return captcha.token;
    };
    const burned = async () => Number(await inDb(app.db).value`SELECT COUNT(*) FROM captchas`);
    const first = await burn();
    await burn();
    expect(await burned()).toBe(2);
    // Both expired (5 minutes) a minute ago or more, and the last purge is more than a minute old: the
    // next burn purges them. A token expired less than a minute ago is kept (its burn may be in flight).
    await ops().post('/ops/clock', { advance: '5m30s' });
    await burn();
    expect(await burned()).toBe(3);
    await ops().post('/ops/clock', { advance: '1m' });
    await burn();
    expect(await burned()).toBe(2);
    // The purged row was the first token's: the operator API no longer finds it burned.
    expect((await ops().get<{ used: boolean }>(`/ops/captcha/${first}`)).body.data.used).toBe(false);
  });
});

describe('creating a withdrawal', () => {
  it('freezes the amount in one journal row and lists the order as Pending', async () => {
    const { client } = await readyPlayer(app, { funds: 1000 });
    const answer = await withdraw(app, client, 300.5);
    expect(answer.body).toMatchObject({
      success: true,
      msg: 'Withdrawal submitted. The amount is frozen until it is paid out',
      data: { amount: 300.5, fee: 0, bank: 'gcash', account: '9*****4567', status: 0, remark: '' },
    });
    expect(answer.body.data.orderNo).toMatch(/^W20261120\d{8}$/);
    expect(await balanceOf(client)).toMatchObject({ balance: 699.5, allAmount: 1000, withdrawalAmount: 699.5 });

    const journal = await client.get<Paged<{ type: string; amount: number; balanceAfter: number; reference: string }>>(
      '/api/user/balanceJournal/fetch',
      { type: 'withdraw' },
    );
    expect(journal.body.data.list).toEqual([
      expect.objectContaining({
        type: 'withdraw',
        amount: -300.5,
        balanceAfter: 699.5,
        reference: answer.body.data.orderNo,
      }),
    ]);
    const listed = await records(client);
    expect(listed).toMatchObject({ total: 1, list: [{ orderNo: answer.body.data.orderNo, status: 0 }] });
  });

  it('refuses without a verified identity (40013), and when restricted 7 days after registration (40021)', async () => {
    const { client, info, player } = await registerPlayer(app);
    await setTradePassword(client);
    await bindWallet(client);
    await fund(app, info.uid, 1000);
    const before = await snapshot(client);
    expect((await withdraw(app, client, 100)).body.code).toBe(Code.KYC_REQUIRED);
    await uploadDocuments(client);
    await client.post('/api/user/kyc/submit', {
      realName: 'Juan Dela Cruz',
      birthDate: '01/02/1990',
      idType: 'sss',
      idNumber: '12-3456789-0',
    });
    expect((await withdraw(app, client, 100)).body.code).toBe(Code.KYC_REQUIRED);
    await ops().post('/ops/clock', { advance: '7d' });
    await logIn(client, player);
    expect((await withdraw(app, client, 100)).body.code).toBe(Code.ACCOUNT_RESTRICTED);
    expect(await snapshot(client)).toEqual(before);
  });

  it('refuses without a bound wallet (40011) or a transaction password (20011), and a wrong one (40012)', async () => {
    const noWallet = await registerPlayer(app);
    await setTradePassword(noWallet.client);
    await verifyIdentity(app, noWallet.client, noWallet.info.uid);
    await fund(app, noWallet.info.uid, 1000);
    expect((await withdraw(app, noWallet.client, 100)).body.code).toBe(Code.WALLET_NOT_BOUND);

    const noPassword = await registerPlayer(app);
    await verifyIdentity(app, noPassword.client, noPassword.info.uid);
    expect((await withdraw(app, noPassword.client, 100)).body.code).toBe(Code.TRADE_PASSWORD_NOT_SET);

    const { client } = await readyPlayer(app, {
      funds: 1000,
      wallet: { bank: 'maya', name: 'Ana', account: '9189998888' },
    });
    const before = await snapshot(client);
    const wrong = await withdraw(app, client, 100, { password: hashed('nottheone') });
    expect(wrong.body.code).toBe(Code.TRADE_PASSWORD_WRONG);
    expect(await snapshot(client)).toEqual(before);
  });

  it("refuses while the deposits' own turnover is owed (40017), naming the amount", async () => {
    await inDb(app.db).run`INSERT INTO payment_settings (key, value) VALUES ('depositTurnoverMultiple', '10')
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`;
    const { client } = await readyPlayer(app);
    const order = (await client.post<{ orderNo: string }>('/api/recharge/build', { channel: 'gcash', amount: 500 }))
      .body.data;
    await ops().post(`/ops/deposits/${order.orderNo}/settle`, { status: 'SUCCESS' });
    expect(await balanceOf(client)).toMatchObject({ balance: 500, surplus: 5000, withdrawalAmount: 0 });
    const before = await snapshot(client);
    const answer = await withdraw(app, client, 100);
    expect(answer.body).toMatchObject({ success: false, code: Code.TURNOVER_OWED });
    expect(answer.body.msg).toContain('5,000.00');
    expect(await snapshot(client)).toEqual(before);
  });

  it('takes amounts whose centavos are not exact in binary (261.09 * 100 = 26108.999999999996)', async () => {
    const { client } = await readyPlayer(app, { funds: 1000.07 });
    const answer = await withdraw(app, client, 261.09);
    expect(answer.body).toMatchObject({ success: true, data: { amount: 261.09 } });
    expect(await balanceOf(client)).toMatchObject({ balance: 738.98, allAmount: 1000.07 });
  });

  it('refuses more than the balance (40001)', async () => {
    const { client } = await readyPlayer(app, { funds: 250 });
    const before = await snapshot(client);
    expect((await withdraw(app, client, 250.01)).body.code).toBe(Code.INSUFFICIENT_BALANCE);
    expect(await snapshot(client)).toEqual(before);
    expect((await withdraw(app, client, 250)).body.success).toBe(true);
    expect((await balanceOf(client)).balance).toBe(0);
  });

  it.each([[99.99], [100.001], [0], [-100], ['150'], [null], [1e12]])(
    'refuses the amount %j with a validation envelope, moving nothing',
    async (amount) => {
      const { client } = await readyPlayer(app, { funds: 1000 });
      const before = await snapshot(client);
      const answer = await withdraw(app, client, amount);
      expect(answer.body).toMatchObject({ success: false, code: Code.VALIDATION });
      expect(await snapshot(client)).toEqual(before);
    },
  );

  it('the service itself refuses under 100 (40014), for callers that skip the contract', async () => {
    const { client, info } = await readyPlayer(app, { funds: 1000 });
    const userId = (await app.services.users.byUid(info.uid))?.id as number;
    await expect(app.services.withdrawals.open(userId, 9_999)).rejects.toThrowError(
      expect.objectContaining({ code: Code.WITHDRAW_MIN }),
    );
    expect((await balanceOf(client)).balance).toBe(1000);
  });

  it('counts the VIP level daily count (40016) and amount (40015) per Manila day; rejected ones do not count', async () => {
    const { client } = await readyPlayer(app, { funds: 50_000 });
    // VIP 0: 20,000 and 3 withdrawals a day.
    const first = (await withdraw(app, client, 15_000)).body.data;
    const tooMuch = await withdraw(app, client, 6_000);
    expect(tooMuch.body).toMatchObject({ success: false, code: Code.WITHDRAW_LIMIT });
    expect(tooMuch.body.msg).toContain('20,000.00');
    expect(tooMuch.body.msg).toContain('5,000.00');
    await ops().post(`/ops/withdrawals/${first.orderNo}/reject`, { reason: 'Please use your own wallet' });
    expect((await withdraw(app, client, 6_000)).body.success).toBe(true);
    expect((await withdraw(app, client, 100)).body.success).toBe(true);
    expect((await withdraw(app, client, 100)).body.success).toBe(true);
    const fourth = await withdraw(app, client, 100);
    expect(fourth.body).toMatchObject({ success: false, code: Code.WITHDRAW_COUNT });
    expect(fourth.body.msg).toContain('3');

    // Midnight in Manila (16:00 UTC) starts a new day.
    await ops().post('/ops/clock', { set: '2026-11-21T00:00:00+08:00' });
    expect((await withdraw(app, client, 100)).body.success).toBe(true);
  });

  it('higher VIP levels allow larger withdrawals', async () => {
    const { client, uid } = await readyPlayer(app, { funds: 100_000 });
    await inDb(app.db).run`UPDATE users SET vip_level = 5 WHERE uid = ${uid}`;
    expect((await withdraw(app, client, 60_000)).body.success).toBe(true);
    await setVipLimits(app, uid, 0, 20_000, 3);
    expect((await withdraw(app, client, 100)).body.code).toBe(Code.WITHDRAW_LIMIT);
  });

  it('refuses guests', async () => {
    const guest = new TestClient(app);
    await guest.post('/api/user/guest/login');
    expect((await withdraw(app, guest, 100)).body.code).toBe(Code.GUEST_NOT_ALLOWED);
  });

  it('every player endpoint needs a session (20002), also once the session is revoked', async () => {
    const { client, uid } = await readyPlayer(app, { funds: 500 });
    const captcha = await solvedCaptcha(app, client);
    await ops().post(`/ops/users/${uid}/sessions/revoke`, {});
    const stranger = new TestClient(app);
    for (const c of [client, stranger]) {
      expect((await c.get('/api/captcha')).body.code).toBe(Code.SESSION_INVALID);
      expect((await c.get('/api/withdraw/fetch')).body.code).toBe(Code.SESSION_INVALID);
      expect((await c.get('/api/user/kyc')).body.code).toBe(Code.SESSION_INVALID);
      const body = { amount: 100, password: hashed(TRADE_PASSWORD), captcha };
      expect((await c.post('/api/withdraw/create', body)).body.code).toBe(Code.SESSION_INVALID);
    }
    expect(await withdrawalCount()).toBe(0);
  });
});

describe('withdrawal records', () => {
  it('pages and filters by status and day, and shows only the player own orders', async () => {
    const { client } = await readyPlayer(app, { funds: 5_000 });
    await setVipLimits(app, (await client.get<{ uid: number }>('/api/user/info')).body.data.uid, 0, 20_000, 10);
    const orders: string[] = [];
    for (let i = 0; i < 5; i++) orders.push((await withdraw(app, client, 100 + i)).body.data.orderNo);
    await ops().post(`/ops/withdrawals/${orders[1]}/reject`, { reason: 'Name does not match' });

    const page = await records(client, { page: 2, size: 2 });
    expect(page).toMatchObject({ page: 2, size: 2, total: 5 });
    expect(page.list.map((r) => r.orderNo)).toEqual([orders[2], orders[1]]);
    const rejected = await records(client, { status: 4 });
    expect(rejected.list).toEqual([
      expect.objectContaining({ orderNo: orders[1], status: 4, remark: 'Name does not match' }),
    ]);
    expect((await records(client, { from: '2026-11-20', to: '2026-11-20' })).total).toBe(5);
    expect((await records(client, { from: '2026-11-21' })).total).toBe(0);
    expect((await client.get('/api/withdraw/fetch', { status: 7 })).body.code).toBe(Code.VALIDATION);

    const other = (await registerPlayer(app)).client;
    expect((await records(other)).total).toBe(0);
    // Order numbers act only through the operator API: a player's cookie opens none of it.
    expect((await other.post(`/ops/withdrawals/${orders[0]}/reject`, { reason: 'x' })).status).toBe(401);
  });
});

describe("today's limits (GET /api/withdraw/limits)", () => {
  type Limits = {
    vipLevel: number;
    min: number;
    dailyAmount: number;
    dailyCount: number;
    usedAmount: number;
    usedCount: number;
    remainingAmount: number;
    remainingCount: number;
  };
  const limits = async (client: TestClient) => (await client.get<Limits>('/api/withdraw/limits')).body.data;

  it('shows the VIP level limits and what today left, Rejected orders given back, a new Manila day reset', async () => {
    const { client, uid, player } = await readyPlayer(app, { funds: 5_000 });
    expect(await limits(client)).toEqual({
      vipLevel: 0,
      min: 100,
      dailyAmount: 20_000,
      dailyCount: 3,
      usedAmount: 0,
      usedCount: 0,
      remainingAmount: 20_000,
      remainingCount: 3,
    });
    await setVipLimits(app, uid, 2, 1_000, 4);
    const first = (await withdraw(app, client, 300)).body.data.orderNo;
    await withdraw(app, client, 250.5);
    expect(await limits(client)).toMatchObject({
      vipLevel: 2,
      dailyAmount: 1_000,
      dailyCount: 4,
      usedAmount: 550.5,
      usedCount: 2,
      remainingAmount: 449.5,
      remainingCount: 2,
    });
    await ops().post(`/ops/withdrawals/${first}/reject`, { reason: 'Name does not match' });
    expect(await limits(client)).toMatchObject({ usedAmount: 250.5, usedCount: 1, remainingAmount: 749.5 });
    // what the create call refuses agrees with what the screen shows
    const over = await withdraw(app, client, 749.51);
    expect(over.body.code).toBe(Code.WITHDRAW_LIMIT);

    await ops().post('/ops/clock', { advance: '1d' });
    await logIn(client, player);
    expect(await limits(client)).toMatchObject({
      usedAmount: 0,
      usedCount: 0,
      remainingAmount: 1_000,
      remainingCount: 4,
    });
  });

  it('needs a session', async () => {
    const visitor = new TestClient(app);
    expect((await visitor.get('/api/withdraw/limits')).body.code).toBe(Code.SESSION_INVALID);
  });
});

describe('autoApprove', () => {
  it('is off by default and on for development stacks', async () => {
    expect((await ops().get<{ autoApprove: boolean }>('/ops/withdraw-settings')).body.data).toMatchObject({
      autoApprove: false,
      autoApproveSource: 'environment',
    });
    const dev = await testApp({ config: testConfig({ mode: 'development' }) });
    const settings = await opsClient(dev).get<{ autoApprove: boolean }>('/ops/withdraw-settings');
    expect(settings.body.data).toMatchObject({ autoApprove: true, autoApproveSource: 'environment' });
    await dev.close();
  });

  it('reviews new withdrawals at once; the sandbox pays them out after the payout delay', async () => {
    await ops().post('/ops/withdraw-settings', { autoApprove: true });
    const { client, uid } = await readyPlayer(app, { funds: 1000 });
    const created = await withdraw(app, client, 400);
    expect(created.body.data.status).toBe(6);
    expect(await balanceOf(client)).toMatchObject({ balance: 600, allAmount: 1000 });

    await ops().post('/ops/clock', { advance: '59s' });
    expect((await records(client)).list[0]?.status).toBe(6);
    await ops().post('/ops/clock', { advance: '1s' });
    expect((await records(client)).list[0]?.status).toBe(2);
    expect(await balanceOf(client)).toMatchObject({ balance: 600, allAmount: 600 });

    const detail = await ops().get<{ history: { from: number | null; to: number; actor: string }[] }>(
      `/ops/withdrawals/${created.body.data.orderNo}`,
    );
    expect(detail.body.data.history.map((h) => [h.from, h.to, h.actor])).toEqual([
      [null, 0, 'player'],
      [0, 1, 'auto'],
      [1, 6, 'auto'],
      [6, 2, 'sandbox'],
    ]);
    const journal = await ops().get<Paged<{ type: string; amount: number; frozenDelta: number }>>(
      `/ops/users/${uid}/journal`,
    );
    expect(journal.body.data.list.slice(0, 2)).toEqual([
      expect.objectContaining({ type: 'withdraw_paid', amount: 0, frozenDelta: -400 }),
      expect.objectContaining({ type: 'withdraw', amount: -400, frozenDelta: 400 }),
    ]);
  });
});

describe('the balance risk view', () => {
  it('reports KYC, the restriction and whether a withdrawal would be locked', async () => {
    const { client, info, player } = await registerPlayer(app);
    const risk = async () =>
      (await client.get<{ userRiskVO: Record<string, unknown> }>('/api/balance')).body.data.userRiskVO;
    expect(await risk()).toMatchObject({ kycStatus: 'unverified', restricted: false, withdrawLocked: true });
    await verifyIdentity(app, client, info.uid);
    expect(await risk()).toMatchObject({ kycStatus: 'verified', restricted: false, withdrawLocked: false });
    await ops().post('/ops/clock', { advance: '8d' });
    await logIn(client, player);
    expect(await risk()).toMatchObject({ kycStatus: 'verified', restricted: false, withdrawLocked: false });
  });
});

describe('a deposit then a withdrawal', () => {
  it('a settled gateway callback funds a withdrawal', async () => {
    const { client } = await readyPlayer(app);
    const order = (await client.post<{ orderNo: string }>('/api/recharge/build', { channel: 'maya', amount: 800 })).body
      .data;
    const fields = {
      orderNo: order.orderNo,
      amount: '800.00',
      status: 'SUCCESS',
      gatewayRef: 'G1',
      timestamp: app.clock.iso(),
    };
    await app.inject({
      method: 'POST',
      url: '/api/payment/callback',
      payload: { ...fields, signature: signFields(fields, app.config.paymentSecret) },
    });
    expect((await withdraw(app, client, 800)).body.success).toBe(true);
    expect(await balanceOf(client)).toMatchObject({ balance: 0, allAmount: 800, deposit: 800 });
  });
});
