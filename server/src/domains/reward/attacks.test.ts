import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { hashed, newPlayer, opsClient, registerPlayer, signUpCode, TestClient, testApp } from '../../test/helpers';
import { balanceOf, readyPlayer, WALLET, withdraw } from '../../test/money';
import { bet, deposit, gameSession, rollback } from '../../test/play';
import { givePoints, setVip } from '../../test/rewards';
import * as world from '../../test/world';

/**
 * How a bonus hunter would try to beat the reward rules (farmable cash wagered, guests collect no cash, the
 * ranking counting a referral only once it wagered its first deposit, deposit rebates only on deposits that
 * were bet), each asserting what the house does. Written as an adversarial review; the holes it found (a
 * qualification bought with a bet rolled back, the self-referral deposit cycle, the mall's cash) are closed.
 */

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

type Wagering = { locked: number; withdrawalAmount: number; list: { source: string; bonus: number }[] };
const wagering = async (client: TestClient) => (await client.get<Wagering>('/api/withdraw/wagering')).body.data;
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));
type Rankings = { me: { rank: number | null; invites: number } };
const rankings = async (client: TestClient) => (await client.get<Rankings>('/api/invite/rankings/fetch')).body.data;

/** A referral of `inviteCode`, ready to withdraw (transaction password, its own wallet, identity verified). */
async function readyReferral(inviteCode: string) {
  const { client, info } = await registerPlayer(app, { inviteCode });
  const p = { uid: info.uid, cookie: client.cookie, ip: client.ip };
  await world.makeWithdrawReady(world.injectCaller(app), p, {
    ...WALLET,
    account: `917${String(1_000_000 + info.uid).slice(-7)}`,
  });
  client.cookie = p.cookie;
  return { client, uid: info.uid };
}

describe('the invite ranking', () => {
  it('a referral does not qualify with a bet that is then rolled back (no risk taken)', async () => {
    const inviter = await registerPlayer(app);
    const { client: friend } = await registerPlayer(app, { inviteCode: inviter.info.invitationCode });
    await deposit(app, friend, 500);
    const session = await gameSession(app, friend);
    // a 500.00 bet left open (as a mines or tower round left untouched for 10 minutes), then voided
    const tx = await bet(app, session, 500, false);
    await settled();
    await rollback(app, tx);
    await settled();
    expect((await balanceOf(friend)).balance).toBe(500);
    // house: the referral wagered nothing, so it does not count
    expect((await rankings(inviter.client)).me).toEqual({ rank: null, invites: 0 });
  });

  it('a referral that only deposited does not count', async () => {
    const inviter = await registerPlayer(app);
    const { client: friend } = await registerPlayer(app, { inviteCode: inviter.info.invitationCode });
    await deposit(app, friend, 500);
    await settled();
    expect((await rankings(inviter.client)).me).toEqual({ rank: null, invites: 0 });
  });
});

describe('cash that can be collected without risking money', () => {
  it('a referral deposit withdrawn unplayed earns the inviter no rebate (the self-referral deposit cycle)', async () => {
    const inviter = await readyPlayer(app);
    const friend = await readyReferral(inviter.info.invitationCode);
    await deposit(app, friend.client, 10_000);
    // the friend takes its money straight back out (no deposit turnover by default)
    expect((await withdraw(app, friend.client, 10_000)).body.success).toBe(true);
    const claimed = await inviter.client.post<{ rewards: { amount: number }[] }>(
      '/api/friend/card/deposit/rewards/claim',
    );
    // house: the rebate waits until the referral has bet its deposits; this one never will
    expect(claimed.body).toMatchObject({ success: false, code: Code.NOTHING_TO_CLAIM });
    expect((await balanceOf(inviter.client)).balance).toBe(0);
  });

  it('a deposit withdrawn unplayed earns no VIP deposit rebate either; once bet, it does', async () => {
    const { client, uid } = await readyPlayer(app);
    await setVip(app, uid, 3); // a 0.4% deposit rebate
    await deposit(app, client, 20_000);
    expect((await withdraw(app, client, 20_000)).body.success).toBe(true);
    const claim = () => client.post<{ rewards: { amount: number }[] }>('/api/vip/card/deposit/rewards/claim');
    expect((await claim()).body).toMatchObject({ success: false, code: Code.NOTHING_TO_CLAIM });
    // a deposit that is played earns it
    await deposit(app, client, 1000);
    await bet(app, await gameSession(app, client), 1000);
    await settled();
    const paid = await claim();
    expect(paid.body, JSON.stringify(paid.body)).toMatchObject({ success: true });
    expect(paid.body.data.rewards).toEqual([{ type: 'cash', amount: 4 }]);
  });

  it("the mall's ₱10 cash bought with points (farmable without a deposit) is wagered before it can leave", async () => {
    const { client, uid } = await readyPlayer(app);
    await givePoints(app, uid, 500); // daily logins, set_trade_password, invite_friend, WELCOME2026's 50, poker duplicates
    const order = await client.post('/api/mallExchange/order', { itemId: 1, quantity: 1 });
    expect(order.body.success).toBe(true);
    expect(await balanceOf(client)).toMatchObject({ balance: 10 });
    // house: farmable cash is wagered like a code's cash
    expect((await wagering(client)).list).toEqual([expect.objectContaining({ source: 'mall', bonus: 10 })]);
    expect((await balanceOf(client)).withdrawalAmount).toBe(0);
  });
});

describe('guests', () => {
  it('a guest is refused every cash claim and nothing is spent: sign-in day 1, a cash letter, mall cash, VIP cash', async () => {
    const guest = new TestClient(app);
    const login = await guest.post<{ uid: number }>('/api/user/guest/login');
    expect(login.body.success).toBe(true);
    const uid = login.body.data.uid;

    const signIn = await guest.post('/api/bonus/signIn/claim', { day: 1 });
    expect(signIn.body).toMatchObject({ success: false, code: Code.GUEST_NOT_ALLOWED });

    const sent = await opsClient(app).post('/ops/letters', {
      uid,
      titleEn: 'A gift',
      contentEn: 'For you',
      rewards: [{ type: 'cash', amount: 50 }],
    });
    expect(sent.body.success).toBe(true);
    const letters = await guest.get<{ list: { id: number }[] }>('/api/letter');
    const letterId = letters.body.data.list[0]?.id;
    expect(letterId).toBeDefined();
    const claim = await guest.post('/api/letter/claim', { id: letterId });
    expect(claim.body).toMatchObject({ success: false, code: Code.GUEST_NOT_ALLOWED });

    await givePoints(app, uid, 500);
    const mall = await guest.post('/api/mallExchange/order', { itemId: 1, quantity: 1 });
    expect(mall.body).toMatchObject({ success: false, code: Code.GUEST_NOT_ALLOWED });
    expect(await balanceOf(guest)).toMatchObject({ balance: 0, point: 500 });

    const vip = await guest.post('/api/vip/card/daily/rewards/claim');
    expect(vip.body).toMatchObject({ success: false, code: Code.GUEST_NOT_ALLOWED });
    // the free poker draw gives a card (no cash): allowed for a guest
    await guest.post('/api/poker/draw');
    expect((await balanceOf(guest)).balance).toBe(0);

    // signed up, the points collected as a guest buy withdrawable cash (the mall's cash is wagered, see above)
    const player = newPlayer();
    const signUp = await guest.post('/api/user/guest/register', {
      username: player.username,
      password: hashed(player.password),
      phone: player.phone,
      agree: true,
      smsCode: await signUpCode(app, player.phone, guest),
    });
    expect(signUp.body.success).toBe(true);
    expect((await guest.post('/api/mallExchange/order', { itemId: 1, quantity: 1 })).body.success).toBe(true);
  });

  it('two tabs claiming VIP daily cash and a code at once: one grant each, all wagered', async () => {
    const { client } = await readyPlayer(app);
    const answers = await Promise.all([
      client.post('/api/vip/card/daily/rewards/claim'),
      client.post('/api/vip/card/daily/rewards/claim'),
      client.post('/api/redemption/code/use', { code: 'WELCOME2026' }),
      client.post('/api/redemption/code/use', { code: 'welcome2026' }),
    ]);
    expect(answers.filter((a) => a.body.success)).toHaveLength(2);
    const vo = await balanceOf(client);
    expect(vo.balance).toBe(21);
    expect(vo.withdrawalAmount).toBe(0);
  });
});
