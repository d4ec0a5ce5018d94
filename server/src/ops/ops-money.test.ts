import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { opsMoneyEndpoints } from '../../../shared/contract/ops-money';
import { opsClient, registerPlayer, restartableConfig, type TestClient, testApp } from '../test/helpers';
import { inDb } from '../test/in-db';
import { balanceOf, readyPlayer, setVipLimits, type WithdrawRecord, withdraw } from '../test/money';

type Paged<T> = { list: T[]; page: number; size: number; total: number };
type OpsWithdrawal = {
  orderNo: string;
  uid: number;
  status: number;
  remark: string;
  account: string;
  walletName: string;
  kycName: string;
  payoutRef: string | null;
  payoutDueAt: string | null;
  history: { from: number | null; to: number; actor: string; reason: string }[];
};
type OpsDeposit = { orderNo: string; uid: number; status: number; amount: number; callbackCount: number };

let app: FastifyInstance;
let ops: TestClient;

beforeEach(async () => {
  app = await testApp();
  ops = opsClient(app);
});
afterEach(() => app.close());

const frozenOf = (uid: number) =>
  inDb(app.db).value<number>`SELECT a.frozen FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.uid = ${uid}`;
const journalCount = () => inDb(app.db).value<number>`SELECT COUNT(*) FROM balance_journal`;

/** A ready player with 1,000 who asked to withdraw `amount`. */
async function pendingWithdrawal(amount = 400, wallet?: { bank: 'gcash'; name: string; account: string }) {
  const p = await readyPlayer(app, { funds: 1000, ...(wallet ? { wallet } : {}) });
  const created = await withdraw(app, p.client, amount);
  if (!created.body.success) throw new Error(JSON.stringify(created.body));
  return { ...p, orderNo: created.body.data.orderNo };
}

const act = (orderNo: string, action: 'review' | 'reject' | 'payout', body: object = {}) =>
  ops.post<OpsWithdrawal>(`/ops/withdrawals/${orderNo}/${action}`, body);
const detail = async (orderNo: string) => (await ops.get<OpsWithdrawal>(`/ops/withdrawals/${orderNo}`)).body.data;
const pairs = (w: OpsWithdrawal) => w.history.map((h) => [h.from, h.to]);

describe('the operator token', () => {
  it('every money endpoint refuses a missing token and a player cookie (401)', async () => {
    const { client } = await registerPlayer(app);
    for (const endpoint of opsMoneyEndpoints) {
      const url = endpoint.path
        .replace(':uid', '12345678')
        .replace(':orderNo', 'W2026112000000001')
        .replace(':code', 'gcash')
        .replace(':vipLevel', '1')
        .replace(':token', 'abc');
      for (const headers of [{}, { cookie: client.cookie }]) {
        const answer = await app.inject({ method: endpoint.method, url, headers, payload: {} });
        expect(answer.statusCode, url).toBe(401);
        expect(answer.json().code).toBe(Code.OPS_UNAUTHORIZED);
      }
    }
  });
});

describe('reviewing and paying out withdrawals', () => {
  it('review: Pending -> Reviewed -> Processing; the sandbox pays it after the delay; final after that', async () => {
    const { client, uid, orderNo } = await pendingWithdrawal();
    const reviewed = await act(orderNo, 'review');
    expect(reviewed.body.data).toMatchObject({
      status: 6,
      account: '9171234567',
      walletName: 'Juan Dela Cruz',
      kycName: 'Juan Dela Cruz',
      payoutRef: expect.stringMatching(/^SBXP\d{9}$/),
      payoutDueAt: '2026-11-20T02:01:00.000Z',
    });
    expect(pairs(reviewed.body.data)).toEqual([
      [null, 0],
      [0, 1],
      [1, 6],
    ]);
    expect((await client.get<Paged<WithdrawRecord>>('/api/withdraw/fetch')).body.data.list[0]?.status).toBe(6);

    await ops.post('/ops/clock', { advance: '1m' });
    const paid = await detail(orderNo);
    expect(paid).toMatchObject({ status: 2, payoutDueAt: null });
    expect(paid.history.at(-1)).toMatchObject({ from: 6, to: 2, actor: 'sandbox' });
    expect(await balanceOf(client)).toMatchObject({ balance: 600, allAmount: 600 });
    expect(await frozenOf(uid)).toBe(0);

    const journal = await journalCount();
    for (const [action, body] of [
      ['review', {}],
      ['reject', { reason: 'late' }],
      ['payout', { result: 'failed' }],
      ['payout', { result: 'success' }],
    ] as const) {
      expect((await act(orderNo, action, body)).body.code, action).toBe(Code.TRANSITION_INVALID);
    }
    expect(await journalCount()).toBe(journal);
    expect((await detail(orderNo)).status).toBe(2);
  });

  it('reject: the frozen amount comes back, with the reason shown to the player', async () => {
    const { client, uid, orderNo } = await pendingWithdrawal(250);
    expect(await balanceOf(client)).toMatchObject({ balance: 750, allAmount: 1000 });
    const rejected = await act(orderNo, 'reject', { reason: 'Wallet name does not match your ID' });
    expect(rejected.body.data).toMatchObject({ status: 4, remark: 'Wallet name does not match your ID' });
    expect(await balanceOf(client)).toMatchObject({ balance: 1000, allAmount: 1000 });
    expect(await frozenOf(uid)).toBe(0);
    const record = (await client.get<Paged<WithdrawRecord>>('/api/withdraw/fetch')).body.data.list[0];
    expect(record).toMatchObject({ status: 4, remark: 'Wallet name does not match your ID' });
    const journal = await ops.get<Paged<{ type: string; amount: number; frozenDelta: number; remark: string }>>(
      `/ops/users/${uid}/journal`,
      { type: 'withdraw_return' },
    );
    expect(journal.body.data.list).toEqual([
      expect.objectContaining({ amount: 250, frozenDelta: -250, remark: 'Wallet name does not match your ID' }),
    ]);
    expect((await act(orderNo, 'reject', { reason: 'again' })).body.code).toBe(Code.TRANSITION_INVALID);
    expect((await balanceOf(client)).balance).toBe(1000);
  });

  it('payout results: failed returns the money, exception waits for the operator, who resolves it', async () => {
    const failed = await pendingWithdrawal(300);
    await act(failed.orderNo, 'review');
    const f = await act(failed.orderNo, 'payout', { result: 'failed', reason: 'Account closed' });
    expect(f.body.data).toMatchObject({ status: 3, remark: 'Account closed' });
    expect((await balanceOf(failed.client)).balance).toBe(1000);

    const unclear = await pendingWithdrawal(300, { bank: 'gcash', name: 'Ana Reyes', account: '9180001111' });
    // Not before the review: Pending cannot be paid.
    expect((await act(unclear.orderNo, 'payout', { result: 'success' })).body.code).toBe(Code.TRANSITION_INVALID);
    await act(unclear.orderNo, 'review');
    expect((await act(unclear.orderNo, 'payout', { result: 'exception', reason: 'Timeout' })).body.data).toMatchObject({
      status: 5,
      remark: 'Timeout',
    });
    // The sandbox no longer settles it, even much later.
    await ops.post('/ops/clock', { advance: '1h' });
    expect((await detail(unclear.orderNo)).status).toBe(5);
    expect((await act(unclear.orderNo, 'payout', { result: 'exception' })).body.code).toBe(Code.TRANSITION_INVALID);
    expect((await act(unclear.orderNo, 'reject', { reason: 'x' })).body.code).toBe(Code.TRANSITION_INVALID);
    const resolved = await act(unclear.orderNo, 'payout', { result: 'success' });
    expect(resolved.body.data).toMatchObject({ status: 2, remark: '' });
    expect(pairs(resolved.body.data)).toEqual([
      [null, 0],
      [0, 1],
      [1, 6],
      [6, 5],
      [5, 2],
    ]);
    expect(await balanceOf(unclear.client)).toMatchObject({ balance: 700, allAmount: 700 });
  });

  it('the sandbox declines wallets ending in 0000 and leaves those ending in 9999 in Exception', async () => {
    const declined = await pendingWithdrawal(100, { bank: 'gcash', name: 'Ana Reyes', account: '9170000000' });
    const unclear = await pendingWithdrawal(100, { bank: 'gcash', name: 'Ben Cruz', account: '9179999999' });
    await act(declined.orderNo, 'review');
    await act(unclear.orderNo, 'review');
    await ops.post('/ops/clock', { advance: '2m' });
    expect(await detail(declined.orderNo)).toMatchObject({
      status: 3,
      remark: 'The wallet provider declined the payout',
    });
    expect((await balanceOf(declined.client)).balance).toBe(1000);
    expect(await detail(unclear.orderNo)).toMatchObject({ status: 5 });
    expect((await balanceOf(unclear.client)).allAmount).toBe(1000);
  });

  it('two operators acting on one order at once: exactly one of them moves it', async () => {
    const { client, orderNo } = await pendingWithdrawal(500);
    const answers = await Promise.all([
      act(orderNo, 'review'),
      act(orderNo, 'reject', { reason: 'fraud' }),
      act(orderNo, 'reject', { reason: 'fraud' }),
      act(orderNo, 'review'),
    ]);
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === Code.TRANSITION_INVALID)).toHaveLength(3);
    const account = await balanceOf(client);
    expect([500, 1000]).toContain(account.balance);
    expect(account.allAmount).toBe(1000);
  });

  it('a payout delay of 0 settles at review time', async () => {
    const settings = await ops.post<{ payoutDelaySeconds: number }>('/ops/withdraw-settings', {
      payoutDelaySeconds: 0,
    });
    expect(settings.body.data).toMatchObject({ payoutDelaySeconds: 0, autoApprove: false, feePercent: 0 });
    const { orderNo } = await pendingWithdrawal(100);
    expect((await act(orderNo, 'review')).body.data.status).toBe(2);
  });

  it('finds withdrawals by status, player and order number; refuses unknown and malformed order numbers', async () => {
    const a = await pendingWithdrawal(100);
    const b = await pendingWithdrawal(200, { bank: 'gcash', name: 'Ana Reyes', account: '9181234567' });
    await act(b.orderNo, 'reject', { reason: 'x' });
    const list = async (query: Record<string, string | number>) =>
      (await ops.get<Paged<OpsWithdrawal>>('/ops/withdrawals', query)).body.data;
    expect((await list({})).total).toBe(2);
    expect((await list({ status: 4 })).list.map((w) => w.orderNo)).toEqual([b.orderNo]);
    expect((await list({ uid: a.uid })).list.map((w) => w.orderNo)).toEqual([a.orderNo]);
    expect((await list({ orderNo: a.orderNo })).total).toBe(1);
    expect((await list({ uid: 11111111 })).total).toBe(0);

    expect((await act('W2026112099999999', 'review')).body.code).toBe(Code.ORDER_NOT_FOUND);
    expect((await ops.get('/ops/withdrawals/W2026112099999999')).body.code).toBe(Code.ORDER_NOT_FOUND);
    expect((await act('D2026112099999999', 'review')).body.code).toBe(Code.VALIDATION);
    expect((await act(a.orderNo, 'reject', {})).body.code).toBe(Code.VALIDATION);
    expect((await act(a.orderNo, 'payout', { result: 'paid' })).body.code).toBe(Code.VALIDATION);
  });
});

describe('deposits and channels', () => {
  it('lists deposits with filters and settles a pending one as the gateway would, once', async () => {
    const { client, info } = await registerPlayer(app);
    const build = async (amount: number) =>
      (await client.post<{ orderNo: string }>('/api/recharge/build', { channel: 'gcash', amount })).body.data.orderNo;
    const first = await build(500);
    const second = await build(700);

    const list = async (query: Record<string, string | number>) =>
      (await ops.get<Paged<OpsDeposit>>('/ops/deposits', query)).body.data;
    expect((await list({})).list.map((d) => d.orderNo)).toEqual([second, first]);
    expect((await list({ uid: info.uid, status: 0 })).total).toBe(2);
    expect((await list({ orderNo: first })).list).toEqual([
      expect.objectContaining({ orderNo: first, uid: info.uid, status: 0, amount: 500 }),
    ]);

    const settled = await ops.post<OpsDeposit>(`/ops/deposits/${first}/settle`, { status: 'SUCCESS' });
    expect(settled.body.data).toMatchObject({ status: 1, callbackCount: 1 });
    const replay = await ops.post<OpsDeposit>(`/ops/deposits/${first}/settle`, { status: 'FAILED' });
    expect(replay.body.data).toMatchObject({ status: 1, callbackCount: 2 });
    expect((await ops.post<OpsDeposit>(`/ops/deposits/${second}/settle`, { status: 'FAILED' })).body.data.status).toBe(
      2,
    );
    expect(await balanceOf(client)).toMatchObject({ balance: 500, deposit: 500 });
    expect((await list({ status: 1 })).total).toBe(1);

    expect((await ops.post('/ops/deposits/D2026112099999999/settle', { status: 'SUCCESS' })).body.code).toBe(
      Code.ORDER_NOT_FOUND,
    );
    expect((await ops.post(`/ops/deposits/${second}/settle`, { status: 'PAID' })).body.code).toBe(Code.VALIDATION);
  });

  it('switches a channel off and changes its limits', async () => {
    const { client } = await registerPlayer(app);
    const before = (await ops.get<{ code: string; enabled: boolean }[]>('/ops/channels')).body.data;
    expect(before.map((c) => [c.code, c.enabled])).toContainEqual(['maya', true]);
    const off = await ops.post<{ code: string; enabled: boolean; min: number; max: number }[]>('/ops/channels/maya', {
      enabled: false,
    });
    expect(off.body.data.find((c) => c.code === 'maya')).toMatchObject({ enabled: false });
    expect((await client.post('/api/recharge/build', { channel: 'maya', amount: 500 })).body.code).toBe(
      Code.CHANNEL_DISABLED,
    );
    // the list keeps the switched-off channel, so the back office can switch it on again
    expect((await ops.get<{ code: string; enabled: boolean }[]>('/ops/channels')).body.data).toContainEqual(
      expect.objectContaining({ code: 'maya', enabled: false }),
    );
    const limits = await ops.post<{ code: string; min: number; max: number }[]>('/ops/channels/gcash', {
      min: 600,
      max: 1000,
    });
    expect(limits.body.data.find((c) => c.code === 'gcash')).toMatchObject({ min: 600, max: 1000, enabled: true });
    expect((await client.post('/api/recharge/build', { channel: 'gcash', amount: 1500 })).body.code).toBe(
      Code.AMOUNT_OUT_OF_RANGE,
    );
    // min above the current max, max below the current min, both crossed, nothing given, unknown channel.
    for (const [code, body] of [
      ['gcash', { min: 2000 }],
      ['gcash', { max: 500 }],
      ['gcash', { min: 900, max: 800 }],
      ['gcash', {}],
      ['bank', { enabled: true }],
    ] as const) {
      expect((await ops.post(`/ops/channels/${code}`, body)).body.code, JSON.stringify(body)).toBe(Code.VALIDATION);
    }
    const methods = await client.get<{ code: string; min: number; max: number }[]>('/api/recharge/method');
    expect(methods.body.data.find((c) => c.code === 'gcash')).toMatchObject({ min: 600, max: 1000 });
  });
});

describe('balance adjustments and the journal', () => {
  it('credits and debits through the journal with the reason; never below zero', async () => {
    const { client, info } = await registerPlayer(app);
    const adjust = (amount: unknown, reason = 'Goodwill credit') =>
      ops.post<{ balance: number; journalId: number }>(`/ops/users/${info.uid}/adjust`, { amount, reason });

    const credited = await adjust(500.25);
    expect(credited.body.data).toMatchObject({ balance: 500.25, allAmount: 500.25, journalId: expect.any(Number) });
    const before = await journalCount();
    expect((await adjust(-600)).body.code).toBe(Code.INSUFFICIENT_BALANCE);
    expect(await journalCount()).toBe(before);
    expect((await adjust(-200.25, 'Chargeback')).body.data.balance).toBe(300);
    for (const bad of [0, 1.005, '100', null, 1e12]) {
      expect((await adjust(bad)).body.code, String(bad)).toBe(Code.VALIDATION);
    }
    expect((await adjust(10, '')).body.code).toBe(Code.VALIDATION);
    expect((await ops.post('/ops/users/12345678/adjust', { amount: 1, reason: 'x' })).body.code).toBe(
      Code.OPS_NOT_FOUND,
    );

    const journal = await ops.get<Paged<{ type: string; amount: number; remark: string; reference: string }>>(
      `/ops/users/${info.uid}/journal`,
      { type: 'adjust' },
    );
    expect(journal.body.data.list).toEqual([
      expect.objectContaining({ type: 'adjust', amount: -200.25, remark: 'Chargeback' }),
      expect.objectContaining({ type: 'adjust', amount: 500.25, remark: 'Goodwill credit' }),
    ]);
    expect(journal.body.data.list[0]?.reference).toMatch(/^ADJ20261120\d{8}$/);
    expect((await balanceOf(client)).balance).toBe(300);
    const playerJournal = await client.get<Paged<{ typeName: string }>>('/api/user/balanceJournal/fetch');
    expect(playerJournal.body.data.list[0]?.typeName).toBe('Adjustment');
    expect((await ops.get('/ops/users/12345678/journal')).body.code).toBe(Code.OPS_NOT_FOUND);
  });
});

describe('captcha answers and settings', () => {
  it('answers unknown and forged tokens with not found', async () => {
    expect((await ops.get('/ops/captcha/abc')).body.code).toBe(Code.OPS_NOT_FOUND);
    expect((await ops.get(`/ops/captcha/${'A'.repeat(55)}`)).body.code).toBe(Code.OPS_NOT_FOUND);
    expect((await ops.get('/ops/captcha/a.b')).body.code).toBe(Code.VALIDATION);
  });

  it('shows the VIP limits and lets the operator switch autoApprove, or hand it back to the environment', async () => {
    const settings = await ops.get<{ limits: { vipLevel: number; dailyAmount: number; dailyCount: number }[] }>(
      '/ops/withdraw-settings',
    );
    expect(settings.body.data.limits).toHaveLength(11);
    expect(settings.body.data.limits[0]).toEqual({
      vipLevel: 0,
      dailyAmount: 20000,
      dailyCount: 3,
      setByOperator: false,
    });
    expect((await ops.post('/ops/withdraw-settings', { autoApprove: true })).body.data).toMatchObject({
      autoApprove: true,
      autoApproveSource: 'operator',
    });
    expect((await ops.post('/ops/withdraw-settings', { autoApprove: null })).body.data).toMatchObject({
      autoApprove: false,
      autoApproveSource: 'environment',
    });
    expect((await ops.post('/ops/withdraw-settings', {})).body.code).toBe(Code.VALIDATION);
    const { client, uid } = await readyPlayer(app, { funds: 100 });
    await setVipLimits(app, uid, 3, 80_000, 5);
    expect((await withdraw(app, client, 100)).body.data.status).toBe(0);
  });
});

describe('VIP daily withdrawal limits', () => {
  type Limit = { vipLevel: number; dailyAmount: number; dailyCount: number; setByOperator: boolean };
  type AuditPage = { list: { route: string; target: string; before: unknown; after: unknown; status: number }[] };
  const limitsOf = async (client: TestClient) =>
    (await client.get<{ limits: Limit[] }>('/ops/withdraw-settings')).body.data.limits;

  it('an operator changes a level, withdrawals follow it, the audit keeps before and after, a restart keeps it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'limits-'));
    const { config, drop } = await restartableConfig(dir);
    try {
      let live = await testApp({ config });
      let operator = opsClient(live);
      const changed = await operator.post<{ limits: Limit[] }>('/ops/withdraw-limits/0', {
        dailyAmount: 500,
        dailyCount: 2,
      });
      expect(changed.status).toBe(200);
      expect(changed.body.data.limits[0]).toEqual({
        vipLevel: 0,
        dailyAmount: 500,
        dailyCount: 2,
        setByOperator: true,
      });
      expect(changed.body.data.limits[1]).toEqual({
        vipLevel: 1,
        dailyAmount: 30000,
        dailyCount: 3,
        setByOperator: false,
      });

      // A level-0 player is held to the new amount with the existing code, and sees it.
      const { client } = await readyPlayer(live, { funds: 1000 });
      const limits = await client.get<{ dailyAmount: number; dailyCount: number }>('/api/withdraw/limits');
      expect(limits.body.data).toMatchObject({ dailyAmount: 500, dailyCount: 2 });
      const refused = await withdraw(live, client, 600);
      expect(refused.body.code).toBe(Code.WITHDRAW_LIMIT);
      expect((await withdraw(live, client, 500)).body.data.status).toBe(0);

      // Only the amount: the count stays.
      await operator.post('/ops/withdraw-limits/0', { dailyAmount: 800 });
      expect((await limitsOf(operator))[0]).toMatchObject({ dailyAmount: 800, dailyCount: 2 });

      const trail = (await operator.get<AuditPage>('/ops/audit', { route: 'withdraw-limits' })).body.data.list;
      expect(trail).toHaveLength(2);
      expect(trail[1]).toMatchObject({
        route: '/ops/withdraw-limits/:vipLevel',
        target: 'vip-0',
        status: 200,
        before: { vipLevel: 0, dailyAmount: 20000, dailyCount: 3, setByOperator: false },
        after: { vipLevel: 0, dailyAmount: 500, dailyCount: 2, setByOperator: true },
      });
      expect(trail[0]).toMatchObject({ before: { dailyAmount: 500 }, after: { dailyAmount: 800 } });

      // The seed is written again at every start, but leaves the operator's level alone.
      await live.close();
      live = await testApp({ config });
      operator = opsClient(live);
      const after = await limitsOf(operator);
      expect(after[0]).toEqual({ vipLevel: 0, dailyAmount: 800, dailyCount: 2, setByOperator: true });
      expect(after[2]).toEqual({ vipLevel: 2, dailyAmount: 50000, dailyCount: 4, setByOperator: false });
      await live.close();
    } finally {
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Like every validation failure in this API, the envelope carries the code (10001) under HTTP 200.
  it('refuses bad input with the validation envelope and an unknown level with not found, changing nothing', async () => {
    const before = await limitsOf(ops);
    const bad: [string, unknown][] = [
      ['/ops/withdraw-limits/0', {}],
      ['/ops/withdraw-limits/0', { dailyAmount: 0 }],
      ['/ops/withdraw-limits/0', { dailyAmount: -100 }],
      ['/ops/withdraw-limits/0', { dailyAmount: 10.001 }],
      ['/ops/withdraw-limits/0', { dailyAmount: '500' }],
      ['/ops/withdraw-limits/0', { dailyAmount: 200_000_000 }],
      ['/ops/withdraw-limits/0', { dailyCount: 0 }],
      ['/ops/withdraw-limits/0', { dailyCount: 1.5 }],
      ['/ops/withdraw-limits/0', { dailyCount: 1001 }],
      ['/ops/withdraw-limits/0', { dailyAmount: 500, extra: true }],
      ['/ops/withdraw-limits/abc', { dailyAmount: 500 }],
      ['/ops/withdraw-limits/-1', { dailyAmount: 500 }],
      ['/ops/withdraw-limits/1.5', { dailyAmount: 500 }],
    ];
    for (const [url, body] of bad) {
      const answer = await ops.post(url, body);
      expect(answer.body, `${url} ${JSON.stringify(body)}`).toMatchObject({ success: false, code: Code.VALIDATION });
    }
    const missing = await ops.post('/ops/withdraw-limits/50', { dailyAmount: 500 });
    expect(missing.body).toMatchObject({ success: false, code: Code.OPS_NOT_FOUND });
    expect(await limitsOf(ops)).toEqual(before);
  });
});
