import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { hashed, newPlayer, opsClient, signUpCode, TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { balanceOf, readyPlayer, withdraw } from '../../test/money';
import { bet, gameSession } from '../../test/play';
import { setVip } from '../../test/rewards';
import { assertLedgerWhole } from '../ledger/whole';
import { readRewardWagering } from './wagering-policy';

/**
 * Cash a player can farm (issue 29 "Risk"; docs/rewards.md "Wagering on farmable cash"): a code's cash and
 * VIP daily and monthly cash open a wagering requirement, so a player who collects them and withdraws at
 * once gets nothing of them out; the player's own money stays withdrawable beside them.
 */

type Requirement = { source: string; reference: string; bonus: number; turnoverRequired: number; state: string };
type Wagering = { locked: number; withdrawalAmount: number; list: Requirement[] };

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const wagering = async (client: TestClient) => (await client.get<Wagering>('/api/withdraw/wagering')).body.data;
const redeem = (client: TestClient, code: string) => client.post('/api/redemption/code/use', { code });
const policy = readRewardWagering();

describe('wagering on farmable cash', () => {
  it("locks a seeded code's cash (the file's default multiple) until it is bet, the own money stays free", async () => {
    expect(policy.codes).toBeGreaterThan(0);
    const { client } = await readyPlayer(app, { funds: 100 });
    expect((await redeem(client, 'WELCOME2026')).body).toMatchObject({
      success: true,
      data: { turnoverMultiple: policy.codes },
    });
    expect(await balanceOf(client)).toMatchObject({ balance: 120, withdrawalAmount: 100 });
    expect((await wagering(client)).list).toEqual([
      expect.objectContaining({
        source: 'code',
        reference: 'code:WELCOME2026',
        bonus: 20,
        turnoverRequired: 20 * policy.codes,
        state: 'open',
      }),
    ]);
    // the farmer's move: collect and cash out at once
    const refused = await withdraw(app, client, 120);
    expect(refused.body).toMatchObject({ success: false, code: Code.BONUS_LOCKED });
    expect(await balanceOf(client)).toMatchObject({ balance: 120, allAmount: 120 });

    // bet the turnover (lost rounds of 10.00 from the own money and the code's cash): the lock lifts
    const session = await gameSession(app, client);
    for (let i = 0; i < (20 * policy.codes) / 10; i++) await bet(app, session, 10);
    expect(await wagering(client)).toMatchObject({ locked: 0, list: [] });
    const vo = await balanceOf(client);
    expect(vo.withdrawalAmount).toBe(vo.balance);
    await assertLedgerWhole(app.db);
  });

  it('keeps the multiple an operator gives a code (0: none), and lists it', async () => {
    const ops = opsClient(app);
    const make = (code: string, extra: object) =>
      ops.post<{ turnoverMultiple: number }>('/ops/codes', {
        code,
        rewards: [{ type: 'cash', amount: 10 }],
        totalUses: 5,
        ...extra,
      });
    expect((await make('FREE-CASH', { turnoverMultiple: 0 })).body.data.turnoverMultiple).toBe(0);
    expect((await make('TWICE', { turnoverMultiple: 2 })).body.data.turnoverMultiple).toBe(2);
    expect((await make('PLAIN', {})).body.data.turnoverMultiple).toBe(policy.codes);
    const tooMuch = await make('GREEDY', { turnoverMultiple: 101 });
    expect(tooMuch.body).toMatchObject({ success: false, code: Code.VALIDATION });
    const listed = await ops.get<{ list: { code: string; turnoverMultiple: number }[] }>('/ops/codes');
    expect(listed.body.data.list.find((c) => c.code === 'GREEDY')).toBeUndefined();

    const { client } = await readyPlayer(app);
    await redeem(client, 'FREE-CASH');
    await redeem(client, 'TWICE');
    expect((await wagering(client)).list).toEqual([
      expect.objectContaining({ reference: 'code:TWICE', bonus: 10, turnoverRequired: 20 }),
    ]);
    expect(await balanceOf(client)).toMatchObject({ balance: 20, withdrawalAmount: 10 });
  });

  it('locks VIP daily and monthly cash by their multiples', async () => {
    const { client, uid } = await readyPlayer(app);
    await setVip(app, uid, 3);
    const daily = await client.post<{ rewards: { amount: number }[] }>('/api/vip/card/daily/rewards/claim');
    const monthly = await client.post<{ rewards: { amount: number }[] }>('/api/vip/card/monthly/rewards/claim');
    const [d, m] = [daily.body.data.rewards[0]?.amount ?? 0, monthly.body.data.rewards[0]?.amount ?? 0];
    expect(d).toBeGreaterThan(0);
    expect(m).toBeGreaterThan(0);
    expect((await wagering(client)).list).toEqual([
      expect.objectContaining({ source: 'vip', bonus: d, turnoverRequired: d * policy.vipDaily }),
      expect.objectContaining({ source: 'vip', bonus: m, turnoverRequired: m * policy.vipMonthly }),
    ]);
    expect(await balanceOf(client)).toMatchObject({ balance: d + m, withdrawalAmount: 0 });
    expect((await withdraw(app, client, d + m)).body).toMatchObject({ success: false, code: Code.BONUS_LOCKED });
  });

  it('gives a guest no cash to collect: codes and VIP cash refused, the code not used up; a registered one may', async () => {
    const client = new TestClient(app);
    const login = await client.post<{ uid: number }>('/api/user/guest/login');
    expect(login.body.success).toBe(true);
    const refused = await redeem(client, 'WELCOME2026');
    expect(refused.body).toMatchObject({
      success: false,
      code: Code.GUEST_NOT_ALLOWED,
      msg: 'Please register an account to use this feature',
    });
    const daily = await client.post('/api/vip/card/daily/rewards/claim');
    expect(daily.body).toMatchObject({ success: false, code: Code.GUEST_NOT_ALLOWED });
    expect(await balanceOf(client)).toMatchObject({ balance: 0, point: 0 });
    expect(await inDb(app.db).value`SELECT used FROM redemption_codes WHERE code = 'WELCOME2026'`).toBe(0);

    // signed up (a phone and a password): the same account may redeem, and the cash is wagered like anyone's
    const player = newPlayer();
    const signUp = await client.post('/api/user/guest/register', {
      username: player.username,
      password: hashed(player.password),
      phone: player.phone,
      agree: true,
      smsCode: await signUpCode(app, player.phone, client),
    });
    expect(signUp.body.success).toBe(true);
    expect((await redeem(client, 'WELCOME2026')).body).toMatchObject({ success: true });
    expect(await balanceOf(client)).toMatchObject({ balance: 20, withdrawalAmount: 0 });
    await assertLedgerWhole(app.db);
  });
});
