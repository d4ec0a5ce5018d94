import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { opsClient, registerPlayer, TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { readCatalogSeed } from '../game/catalog.seed';
import { SCENARIO_UIDS } from '../user/service';
import { scenarios } from './scenarios';
import { MISSING_CARD } from './scenarios/poker-53-of-54';
import { accountOf, ledgerIsWhole, logIn, userByName } from './test-kit';

type Loaded = {
  name: string;
  version: number;
  description: string;
  personas: { username: string; password: string; uid: number | null; role: string }[];
  tookMs: number;
  clock: string;
};

let app: FastifyInstance;
let ops: TestClient;
beforeAll(async () => {
  app = await testApp();
  ops = opsClient(app);
});
afterAll(() => app.close());

async function load(name: string) {
  const answer = await ops.post<Loaded>(`/ops/scenarios/${name}`);
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  await ledgerIsWhole(app);
  return answer.body.data;
}
type VipCardView = {
  level: number;
  daily: { amount: number; claimable: boolean };
  depositRebate: { claimable: number };
};

const usernames = async () => await inDb(app.db).column<string>`SELECT username FROM users ORDER BY id`;
const count = async (strings: TemplateStringsArray, ...values: unknown[]) =>
  Number(await inDb(app.db).value(strings, ...values));

describe('the scenario list', () => {
  it('lists every scenario with its version, personas and what to try', async () => {
    const answer = await ops.get<Loaded[]>('/ops/scenarios');
    expect(answer.body.data.map((s) => s.name)).toEqual([
      'fresh',
      'new-player',
      'first-deposit-pending',
      'vip3-rich',
      'pending-withdrawal',
      'kyc-expired',
      'referral-network',
      'suspended',
      'poker-53-of-54',
      'inbox-full',
    ]);
    for (const s of scenarios) {
      expect(s.version).toBeGreaterThanOrEqual(1);
      expect(s.tryThis.length, s.name).toBeGreaterThan(0);
    }
  });

  it('refuses an unknown scenario with 30004 and changes nothing', async () => {
    await registerPlayer(app);
    const before = await usernames();
    const answer = await ops.post('/ops/scenarios/no-such-world');
    expect(answer.body).toMatchObject({ success: false, code: Code.SCENARIO_UNKNOWN });
    expect(await usernames()).toEqual(before);
  });
});

describe('each scenario keeps its promise', () => {
  it('fresh: no player at all, reference data intact, sessions of the old world end', async () => {
    const { client } = await registerPlayer(app);
    await load('fresh');
    expect(await usernames()).toEqual([]);
    expect(await count`SELECT COUNT(*) FROM games WHERE enabled = 1`).toBe(readCatalogSeed().games.length);
    expect(await count`SELECT COUNT(*) FROM payment_channels`).toBe(2);
    expect((await client.get('/api/user/info')).body.code).toBe(Code.SESSION_INVALID);
  });

  it('new-player: maria001 logs in with the documented password, no deposit, a welcome coupon', async () => {
    const loaded = await load('new-player');
    expect(loaded.personas).toEqual([expect.objectContaining({ username: 'maria001', uid: expect.any(Number) })]);
    const { client, answer } = await logIn(app, 'maria001', loaded.personas[0]?.password);
    expect(answer.success).toBe(true);
    expect((await accountOf(app, 'maria001')).deposit_count).toBe(0);
    const coupons = await client.get<{ status: string }[]>('/api/coupon/fetch');
    expect(coupons.body.data.length).toBeGreaterThan(0);
  });

  it('first-deposit-pending: one Pending order of 1,000 that times out after 30 minutes', async () => {
    await load('first-deposit-pending');
    const pedro = await userByName(app, 'pedro001');
    const orders = await inDb(app.db).all`SELECT status, amount FROM deposits WHERE user_id = ${pedro.id}`;
    expect(orders).toEqual([{ status: 0, amount: 100_000 }]);
    await ops.post('/ops/clock', { advance: '31m' });
    expect(await inDb(app.db).value`SELECT status FROM deposits WHERE user_id = ${pedro.id}`).toBe(3);
  });

  it('vip3-rich: VIP 3 reached through the VIP rules, four rewards to claim, 300 rounds, verified', async () => {
    const loaded = await load('vip3-rich');
    expect(loaded.version).toBeGreaterThanOrEqual(2);
    const rico = await userByName(app, 'rico0003');
    expect(rico.vip_level).toBe(3);
    const account = await accountOf(app, 'rico0003');
    expect(account.deposit_count).toBe(3);
    expect(account.deposit_total).toBe(6_000_000);
    expect(account.turnover_done).toBe(15_000_000);
    expect(account.balance).toBe(6_000_000 - 300 * 50_000 + 300 * 45_000);
    expect(await count`SELECT COUNT(*) FROM game_rounds WHERE user_id = ${rico.id}`).toBe(300);
    expect((await app.services.kyc.risk(rico.id)).kycStatus).toBe('verified');

    const { client } = await logIn(app, 'rico0003');
    const card = (await client.get<VipCardView>('/api/vip/card/fetch')).body.data;
    expect(card).toMatchObject({
      level: 3,
      nextLevel: 4,
      depositProgress: { current: 60_000, next: 50_000 },
      turnoverProgress: { current: 150_000, next: 250_000 },
      daily: { amount: 10, claimable: true },
      monthly: { amount: 500, claimable: true },
      depositRebate: { claimable: 240 },
      turnoverRebate: { claimable: 600 },
    });
    expect((await client.get<{ vipTabRewardsNum: number }>('/api/badge/data')).body.data.vipTabRewardsNum).toBe(4);
    expect((await client.post('/api/vip/card/daily/rewards/claim')).body.success).toBe(true);
    expect((await client.post('/api/vip/card/daily/rewards/claim')).body.code).toBe(Code.SIGN_IN_NOT_ARRIVED);
    expect((await client.post('/api/redemption/code/use', { code: 'VIPGOLD888' })).body.success).toBe(true);
    expect((await accountOf(app, 'rico0003')).balance).toBe(account.balance + 1_000 + 18_800);
    await ledgerIsWhole(app);
  });

  it('pending-withdrawal: three Pending withdrawals whose payouts succeed, fail and end in Exception', async () => {
    await load('pending-withdrawal');
    const list = await ops.get<{ list: { orderNo: string; username: string; status: number }[] }>('/ops/withdrawals', {
      status: 0,
    });
    expect(list.body.data.list.map((w) => w.username).sort()).toEqual(['ana00001', 'ana00002', 'ana00003']);
    for (const w of list.body.data.list) {
      expect((await accountOf(app, w.username)).frozen).toBe(150_000);
      await ops.post(`/ops/withdrawals/${w.orderNo}/review`);
    }
    await ops.post('/ops/clock', { advance: '2m' });
    const status = async (username: string) => {
      const userId = (await userByName(app, username)).id;
      return inDb(app.db).value`SELECT status FROM withdrawals WHERE user_id = ${userId}`;
    };
    expect([await status('ana00001'), await status('ana00002'), await status('ana00003')]).toEqual([2, 3, 5]);
    await ledgerIsWhole(app);
  });

  it('kyc-expired: jose0001 is restricted, jose0002 is pending with a day left', async () => {
    await load('kyc-expired');
    const jose1 = await userByName(app, 'jose0001');
    const jose2 = await userByName(app, 'jose0002');
    expect(await app.services.kyc.risk(jose1.id)).toEqual({ kycStatus: 'unverified', restricted: true });
    expect(await app.services.kyc.risk(jose2.id)).toEqual({ kycStatus: 'pending', restricted: false });
    expect(Date.parse(app.clock.iso()) - Date.parse(jose1.created_at)).toBe(8 * 86_400_000);
    await ops.post('/ops/clock', { advance: '1d1m' });
    expect((await app.services.kyc.risk(jose2.id)).restricted).toBe(true);
  });

  it('referral-network: two levels of referrals, real rebates, invite-ranking standings and a prize, poker chances', async () => {
    await load('referral-network');
    const superior = async (username: string) => {
      const id = (await userByName(app, username)).superior_id;
      return id === null ? null : ((await app.services.users.byId(id))?.username ?? null);
    };
    expect(await Promise.all(['ref00001', 'ref00002', 'ref00003'].map(superior))).toEqual([
      'boss0001',
      'boss0001',
      'boss0001',
    ]);
    expect(await superior('sub00001')).toBe('ref00001');
    expect(await superior('boss0001')).toBeNull();
    const depositTotal = async (u: string) => (await accountOf(app, u)).deposit_total;
    expect(await Promise.all(['ref00001', 'ref00002', 'ref00003', 'sub00001'].map(depositTotal))).toEqual([
      100_000, 250_000, 0, 50_000,
    ]);

    const boss = (await logIn(app, 'boss0001')).client;
    expect((await boss.get('/api/friend/card/fetch')).body.data).toMatchObject({
      referrals: 3,
      depositingReferrals: 2,
      energy: 2,
      depositRebate: { rate: 1, claimable: 35 },
      turnoverRebate: { rate: 0.2, claimable: 7 },
    });
    const records = await boss.get<{ list: { kind: string; friendName: string; baseAmount: number }[] }>(
      '/api/friend/card/rewards/record',
    );
    expect(records.body.data.list.map((r) => [r.kind, r.friendName, r.baseAmount]).sort()).toEqual(
      [
        ['deposit', 're***01', 1000],
        ['deposit', 're***02', 2500],
        ['turnover', 're***01', 1000],
        ['turnover', 're***02', 2500],
      ].sort(),
    );

    type Rankings = {
      list: { rank: number; username: string; invites: number }[];
      me: { rank: number | null; invites: number };
      claimable: { periodId: string; rank: number; rewards: { type: string; amount: number }[] } | null;
    };
    const ranking = (await boss.get<Rankings>('/api/invite/rankings/fetch')).body.data;
    expect(ranking.list).toEqual([
      { rank: 1, username: 'bo***01', invites: 1 },
      { rank: 2, username: 're***01', invites: 1 },
    ]);
    expect(ranking.me).toEqual({ rank: 1, invites: 1 });
    // TEST_NOW is Friday 2026-11-20: a week earlier is the period that began on Monday 2026-11-09.
    expect(ranking.claimable).toMatchObject({
      periodId: '2026-11-09',
      rank: 1,
      rewards: [{ type: 'cash', amount: 1000 }],
    });
    const before = (await accountOf(app, 'boss0001')).balance;
    expect((await boss.post('/api/invite/rankings/claim', { periodId: '2026-11-09' })).body.success).toBe(true);
    expect((await boss.post('/api/invite/rankings/claim', { periodId: '2026-11-09' })).body.code).toBe(
      Code.REWARD_ALREADY_CLAIMED,
    );
    expect((await accountOf(app, 'boss0001')).balance).toBe(before + 100_000);

    const chances = async (username: string) =>
      (await (await logIn(app, username)).client.get<{ chances: number }>('/api/poker/fetch')).body.data.chances;
    expect(await chances('boss0001')).toBe(3);
    expect(await chances('ref00001')).toBe(2);
    expect(await chances('ref00003')).toBe(1);
    await ledgerIsWhole(app);
  });

  it('suspended: banned01 cannot log in, good0001 can', async () => {
    await load('suspended');
    expect((await logIn(app, 'banned01')).answer.code).toBe(Code.ACCOUNT_SUSPENDED);
    expect((await logIn(app, 'good0001')).answer.success).toBe(true);
    expect((await accountOf(app, 'banned01')).balance).toBe(300_000);
  });

  it('poker-53-of-54: 53 cards without the black joker, one chance; the poker.card fault completes the set', async () => {
    const loaded = await load('poker-53-of-54');
    expect(loaded.description).toContain(MISSING_CARD);
    const { client } = await logIn(app, 'luz00053');
    type Fetch = { cards: { code: string; owned: number }[]; collected: number; chances: number };
    const before = (await client.get<Fetch>('/api/poker/fetch')).body.data;
    expect(before.collected).toBe(53);
    expect(before.chances).toBe(1);
    expect(before.cards.filter((c) => c.owned === 0).map((c) => c.code)).toEqual([MISSING_CARD]);
    expect(before.cards.filter((c) => c.owned === 2).map((c) => c.code)).toHaveLength(4);
    expect(
      (await client.get<{ inviteFriendToEarnNum: number }>('/api/badge/data')).body.data.inviteFriendToEarnNum,
    ).toBe(1);

    const uid = loaded.personas[0]?.uid;
    expect((await ops.post('/ops/faults', { kind: 'poker.card', card: MISSING_CARD, uid })).body.success).toBe(true);
    const drawn = await client.post<{ completed: boolean; rewards: { type: string; amount: number }[] }>(
      '/api/poker/draw',
    );
    expect(drawn.body.data.completed).toBe(true);
    expect(drawn.body.data.rewards).toContainEqual({ type: 'cash', amount: 250_000, info: 'Poker grand prize' });
    expect((await accountOf(app, 'luz00053')).balance).toBe(25_000_000);
    expect((await client.post('/api/poker/draw')).body.code).toBe(Code.POKER_NO_CHANCE);
    await ledgerIsWhole(app);
  });

  it('inbox-full: 28 letters of the three types over two pages, read and unread, rewards claimed and waiting', async () => {
    await load('inbox-full');
    const { client } = await logIn(app, 'luz00028');
    type Letter = {
      id: number;
      type: string;
      title: string;
      read: boolean;
      claimed: boolean;
      rewards: { type: string }[];
    };
    type Page = { list: Letter[]; total: number };
    const types = await client.get<{ type: string; unread: number }[]>('/api/letter/type');
    expect(types.body.data.map((t) => [t.type, t.unread])).toEqual([
      ['system', 2],
      ['notice', 6],
      ['reward', 5],
    ]);
    const first = (await client.get<Page>('/api/letter', { page: 1, size: 20 })).body.data;
    const second = (await client.get<Page>('/api/letter', { page: 2, size: 20 })).body.data;
    expect(first.total).toBe(28);
    expect([first.list.length, second.list.length]).toEqual([20, 8]);
    const all = [...first.list, ...second.list];
    expect(all.map((l) => l.id)).toEqual([...all.map((l) => l.id)].sort((a, b) => b - a));
    const byType = (type: string) => all.filter((l) => l.type === type);
    expect([byType('system').length, byType('notice').length, byType('reward').length]).toEqual([7, 11, 10]);
    const rewards = byType('reward');
    expect(rewards.filter((l) => l.claimed)).toHaveLength(4);
    const waiting = rewards.filter((l) => !l.claimed);
    expect(waiting).toHaveLength(6);
    expect(new Set(waiting.flatMap((l) => l.rewards.map((r) => r.type)))).toEqual(new Set(['cash', 'coupon', 'point']));
    expect(waiting.filter((l) => l.read)).toHaveLength(1);
    expect((await client.get<{ letterUnreadNum: number }>('/api/badge/data')).body.data.letterUnreadNum).toBe(13);

    // Vietnamese on every letter.
    const vi = new TestClient(app, client.ip, { language: 'vi-VN' });
    vi.cookie = client.cookie;
    const viTitles = (await vi.get<Page>('/api/letter', { page: 1, size: 20 })).body.data.list.map((l) => l.title);
    expect(viTitles.filter((t, i) => t === first.list[i]?.title)).toEqual([]);

    // A waiting reward cannot be deleted; claiming it pays once.
    const bundle = waiting.find((l) => l.title === "Today's bundle") as Letter;
    expect((await client.post('/api/letter/delete', { id: bundle.id })).body.code).toBe(Code.LETTER_REWARD_UNCLAIMED);
    const balance = (await accountOf(app, 'luz00028')).balance;
    expect((await client.post('/api/letter/claim', { id: bundle.id })).body.success).toBe(true);
    expect((await client.post('/api/letter/claim', { id: bundle.id })).body.code).toBe(Code.REWARD_ALREADY_CLAIMED);
    expect((await accountOf(app, 'luz00028')).balance).toBe(balance + 2_000);

    const ana = (await logIn(app, 'ana00028')).client;
    const anas = (await ana.get<Page>('/api/letter')).body.data;
    // ana never verified her identity and the scenario's clock passes days 4 and 6 since she registered:
    // the two KYC deadline reminders (3 days, then 1 day before it) are system letters too.
    expect(anas.list.map((l) => [l.type, l.read])).toEqual([
      ['notice', false],
      ['system', false],
      ['system', false],
      ['system', false],
    ]);
    await ledgerIsWhole(app);
  });

  it('loading the same scenario twice gives the same world (no leftovers, no name clash)', async () => {
    await load('referral-network');
    const first = await usernames();
    const loaded = await load('referral-network');
    expect(await usernames()).toEqual(first);
    expect(loaded.tookMs).toBeLessThan(5000);
  });
});

describe('fixed uids per scenario', () => {
  type Player = { uid: number; username: string; phone: string; invitation_code: string };
  const players = async () =>
    await inDb(app.db).all<Player>`SELECT uid, username, phone, invitation_code FROM users WHERE guest = 0 ORDER BY id`;

  it('load, reset, load again: the same uids, usernames, phones and codes; a registration after takes another uid', async () => {
    await load('referral-network');
    const first = await players();
    expect(first.map((p) => p.uid)).toEqual([10000031, 10000032, 10000033, 10000034, 10000035]);
    await load('fresh');
    expect(await players()).toEqual([]);
    await load('referral-network');
    expect(await players()).toEqual(first);

    const { info } = await registerPlayer(app);
    expect(first.map((p) => p.uid)).not.toContain(info.uid);
    expect(info.uid).toBeGreaterThanOrEqual(SCENARIO_UIDS.to); // never in the scenarios' range
    const guest = await new TestClient(app).post<{ uid: number }>('/api/user/guest/login');
    expect(guest.body.success, JSON.stringify(guest.body)).toBe(true);
    expect(guest.body.data.uid).toBeGreaterThanOrEqual(SCENARIO_UIDS.to);
  });

  it('every scenario player is in the README table with its uid, phone and invitation code', async () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'README.md'), 'utf8');
    for (const scenario of scenarios) {
      await load(scenario.name);
      for (const p of await players()) {
        expect(p.uid, p.username).toBeGreaterThanOrEqual(SCENARIO_UIDS.from);
        expect(p.uid, p.username).toBeLessThan(SCENARIO_UIDS.to);
        const row = `| \`${scenario.name}\` | ${p.username} | ${p.uid} | ${p.phone} | ${p.invitation_code} |`;
        expect(readme, `README row for ${p.username}`).toContain(row);
      }
    }
  });

  it('a fixed uid outside the scenarios range, or taken, is refused', async () => {
    await load('new-player');
    const body = { username: 'dup00001', password: 'x'.repeat(32), phone: '9170009999', agree: true as const };
    const meta = { ip: 'scenario:test', deviceId: 'scenario' };
    await expect(app.services.users.register(body, meta, { uid: 12345678 })).rejects.toThrow(/outside/);
    await expect(app.services.users.register(body, meta, { uid: 10000001 })).rejects.toThrow(/taken/);
  });
});
