import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../../shared/codes';
import { POKER_DECK } from '../../../../shared/contract/mall';
import { buildApp } from '../../app';
import { sql } from '../../db/builder';
import { opsClient, registerPlayer, type TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { balanceOf } from '../../test/money';
import { deposit, expectLedgerExact, userIdOf } from '../../test/rewards';
import { createPokerRepo } from './repo';
import { readPokerSeed } from './seed';
import { cardFace, maskUsername, pickCard } from './service';

type Card = { code: string; suit: string; rank: string; owned: number };
type Fetch = {
  cards: Card[];
  collected: number;
  chances: number;
  freeDrawAvailable: boolean;
  nextFreeDrawAt: string;
  grandPrize: number;
  grandPrizeClaimed: boolean;
  grandPrizeTurnoverMultiple?: number;
};
type Draw = {
  rewards: { type: string; amount: number; info?: string }[];
  card: Card;
  duplicate: boolean;
  chances: number;
  completed: boolean;
};
type Message = { id: number; username: string; kind: string; card: string | null; amount: number | null };

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const fetchPoker = async (client: TestClient) => (await client.get<Fetch>('/api/poker/fetch')).body.data;
const draw = (client: TestClient) => client.post<Draw>('/api/poker/draw');
const setClock = (iso: string) => opsClient(app).post('/ops/clock', { set: iso });
const draws = async (userId: number) =>
  Number(await inDb(app.db).value`SELECT COUNT(*) FROM poker_draws WHERE user_id = ${userId}`);
const badge = async (client: TestClient) =>
  (await client.get<{ inviteFriendToEarnNum: number }>('/api/badge/data')).body.data.inviteFriendToEarnNum;
/** Only `cards` can be drawn from now on (the test's way to pick the card). */
const onlyDraw = async (...cards: string[]) => {
  await inDb(app.db).run`DELETE FROM poker_odds WHERE card NOT IN (${sql.join(cards)})`;
};

describe('poker cards: the deck, odds and draws', () => {
  it('shows a new player the 54 cards in deck order, one free draw and the grand prize', async () => {
    const { client } = await registerPlayer(app);
    const view = await fetchPoker(client);
    expect(view.cards.map((c) => c.code)).toEqual(POKER_DECK);
    expect(view.cards).toHaveLength(54);
    expect(view.cards[0]).toEqual({ code: 'AS', suit: 'spades', rank: 'A', owned: 0 });
    expect(view.cards.find((c) => c.code === '10H')).toMatchObject({ suit: 'hearts', rank: '10' });
    expect(view.cards.slice(-2)).toEqual([
      { code: 'RJ', suit: 'joker', rank: 'red', owned: 0 },
      { code: 'BJ', suit: 'joker', rank: 'black', owned: 0 },
    ]);
    // TEST_NOW is 10:00 in Manila on 2026-11-20: the next free draw comes at Manila midnight.
    expect(view).toMatchObject({
      collected: 0,
      chances: 1,
      freeDrawAvailable: true,
      nextFreeDrawAt: '2026-11-20T16:00:00.000Z',
      grandPrize: 250000,
      grandPrizeClaimed: false,
      // The seed's turnover multiple of the prize, so the screen can say what it requires before it is won.
      grandPrizeTurnoverMultiple: 1,
    });
  });

  it('draws with the written odds (jokers rarest), from node:crypto', async () => {
    const seed = readPokerSeed();
    expect(seed.odds.joker).toBeLessThan(seed.odds.ace);
    expect(seed.odds.ace).toBeLessThan(seed.odds.face);
    expect(seed.odds.face).toBeLessThan(seed.odds.number);
    const rows = await inDb(app.db).all<{ card: string; weight: number }>`SELECT card, weight FROM poker_odds`;
    expect(rows).toHaveLength(54);
    const total = rows.reduce((s, r) => s + r.weight, 0);
    expect(total).toBe(900);
    const counts = new Map<string, number>();
    const n = 90_000;
    for (let i = 0; i < n; i++) {
      const card = pickCard(rows);
      counts.set(card, (counts.get(card) ?? 0) + 1);
    }
    for (const row of rows) {
      const expected = (n * row.weight) / total;
      // five standard deviations of a binomial count
      const tolerance = 5 * Math.sqrt(expected * (1 - row.weight / total));
      expect(Math.abs((counts.get(row.card) ?? 0) - expected), row.card).toBeLessThan(tolerance);
    }
    expect(rows.find((r) => r.card === 'RJ')?.weight).toBe(seed.odds.joker);
    expect(rows.find((r) => r.card === 'KH')?.weight).toBe(seed.odds.face);
    expect(cardFace('QD')).toEqual({ suit: 'diamonds', rank: 'Q' });
  });

  it('gives one free draw per Manila day, refusing a second one until midnight', async () => {
    const { client, info } = await registerPlayer(app);
    const userId = await userIdOf(app, info.uid);
    const first = await draw(client);
    expect(first.body.success).toBe(true);
    expect(first.body.data).toMatchObject({ duplicate: false, completed: false, chances: 0 });
    expect(first.body.data.card.owned).toBe(1);
    expect(first.body.data.rewards).toEqual([{ type: 'other', amount: 1, info: first.body.data.card.code }]);
    const view = await fetchPoker(client);
    expect(view.cards.find((c) => c.code === first.body.data.card.code)?.owned).toBe(1);
    expect(view).toMatchObject({ collected: 1, chances: 0, freeDrawAvailable: false });

    const again = await draw(client);
    expect(again.body).toMatchObject({ success: false, code: Code.POKER_NO_CHANCE });
    expect(again.body.msg).toContain('No draws left');
    // 23:59:59 in Manila: still the same day.
    await setClock('2026-11-20T23:59:59+08:00');
    expect((await draw(client)).body.code).toBe(Code.POKER_NO_CHANCE);
    expect(await draws(userId)).toBe(1);
    // Midnight in Manila (16:00 UTC) gives the next one, never two.
    await setClock('2026-11-21T00:00:00+08:00');
    const next = await fetchPoker(client);
    expect(next).toMatchObject({ chances: 1, freeDrawAvailable: true, nextFreeDrawAt: '2026-11-21T16:00:00.000Z' });
    expect((await draw(client)).body.success).toBe(true);
    expect((await draw(client)).body.code).toBe(Code.POKER_NO_CHANCE);
    // Days without a draw do not pile up (steps under a day: an idle session ends after 24 h).
    await setClock('2026-11-21T20:00:00+08:00');
    expect((await fetchPoker(client)).chances).toBe(0);
    await setClock('2026-11-22T12:00:00+08:00');
    expect((await fetchPoker(client)).chances).toBe(1);
    await setClock('2026-11-23T08:00:00+08:00');
    expect((await fetchPoker(client)).chances).toBe(1);
    expect(await draws(userId)).toBe(2);
  });

  it('answers a duplicate with the written consolation in points, through the ledger', async () => {
    const { client, info } = await registerPlayer(app);
    await onlyDraw('7C');
    const first = await draw(client);
    expect(first.body.data).toMatchObject({ duplicate: false, card: { code: '7C', owned: 1 } });
    await setClock('2026-11-21T09:00:00+08:00');
    const second = await draw(client);
    expect(second.body.data).toMatchObject({ duplicate: true, completed: false, card: { code: '7C', owned: 2 } });
    const consolation = readPokerSeed().duplicateRewards;
    expect(second.body.data.rewards).toEqual([{ type: 'other', amount: 1, info: '7C' }, ...consolation]);
    expect((await balanceOf(client)).point).toBe(10);
    const journal = await inDb(app.db)
      .all`SELECT type, point_delta, reference FROM balance_journal WHERE user_id = ${await userIdOf(app, info.uid)} AND point_delta != 0`;
    expect(journal).toEqual([
      { type: 'points', point_delta: 10, reference: expect.stringMatching(/^poker\.duplicate:\d+$/) },
    ]);
    expect((await fetchPoker(client)).collected).toBe(1);
    await expectLedgerExact(app);
  });

  it('lets two parallel draws on one chance make exactly one card', async () => {
    const { client, info } = await registerPlayer(app);
    const answers = await Promise.all([draw(client), draw(client), draw(client)]);
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === Code.POKER_NO_CHANCE)).toHaveLength(2);
    expect(await draws(await userIdOf(app, info.uid))).toBe(1);
    expect((await fetchPoker(client)).collected).toBe(1);
  });
});

describe('poker cards: referral chances', () => {
  it("adds one chance per referral's first deposit, never for repeat deposits", async () => {
    const superior = await registerPlayer(app);
    const friend = await registerPlayer(app, { inviteCode: superior.info.invitationCode });
    const stranger = await registerPlayer(app);
    expect(await badge(superior.client)).toBe(1);

    await deposit(app, friend.client, 500);
    expect((await fetchPoker(superior.client)).chances).toBe(2);
    expect(await badge(superior.client)).toBe(2);
    await deposit(app, friend.client, 800);
    await deposit(app, stranger.client, 500);
    expect((await fetchPoker(superior.client)).chances).toBe(2);
    // The depositing friend gains nothing for themself.
    expect((await fetchPoker(friend.client)).chances).toBe(1);

    // Free draw first, then the referral chance; then none.
    expect((await draw(superior.client)).body.data.chances).toBe(1);
    expect((await draw(superior.client)).body.data.chances).toBe(0);
    expect((await draw(superior.client)).body.code).toBe(Code.POKER_NO_CHANCE);
    const chances = await inDb(app.db)
      .column<string>`SELECT chance FROM poker_draws WHERE user_id = ${await userIdOf(app, superior.info.uid)} ORDER BY id`;
    expect(chances).toEqual(['free', 'referral']);
    // A referral chance does not expire at midnight; the free one comes back.
    await setClock('2026-11-21T08:00:00+08:00');
    expect((await fetchPoker(superior.client)).chances).toBe(1);
    expect(await badge(superior.client)).toBe(1);
  });

  it('keeps an unused referral chance across days, beside the daily free draw', async () => {
    const superior = await registerPlayer(app);
    const friends = await Promise.all([
      registerPlayer(app, { inviteCode: superior.info.invitationCode }),
      registerPlayer(app, { inviteCode: superior.info.invitationCode }),
    ]);
    for (const friend of friends) await deposit(app, friend.client, 500);
    expect((await fetchPoker(superior.client)).chances).toBe(3);
    await setClock('2026-11-21T08:00:00+08:00');
    expect((await fetchPoker(superior.client)).chances).toBe(3);
    await setClock('2026-11-22T06:00:00+08:00');
    expect((await fetchPoker(superior.client)).chances).toBe(3);
  });
});

describe('poker cards: the full set and the grand prize', () => {
  it('pays 250,000 exactly once when the 54th card is drawn, and announces it', async () => {
    const { client, info, player } = await registerPlayer(app);
    const userId = await userIdOf(app, info.uid);
    for (const card of POKER_DECK.filter((c) => c !== 'BJ'))
      await app.services.poker.addCard(userId, card, app.clock.iso());
    expect((await fetchPoker(client)).collected).toBe(53);
    await onlyDraw('BJ');

    const done = await draw(client);
    expect(done.body.data).toMatchObject({ duplicate: false, completed: true, card: { code: 'BJ', owned: 1 } });
    expect(done.body.data.rewards).toEqual([
      { type: 'other', amount: 1, info: 'BJ' },
      { type: 'cash', amount: 250000, info: 'Poker grand prize' },
    ]);
    const vo = await balanceOf(client);
    expect(vo.balance).toBe(250000);
    // The prize is ring-fenced by its own wagering requirement: it is locked, nothing else would be.
    expect(vo).toMatchObject({ surplus: 0, withdrawalAmount: 0 });
    const wagering = (
      await client.get<{ list: { bonus: number; turnoverRequired: number }[] }>('/api/withdraw/wagering')
    ).body.data.list;
    expect(wagering).toEqual([
      expect.objectContaining({
        bonus: 250000,
        turnoverRequired: 250000 * readPokerSeed().grandPrizeTurnoverMultiple,
      }),
    ]);
    expect(await fetchPoker(client)).toMatchObject({ collected: 54, grandPrizeClaimed: true });
    expect(await app.services.grants.isClaimed(userId, 'poker.grand')).toBe(true);

    const feed = (await client.get<Message[]>('/api/poker/message')).body.data;
    expect(feed[0]).toMatchObject({
      kind: 'grandPrize',
      card: null,
      amount: 250000,
      username: maskUsername(player.username),
    });
    expect(feed[1]).toMatchObject({ kind: 'draw', card: 'BJ', amount: null });
    expect(feed[0]?.username).not.toBe(player.username);

    // A later duplicate of the full set pays the consolation, never the grand prize again.
    await setClock('2026-11-21T09:00:00+08:00');
    const later = await draw(client);
    expect(later.body.data).toMatchObject({ duplicate: true, completed: false });
    expect((await balanceOf(client)).balance).toBe(250000);
    const grand = await inDb(app.db).value<number>`SELECT COUNT(*) FROM reward_claims WHERE reward_key = 'poker.grand'`;
    expect(grand).toBe(1);
    await expectLedgerExact(app);
  });
});

describe('poker cards: the live feed and the badge', () => {
  it('lists recent draws of all players, newest first, with masked usernames', async () => {
    const a = await registerPlayer(app);
    const b = await registerPlayer(app);
    const drawnA = (await draw(a.client)).body.data.card.code;
    const drawnB = (await draw(b.client)).body.data.card.code;
    const feed = (await a.client.get<Message[]>('/api/poker/message')).body.data;
    expect(feed.map((m) => [m.kind, m.card, m.username])).toEqual([
      ['draw', drawnB, maskUsername(b.player.username)],
      ['draw', drawnA, maskUsername(a.player.username)],
    ]);
    expect(maskUsername('player000123')).toBe('pl***23');
    expect(maskUsername('abc')).toBe('a***');
  });

  it('keeps the feed to its written size', async () => {
    const { client, info } = await registerPlayer(app);
    const userId = await userIdOf(app, info.uid);
    for (let i = 0; i < 40; i++)
      await createPokerRepo(app.db).addFeed({ userId, kind: 'draw', card: 'AS', amount: null, now: app.clock.iso() });
    expect((await client.get<Message[]>('/api/poker/message')).body.data).toHaveLength(readPokerSeed().feedSize);
  });

  it('pushes invite.friends.spins on a draw and to connected players at Manila midnight', async () => {
    const drew = await registerPlayer(app);
    const idle = await registerPlayer(app);
    const drewId = await userIdOf(app, drew.info.uid);
    const idleId = await userIdOf(app, idle.info.uid);
    const push = vi.spyOn(app.socket, 'push');
    vi.spyOn(app.socket, 'isConnected').mockReturnValue(true);
    expect(await badge(drew.client)).toBe(1);
    expect(await badge(idle.client)).toBe(1);

    await draw(drew.client);
    expect(push).toHaveBeenCalledWith(drewId, 'invite.friends.spins', 0);
    push.mockClear();

    await opsClient(app).post('/ops/clock', { advance: '1h' });
    expect(push).not.toHaveBeenCalled();
    await setClock('2026-11-21T00:00:01+08:00');
    // Only the player whose count changed hears of it.
    expect(push.mock.calls.filter(([, event]) => event === 'invite.friends.spins')).toEqual([
      [drewId, 'invite.friends.spins', 1],
    ]);
    expect(push.mock.calls.some(([userId]) => userId === idleId)).toBe(false);

    // A player without a connection is not pushed to (nothing piles up for them).
    push.mockClear();
    await draw(drew.client);
    vi.mocked(app.socket.isConnected).mockReturnValue(false);
    push.mockClear();
    await setClock('2026-11-21T23:00:00+08:00');
    expect(await badge(drew.client)).toBe(0);
    expect(push).not.toHaveBeenCalled();
    await setClock('2026-11-22T00:00:01+08:00');
    expect(push).not.toHaveBeenCalled();
    expect(await badge(drew.client)).toBe(1);
  });

  it('pushes at the real Manila midnight of a running clock, with nobody moving it', async () => {
    const live = await buildApp({});
    try {
      const { client, info } = await registerPlayer(live);
      const userId = await userIdOf(live, info.uid);
      vi.spyOn(live.socket, 'isConnected').mockReturnValue(true);
      live.clock.set(new Date('2026-11-20T23:59:59.000+08:00'));
      expect((await client.post<Draw>('/api/poker/draw')).body.data.chances).toBe(0);
      const push = vi.spyOn(live.socket, 'push');
      await vi.waitFor(() => expect(push).toHaveBeenCalledWith(userId, 'invite.friends.spins', 1), {
        timeout: 3_000,
        interval: 50,
      });
      expect((await client.get<Fetch>('/api/poker/fetch')).body.data.freeDrawAvailable).toBe(true);
    } finally {
      await live.close();
    }
  });
});
