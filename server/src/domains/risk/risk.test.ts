import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import type { UserInfo } from '../../../../shared/contract/user';
import { freshIp, hashed, newPlayer, registerPlayer, signUpCode, TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { balanceOf, readyPlayer, TRADE_PASSWORD, withdraw } from '../../test/money';
import { operatorClient } from '../../test/operators';
import { assertLedgerWhole } from '../ledger/whole';

/**
 * Risk (issue 29 item 4): linked accounts, flags and notes. How a player would beat them, and that each try
 * fails: two accounts on two devices sharing an e-wallet number are still linked; a fraud-flagged player's
 * withdrawal moves nothing; a player, or a support operator, cannot read or set flags; two operators
 * flagging at once leave one flag.
 */

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

interface Risk {
  linked: { uid: number; username: string; flags: string[]; links: { kind: string; value: string }[] }[];
  flags: { flag: string; reason: string; setBy: string; clearedAt: string | null; clearedBy: string | null }[];
  notes: { text: string; operator: string; createdAt: string }[];
}

/** A player on a device of their own (its own address and device id), with a bound e-wallet. */
async function playerOn(device: string, wallet?: { bank: 'gcash' | 'maya'; name: string; account: string }) {
  const client = new TestClient(app, freshIp(), { deviceid: device });
  const player = newPlayer();
  const registered = await client.post<UserInfo>('/api/user/custom/register', {
    username: player.username,
    password: hashed(player.password),
    phone: player.phone,
    agree: true,
    smsCode: await signUpCode(app, player.phone, client),
  });
  if (!registered.body.success) throw new Error(JSON.stringify(registered.body));
  if (wallet) {
    expect(
      (await client.post('/api/user/modifyPasswordTrade', { newPassword: hashed(TRADE_PASSWORD) })).body.success,
    ).toBe(true);
    const bound = await client.post('/api/user/bankCard/create', { ...wallet, password: hashed(TRADE_PASSWORD) });
    expect(bound.body.success).toBe(true);
  }
  return { client, uid: registered.body.data.uid, username: player.username };
}

describe('linked accounts', () => {
  it('finds two accounts on two devices sharing an e-wallet number and payee name, and a shared device', async () => {
    const risk = await operatorClient(app, 'risk');
    const ana = await playerOn('device-a', { bank: 'gcash', name: 'Ana Reyes', account: '9171234567' });
    // Another device and address; the same number with the other wallet (GCash and Maya both use it).
    const alias = await playerOn('device-b', { bank: 'maya', name: 'ana  reyes', account: '9171234567' });
    const stranger = await playerOn('device-c', { bank: 'gcash', name: 'Ben Cruz', account: '9181112222' });
    // A third account signs in on Ana's phone.
    const sibling = await playerOn('device-a');

    const view = await risk.client.get<Risk>(`/ops/users/${ana.uid}/risk`);
    expect(view.body.success).toBe(true);
    const byUid = new Map(view.body.data.linked.map((l) => [l.uid, l]));
    expect(byUid.has(stranger.uid)).toBe(false);
    expect(byUid.has(ana.uid)).toBe(false);
    expect(byUid.get(alias.uid)?.links).toEqual(
      expect.arrayContaining([
        { kind: 'wallet', value: '9171234567' },
        { kind: 'payee', value: 'ana reyes' },
      ]),
    );
    expect(byUid.get(alias.uid)?.links.some((l) => l.kind === 'device')).toBe(false);
    expect(byUid.get(sibling.uid)?.links).toEqual([{ kind: 'device', value: 'device-a' }]);
    // Most shared facts first.
    expect(view.body.data.linked[0]?.uid).toBe(alias.uid);
    // Seen from the other side too.
    const back = await risk.client.get<Risk>(`/ops/users/${alias.uid}/risk`);
    expect(back.body.data.linked.map((l) => l.uid)).toContain(ana.uid);
  });

  it('refuses a player, a support operator (no permission) and an unknown player', async () => {
    const { client, info } = await registerPlayer(app);
    for (const [method, url, body] of [
      ['GET', `/ops/users/${info.uid}/risk`, undefined],
      ['POST', `/ops/users/${info.uid}/flags`, { flag: 'fraud', reason: 'me' }],
      ['POST', `/ops/users/${info.uid}/notes`, { text: 'hi' }],
    ] as const) {
      const answer = await client.request({ method, url, ...(body ? { payload: body } : {}) });
      expect(answer.body.success, url).toBe(false);
      expect(answer.status, url).toBe(401);
    }
    const support = await operatorClient(app, 'support');
    expect((await support.client.get(`/ops/users/${info.uid}/risk`)).body.code).toBe(Code.OPS_FORBIDDEN);
    const flag = await support.client.post(`/ops/users/${info.uid}/flags`, { flag: 'watch', reason: 'curious' });
    expect(flag.body.code).toBe(Code.OPS_FORBIDDEN);
    expect((await support.client.post(`/ops/users/${info.uid}/notes`, { text: 'x' })).body.code).toBe(
      Code.OPS_FORBIDDEN,
    );
    const risk = await operatorClient(app, 'risk');
    expect((await risk.client.get('/ops/users/99999999/risk')).body.code).toBe(Code.OPS_NOT_FOUND);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM player_flags`).toBe(0);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM player_notes`).toBe(0);
  });
});

describe('flags and notes', () => {
  it('a flag needs a reason; set, shown in the player list, cleared with who and why; all audited', async () => {
    const { info, player } = await registerPlayer(app);
    const risk = await operatorClient(app, 'risk');
    const noReason = await risk.client.post(`/ops/users/${info.uid}/flags`, { flag: 'bonus_abuse', reason: ' ' });
    expect(noReason.body.code).toBe(Code.OPS_REASON_REQUIRED);

    const set = await risk.client.post<Risk>(`/ops/users/${info.uid}/flags`, {
      flag: 'bonus_abuse',
      reason: 'Five accounts on one wallet',
    });
    expect(set.body.data.flags).toEqual([
      expect.objectContaining({ flag: 'bonus_abuse', setBy: risk.name, clearedAt: null }),
    ]);
    const again = await risk.client.post(`/ops/users/${info.uid}/flags`, { flag: 'bonus_abuse', reason: 'again' });
    expect(again.body.code).toBe(Code.RISK_FLAG_SET_ALREADY);
    const list = await risk.client.get<{ uid: number; flags: string[] }[]>(`/ops/users?q=${player.username}`);
    expect(list.body.data.find((u) => u.uid === info.uid)?.flags).toEqual(['bonus_abuse']);

    const note = await risk.client.post<Risk>(`/ops/users/${info.uid}/notes`, { text: 'Asked for ID by chat.' });
    expect(note.body.data.notes).toEqual([
      expect.objectContaining({ text: 'Asked for ID by chat.', operator: risk.name }),
    ]);

    const clear = await risk.client.post<Risk>(`/ops/users/${info.uid}/flags/bonus_abuse/clear`, {
      reason: 'ID checked',
    });
    expect(clear.body.data.flags[0]).toMatchObject({ clearedBy: risk.name });
    expect((await risk.client.post(`/ops/users/${info.uid}/flags/bonus_abuse/clear`, { reason: 'x' })).body.code).toBe(
      Code.RISK_FLAG_NOT_SET,
    );
    expect((await risk.client.get<{ flags: string[] }>(`/ops/users/${info.uid}`)).body.data.flags).toEqual([]);

    const audit = await inDb(app.db).all<{ route: string; operator: string; target: string; code: number }>`
      SELECT route, operator, target, code FROM ops_audit WHERE route LIKE '/ops/users/:uid/%' ORDER BY id`;
    expect(audit.filter((a) => a.code === 0).map((a) => a.route)).toEqual([
      '/ops/users/:uid/flags',
      '/ops/users/:uid/notes',
      '/ops/users/:uid/flags/:flag/clear',
    ]);
    expect(audit.every((a) => a.operator === risk.name && a.target === String(info.uid))).toBe(true);
  });

  it('two operators setting the same flag at once leave one flag in force', async () => {
    const { info } = await registerPlayer(app);
    const one = await operatorClient(app, 'risk');
    const two = await operatorClient(app, 'admin');
    const answers = await Promise.all(
      [one, two, one, two].map((o) =>
        o.client.post(`/ops/users/${info.uid}/flags`, { flag: 'multi_account', reason: 'same device' }),
      ),
    );
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === Code.RISK_FLAG_SET_ALREADY)).toHaveLength(3);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM player_flags WHERE cleared_at IS NULL`).toBe(1);
  });

  it('fraud holds withdrawals with a clear code and moves nothing, until it is cleared', async () => {
    const me = await readyPlayer(app, { funds: 1000 });
    const risk = await operatorClient(app, 'risk');
    await risk.client.post(`/ops/users/${me.uid}/flags`, { flag: 'watch', reason: 'new' });
    // watch holds nothing
    expect((await withdraw(app, me.client, 100)).body.success).toBe(true);
    await risk.client.post(`/ops/users/${me.uid}/flags`, { flag: 'fraud', reason: 'Chargeback on the deposit' });
    const held = await withdraw(app, me.client, 100);
    expect(held.body).toMatchObject({ success: false, code: Code.WITHDRAW_BLOCKED_FLAG });
    expect(held.body.msg).toMatch(/on hold/);
    const vi = new TestClient(app, me.client.ip, { language: 'vi-VN' });
    vi.cookie = me.client.cookie;
    expect((await withdraw(app, vi, 100)).body.msg).toContain('tạm ngừng rút tiền');
    expect((await balanceOf(me.client)).balance).toBe(900);

    await risk.client.post(`/ops/users/${me.uid}/flags/fraud/clear`, { reason: 'Chargeback withdrawn' });
    expect((await withdraw(app, me.client, 100)).body.success).toBe(true);
    expect((await balanceOf(me.client)).balance).toBe(800);
    await assertLedgerWhole(app.db);
  });
});
