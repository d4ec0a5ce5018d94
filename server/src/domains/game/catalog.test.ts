import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { GAME_TYPES, type Game, MENU_CODES } from '../../../../shared/contract/game';
import { ROOT_DIR } from '../../db/database';
import { TITLES } from '../../sandbox/provider/games/titles';
import { databaseDigest } from '../../test/bad-input';
import { registerPlayer, TestClient, testApp } from '../../test/helpers';
import { readCatalogSeed, seedCatalog } from './catalog.seed';
import { normalizeSearch } from './search';

type Page = { list: Game[]; page: number; size: number; total: number };
type Menu = { code: string; name: string; showProvider: boolean; showType: number; bgColor: string }[];
type Providers = { code: string; name: string; logoUrl: string }[];
type Discover = { popular: { keyword: string; searches: number }[]; recommended: Game[] };
type Help = { title: string; content: string; games: Game[] };

let app: FastifyInstance;
let visitor: TestClient;
let player: TestClient;

beforeEach(async () => {
  app = await testApp();
  visitor = new TestClient(app);
  player = (await registerPlayer(app)).client;
});
afterEach(() => app.close());

const seed = readCatalogSeed();
const byName = (name: string) => {
  const game = seed.games.find((g) => g.name === name);
  if (!game) throw new Error(`no seed game ${name}`);
  return game;
};
const enabledCount = async (where = '1') =>
  Number(await app.db.prepare(`SELECT COUNT(*) FROM games WHERE enabled = 1 AND ${where}`).pluck().get());

const list = (client: TestClient, path: string, query: Record<string, string | number> = {}) =>
  client.get<Page>(path, query);
const search = (q: string, query: Record<string, string | number> = {}, client = visitor) =>
  client.get<Page>('/api/open/game/search', { q, ...query });
const names = (page: { list: Game[] }) => page.list.map((g) => g.name);
const collect = (gameId: number, client = player) => client.post('/api/user/game/collect', { gameId });
const uncollect = (gameId: number, client = player) => client.post('/api/user/game/collect/del', { gameId });
const favourites = (client = player, query: Record<string, string | number> = {}) =>
  client.get<Page>('/api/user/game/collect/fetch', query);

describe('the seeded catalog', () => {
  it('holds one game per studio title, games of every type, from at least 8 providers that each have games', async () => {
    // issue 28: a title is a game of its own or it goes, so the count is whatever is real (55 after it)
    expect(await enabledCount()).toBe(seed.games.length);
    expect(seed.games.length).toBe(TITLES.size);
    for (const type of GAME_TYPES) expect(await enabledCount(`type = '${type}'`), type).toBeGreaterThanOrEqual(3);
    expect(seed.providers.length).toBeGreaterThanOrEqual(8);
    for (const p of seed.providers) expect(await enabledCount(`provider = '${p.code}'`), p.code).toBeGreaterThan(0);
    expect(await enabledCount('hot = 1')).toBeGreaterThanOrEqual(12);
    expect(await enabledCount('new = 1')).toBeGreaterThanOrEqual(8);
  });

  it('makes every seeded game playable as a title of the demo provider, with the settings launch reads', async () => {
    expect(await enabledCount('playable = 0')).toBe(0);
    expect(await enabledCount('provider_game IS NULL OR provider_game != code')).toBe(0);
    // one title of each launch setting is left after issue 28's curation (Grand Roulette Salon, Virtual Futsal Arena)
    expect(await enabledCount('need_bind_wallet = 1')).toBeGreaterThanOrEqual(1);
    expect(await enabledCount("open_mode = 'browser'")).toBeGreaterThanOrEqual(1);
    const settings = await app.services.catalog.launchSettings(1);
    expect(settings).toMatchObject({
      playable: true,
      openMode: 'iframe',
      needBindWallet: false,
      providerGame: 'house-fiesta-reels',
    });
    expect(await app.services.catalog.launchSettings(999_999)).toBeUndefined();
  });

  it('has a thumbnail file for every game and a logo for every provider', () => {
    const publicDir = join(ROOT_DIR, 'server', 'public');
    for (const g of seed.games) expect(existsSync(join(publicDir, 'games', `${g.code}.svg`)), g.code).toBe(true);
    for (const p of seed.providers)
      expect(existsSync(join(publicDir, 'providers', `${p.code}.svg`)), p.code).toBe(true);
  });

  it('serves the thumbnails and logos it lists as SVG images', async () => {
    const all = await list(visitor, '/api/open/game/fetch', { type: 'default', size: 100 });
    const rest = await list(visitor, '/api/open/game/fetch', { type: 'default', size: 100, page: 2 });
    const games = [...all.body.data.list, ...rest.body.data.list];
    expect(games).toHaveLength(seed.games.length);
    const step = Math.floor(games.length / 20);
    const sample = Array.from({ length: 20 }, (_, i) => games[i * step]!.thumbnailUrl);
    const providers = await visitor.get<Providers>('/api/open/manuf/fetch');
    for (const url of [...sample, ...providers.body.data.map((p) => p.logoUrl)]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
      expect(response.body, url).toContain('<svg');
    }
  });

  it('seeds idempotently: a second run writes nothing, a game gone from the file is hidden, not deleted', async () => {
    const before = await databaseDigest(app.db);
    const writes = app.db.prepare('SELECT total_changes()').pluck();
    const changes = await writes.get();
    await seedCatalog(app.db);
    expect(await writes.get()).toBe(changes);
    expect(await databaseDigest(app.db)).toBe(before);

    await app.db
      .prepare(
        `INSERT INTO games (id, code, name, search_name, type, provider, thumbnail_url, created_at)
         VALUES (9001, 'old-game', 'Old Game', ' old game', 'slot', 'aurora', '/static/games/old.svg', '2026-01-01')`,
      )
      .run();
    await seedCatalog(app.db);
    expect(await app.db.prepare('SELECT enabled FROM games WHERE id = 9001').pluck().get()).toBe(0);
    expect(await enabledCount()).toBe(seed.games.length);
  });
});

describe('menu and providers', () => {
  it('answers the menu in both forms, in the language of the request', async () => {
    for (const path of ['/api/open/game/type', '/api/game/type']) {
      const menu = await player.get<Menu>(path);
      expect(menu.body.data.map((m) => m.code)).toEqual([...MENU_CODES]);
      for (const entry of menu.body.data) {
        expect(entry.bgColor).toMatch(/^#[0-9a-f]{6}$/i);
        expect([0, 1, 2]).toContain(entry.showType);
        expect(typeof entry.showProvider).toBe('boolean');
      }
      expect(menu.body.data.find((m) => m.code === 'live')).toMatchObject({ name: 'Live Casino', showType: 1 });
      expect(menu.body.data.find((m) => m.code === 'sports')).toMatchObject({ showType: 2 });
    }
    const vi = await new TestClient(app, undefined, { language: 'vi-VN' }).get<Menu>('/api/open/game/type');
    expect(vi.body.data.find((m) => m.code === 'fish')?.name).toBe('Bắn cá');
  });

  it('lists providers with logos, all of them or those with games of a menu tab', async () => {
    const all = await visitor.get<Providers>('/api/open/manuf/fetch');
    expect(all.body.data.length).toBe(seed.providers.length);
    expect(all.body.data[0]).toEqual({ code: 'demo', name: 'House Games', logoUrl: '/static/providers/demo.svg' });
    const sports = await player.get<Providers>('/api/manuf/fetch', { type: 'sports' });
    expect(sports.body.data.map((p) => p.code)).toEqual(['monsoon']);
    const live = await visitor.get<Providers>('/api/open/manuf/fetch', { type: 'live' });
    expect(live.body.data.map((p) => p.code)).toContain('velvet');
    expect(live.body.data.map((p) => p.code)).not.toContain('monsoon');
    const def = await visitor.get<Providers>('/api/open/manuf/fetch', { type: 'default' });
    expect(def.body.data).toEqual(all.body.data);
    expect((await visitor.get('/api/open/manuf/fetch', { type: 'casino' })).body.code).toBe(Code.VALIDATION);
  });
});

describe('game lists', () => {
  it('lists every game on the default tab, most popular first, without favourite for visitors', async () => {
    const page = await list(visitor, '/api/open/game/fetch', { type: 'default' });
    expect(page.body.data).toMatchObject({ page: 1, size: 20, total: seed.games.length });
    expect(page.body.data.list).toHaveLength(20);
    expect(page.body.data.list.slice(0, 3).map((g) => g.playable)).toEqual([true, true, true]);
    const popularity = page.body.data.list.map((g) => seed.games.find((s) => s.id === g.id)!.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    const first = page.body.data.list[0]!;
    expect(first).toEqual({
      id: 1,
      code: 'house-fiesta-reels',
      name: 'Fiesta Reels',
      type: 'slot',
      provider: 'demo',
      providerName: 'House Games',
      thumbnailUrl: '/static/games/house-fiesta-reels.svg',
      tags: ['hot', 'new'],
      playable: true,
    });
    expect(page.body.data.list.every((g) => !('favourite' in g))).toBe(true);
  });

  it('filters by type, by the hot tag and by provider', async () => {
    const slots = await list(visitor, '/api/open/game/fetch', { type: 'slot', size: 100 });
    expect(slots.body.data.total).toBe(await enabledCount("type = 'slot'"));
    expect(slots.body.data.list.every((g) => g.type === 'slot')).toBe(true);
    const hot = await list(visitor, '/api/open/game/fetch', { type: 'hot', size: 100 });
    expect(hot.body.data.total).toBe(await enabledCount('hot = 1'));
    expect(hot.body.data.list.every((g) => g.tags.includes('hot'))).toBe(true);
    const jadeSlots = await list(visitor, '/api/open/game/fetch', { type: 'slot', provider: 'jade', size: 100 });
    expect(jadeSlots.body.data.total).toBe(await enabledCount("type = 'slot' AND provider = 'jade'"));
    expect(jadeSlots.body.data.list.every((g) => g.provider === 'jade' && g.providerName === 'Jade Lantern')).toBe(
      true,
    );
    const demo = await list(visitor, '/api/open/game/fetch', { type: 'default', provider: 'demo' });
    expect(names(demo.body.data)).toEqual(['Fiesta Reels', 'Manila Baccarat', 'Skyrocket Crash']);
    const none = await list(visitor, '/api/open/game/fetch', { type: 'slot', provider: 'nobody' });
    expect(none.body.data).toEqual({ list: [], page: 1, size: 20, total: 0 });
  });

  it('pages without gaps or repeats and answers an empty page past the end', async () => {
    const seen = new Set<number>();
    for (let page = 1; page <= 3; page++) {
      const answer = await list(visitor, '/api/open/game/fetch', { type: 'slot', size: 20, page });
      for (const g of answer.body.data.list) seen.add(g.id);
      expect(answer.body.data.total).toBe(await enabledCount("type = 'slot'"));
    }
    expect(seen.size).toBe(await enabledCount("type = 'slot'"));
    const past = await list(visitor, '/api/open/game/fetch', { type: 'slot', size: 20, page: 50 });
    expect(past.body.data).toMatchObject({ list: [], page: 50, total: await enabledCount("type = 'slot'") });
    const max = await list(visitor, '/api/open/game/fetch', { type: 'default', size: 100 });
    expect(max.body.data.list).toHaveLength(Math.min(100, seed.games.length));
  });

  it.each([
    [{ type: 'default', size: 101 }],
    [{ type: 'default', size: 0 }],
    [{ type: 'default', page: 0 }],
    [{ type: 'default', page: 'two' }],
    [{ type: 'casino' }],
    [{}],
    [{ type: 'slot', provider: '' }],
    [{ type: 'slot', provider: 'x'.repeat(33) }],
    [{ type: 'slot', sort: 'name' }],
  ])('refuses the list query %j', async (query) => {
    const answer = await list(visitor, '/api/open/game/fetch', query as Record<string, string>);
    expect(answer.body).toMatchObject({ success: false, code: Code.VALIDATION });
  });

  it('answers hot and live games in both forms', async () => {
    const hot = await list(visitor, '/api/open/game/fetch/hot');
    expect(hot.body.data.total).toBe(await enabledCount('hot = 1'));
    expect(hot.body.data.list.every((g) => g.tags.includes('hot') && !('favourite' in g))).toBe(true);
    const live = await list(player, '/api/game/fetch/live', { size: 2, page: 2 });
    expect(live.body.data).toMatchObject({ page: 2, size: 2, total: await enabledCount("type = 'live'") });
    expect(live.body.data.list).toHaveLength(2);
    expect(live.body.data.list.every((g) => g.type === 'live' && g.favourite === false)).toBe(true);
    const userHot = await list(player, '/api/game/fetch/hot');
    expect(userHot.body.data.list.every((g) => typeof g.favourite === 'boolean')).toBe(true);
    const openLive = await list(visitor, '/api/open/game/fetch/live', { size: 100 });
    expect(names(openLive.body.data)).toContain('Velvet Speed Baccarat');
  });

  it('answers 20002 on every logged-in form without a session', async () => {
    const paths = [
      '/api/game/type',
      '/api/manuf/fetch',
      '/api/game/fetch?type=default',
      '/api/game/fetch/hot',
      '/api/game/fetch/live',
      '/api/user/game/collect/fetch',
      '/api/game/helper',
    ];
    for (const path of paths) {
      const answer = await visitor.get(path);
      expect(answer.body, path).toMatchObject({ success: false, code: Code.SESSION_INVALID });
    }
    expect((await collect(1, visitor)).body.code).toBe(Code.SESSION_INVALID);
    expect((await uncollect(1, visitor)).body.code).toBe(Code.SESSION_INVALID);
  });

  it('loads the catalog and filters providers on indexes, without a sort step', async () => {
    const plan = async (sql: string) =>
      ((await app.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ type: 'slot' })) as { detail: string }[])
        .map((r) => r.detail)
        .join(' | ');
    const load = await plan(`SELECT g.id FROM games g JOIN providers p ON p.code = g.provider
      WHERE g.enabled = 1 ORDER BY g.popularity DESC, g.id`);
    expect(load).toContain('games_popular');
    expect(load).not.toContain('TEMP B-TREE');
    const providers = await plan(`SELECT p.* FROM providers p WHERE EXISTS (SELECT 1 FROM games g
      WHERE g.provider = p.code AND g.enabled = 1 AND g.type = @type) ORDER BY p.sort_order, p.code`);
    expect(providers).toMatch(/games_provider|games_type/);
  });

  it('keeps lists in memory but sees every change to the catalog at once', async () => {
    const before = await list(visitor, '/api/open/game/fetch', { type: 'default', size: 1 });
    expect(before.body.data.list[0]?.name).toBe('Fiesta Reels');
    await app.db.prepare("UPDATE games SET name = 'Fiesta Reels Deluxe' WHERE id = 1").run();
    await app.db.prepare("UPDATE providers SET name = 'The House' WHERE code = 'demo'").run();
    const after = await list(visitor, '/api/open/game/fetch', { type: 'default', size: 1 });
    expect(after.body.data.list[0]).toMatchObject({ name: 'Fiesta Reels Deluxe', providerName: 'The House' });
    await app.db.prepare('UPDATE games SET popularity = 0 WHERE id = 1').run();
    const moved = await list(visitor, '/api/open/game/fetch', { type: 'default', size: 1 });
    expect(moved.body.data.list[0]?.id).toBe(2);
    await app.db.prepare('UPDATE games SET enabled = 0 WHERE id = 2').run();
    const hidden = await list(visitor, '/api/open/game/fetch/live', { size: 100 });
    expect(hidden.body.data.list.map((g) => g.id)).not.toContain(2);
    expect((await search('manila baccarat')).body.data.total).toBe(0);
  });
});

describe('search', () => {
  it('finds by partial words, ignoring case and accents', async () => {
    for (const q of ['fortune', 'FORTUNE', 'fôrtune', 'Fórtúne', 'fort', 'gold fort', 'FORT gold', 'golden fortune']) {
      const answer = await search(q, { size: 100 });
      expect(names(answer.body.data), q).toContain('Golden Fortune');
    }
    expect(names((await search('gold fort')).body.data)).toEqual(['Golden Fortune']);
    expect(names((await search('manana')).body.data)).toEqual(['Mañana Gold']);
    expect(names((await search('MAÑANA gold')).body.data)).toEqual(['Mañana Gold']);
    expect(names((await search("hold'em")).body.data)).toEqual(["Casino Hold'em Pro"]);
    expect(names((await search('halo-halo')).body.data)).toEqual(['Halo-Halo Heaven']);
  });

  it('matches words from their start, every word, and ranks names starting with the term first', async () => {
    expect((await search('ortune')).body.data.total).toBe(0);
    expect((await search('golden zebra')).body.data.total).toBe(0);
    const fortune = await search('fortune', { size: 100 });
    expect(fortune.body.data.list[0]?.name).toBe('Fortune Cat Coins');
    expect(names(fortune.body.data).sort()).toEqual(
      seed.games
        .filter((g) => /\bfortune\b/i.test(g.name))
        .map((g) => g.name)
        .sort(),
    );
  });

  it('answers an empty page for no match and pages through many', async () => {
    expect((await search('zzzz')).body.data).toEqual({ list: [], page: 1, size: 20, total: 0 });
    expect((await search('!!!')).body.data).toEqual({ list: [], page: 1, size: 20, total: 0 });
    const expected = seed.games.filter((g) =>
      normalizeSearch(g.name)
        .split(' ')
        .some((w) => w.startsWith('s')),
    ).length;
    const first = await search('s', { size: 10 });
    expect(first.body.data.total).toBe(expected);
    const second = await search('s', { size: 10, page: 2 });
    expect(second.body.data.total).toBe(expected);
    const overlap = second.body.data.list.filter((g) => first.body.data.list.some((f) => f.id === g.id));
    expect(overlap).toEqual([]);
  });

  it.each([['a'.repeat(51)], ['   '], ['']])('refuses the term %j', async (q) => {
    expect((await search(q)).body).toMatchObject({ success: false, code: Code.VALIDATION });
  });

  it('refuses unknown query fields and counts nothing for a refused search', async () => {
    expect((await visitor.get('/api/open/game/search', { q: 'gold', sort: 'x' })).body.code).toBe(Code.VALIDATION);
    expect((await search('x'.repeat(60))).body.code).toBe(Code.VALIDATION);
    expect(await app.db.prepare('SELECT COUNT(*) FROM game_search_terms').pluck().get()).toBe(0);
  });

  it('says which results the logged-in player collected', async () => {
    const golden = byName('Golden Fortune');
    await collect(golden.id);
    const mine = await search('golden fortune', {}, player);
    expect(mine.body.data.list[0]).toMatchObject({ id: golden.id, favourite: true });
    const theirs = await search('golden fortune');
    expect('favourite' in theirs.body.data.list[0]!).toBe(false);
  });
});

describe('search discover', () => {
  it('ranks popular searches by real counts, only searches that found games, latest first on a tie', async () => {
    for (let i = 0; i < 3; i++) await search('Fortune');
    await search('FÔRTUNE');
    await search('fortune', { page: 2 });
    for (let i = 0; i < 2; i++) await search('gold');
    for (let i = 0; i < 6; i++) await search('zzzz');
    await search('neon');
    app.clock.advance(60_000);
    await search('jade');

    const answer = await visitor.get<Discover>('/api/open/game/searchDiscover');
    expect(answer.body.data.popular).toEqual([
      { keyword: 'fortune', searches: 4 },
      { keyword: 'gold', searches: 2 },
      { keyword: 'jade', searches: 1 },
      { keyword: 'neon', searches: 1 },
    ]);
    const junk = await app.db.prepare("SELECT searches, hits FROM game_search_terms WHERE term = 'zzzz'").get();
    expect(junk).toEqual({ searches: 6, hits: 0 });
  });

  it('keeps the top 8 and recommends hot games by popularity', async () => {
    for (const [i, q] of [
      'gold',
      'jade',
      'reef',
      'dragon',
      'fiesta',
      'crash',
      'pearl',
      'neon',
      'lucky',
      'tiger',
    ].entries()) {
      for (let n = 0; n <= i; n++) await search(q);
    }
    const answer = await visitor.get<Discover>('/api/open/game/searchDiscover');
    expect(answer.body.data.popular.map((p) => p.keyword)).toEqual([
      'tiger',
      'lucky',
      'neon',
      'pearl',
      'crash',
      'fiesta',
      'dragon',
      'reef',
    ]);
    const recommended = answer.body.data.recommended;
    expect(recommended).toHaveLength(9);
    expect(recommended.every((g) => g.tags.includes('hot') && !('favourite' in g))).toBe(true);
    const hot = await list(visitor, '/api/open/game/fetch/hot', { size: 9 });
    expect(recommended).toEqual(hot.body.data.list);
  });

  it('starts empty and fills favourite for a logged-in player', async () => {
    await collect(1);
    const answer = await player.get<Discover>('/api/open/game/searchDiscover');
    expect(answer.body.data.popular).toEqual([]);
    expect(answer.body.data.recommended[0]).toMatchObject({ id: 1, favourite: true });
  });
});

describe('favourites', () => {
  it('collects idempotently and shows the mark in the logged-in lists only', async () => {
    const first = await collect(1);
    expect(first.body).toMatchObject({ success: true, msg: 'Added to favourites', data: null });
    expect((await collect(1)).body).toMatchObject({ success: true, code: 0 });
    const mine = await favourites();
    expect(mine.body.data.total).toBe(1);
    expect(mine.body.data.list[0]).toMatchObject({ id: 1, favourite: true });

    const userList = await list(player, '/api/game/fetch', { type: 'slot', provider: 'demo' });
    expect(userList.body.data.list[0]).toMatchObject({ id: 1, favourite: true });
    const otherUserList = await list(player, '/api/game/fetch', { type: 'arcade', provider: 'demo' });
    expect(otherUserList.body.data.list[0]).toMatchObject({ id: 3, favourite: false });
    // The visitor form stays a visitor form even when the session cookie comes along.
    const openList = await list(player, '/api/open/game/fetch', { type: 'slot', provider: 'demo' });
    expect('favourite' in openList.body.data.list[0]!).toBe(false);
  });

  it('removes, and removing again is fine', async () => {
    await collect(1);
    await collect(2);
    const removed = await uncollect(1);
    expect(removed.body).toMatchObject({ success: true, msg: 'Removed from favourites' });
    expect((await uncollect(1)).body.success).toBe(true);
    expect((await uncollect(3)).body.success).toBe(true);
    expect((await favourites()).body.data.list.map((g) => g.id)).toEqual([2]);
  });

  it('refuses unknown game ids with 50001 and malformed ones with a validation error', async () => {
    for (const answer of [await collect(999_999), await uncollect(999_999)]) {
      expect(answer.body).toMatchObject({ success: false, code: Code.GAME_NOT_FOUND, msg: 'This game does not exist' });
    }
    const vi = new TestClient(app, undefined, { language: 'vi-VN' });
    vi.cookie = player.cookie;
    expect((await collect(999_999, vi)).body.msg).toBe('Trò chơi không tồn tại');
    for (const body of [{}, { gameId: '1' }, { gameId: 0 }, { gameId: 1.5 }, { gameId: 1, userId: 2 }]) {
      const answer = await player.post('/api/user/game/collect', body);
      expect(answer.body.code, JSON.stringify(body)).toBe(Code.VALIDATION);
    }
    expect((await favourites()).body.data.total).toBe(0);
  });

  it('lists the newest first, paginated, and keeps each player to their own', async () => {
    for (const id of [5, 17, 2, 44]) {
      await collect(id);
      app.clock.advance(1_000);
    }
    const page1 = await favourites(player, { size: 3 });
    expect(page1.body.data).toMatchObject({ total: 4, page: 1, size: 3 });
    expect(page1.body.data.list.map((g) => g.id)).toEqual([44, 2, 17]);
    const page2 = await favourites(player, { size: 3, page: 2 });
    expect(page2.body.data.list.map((g) => g.id)).toEqual([5]);
    expect((await favourites(player, { size: 3, page: 3 })).body.data).toMatchObject({ list: [], total: 4 });

    const other = (await registerPlayer(app)).client;
    expect((await favourites(other)).body.data.total).toBe(0);
    await collect(19, other);
    await uncollect(44, other);
    expect((await favourites(other)).body.data.list.map((g) => g.id)).toEqual([19]);
    expect((await favourites()).body.data.total).toBe(4);
    const seenByOther = await list(other, '/api/game/fetch', { type: 'arcade', size: 100 });
    expect(seenByOther.body.data.list.filter((g) => g.favourite).map((g) => g.id)).toEqual([]);
  });

  it('hides a withdrawn game: it cannot be collected and leaves the list, but can still be removed', async () => {
    await collect(17);
    await app.db.prepare('UPDATE games SET enabled = 0 WHERE id = 17').run();
    expect((await favourites()).body.data.total).toBe(0);
    expect((await collect(17)).body.code).toBe(Code.GAME_NOT_FOUND);
    expect((await uncollect(17)).body.success).toBe(true);
    expect(await app.db.prepare('SELECT COUNT(*) FROM game_favourites').pluck().get()).toBe(0);
    const all = await list(visitor, '/api/open/game/fetch', { type: 'default', size: 100, page: 2 });
    expect(all.body.data.total).toBe(seed.games.length - 1);
  });
});

describe('the Help Slot tab', () => {
  it('answers real help content with the support contacts filled in, in both languages', async () => {
    const en = await player.get<Help>('/api/game/helper');
    expect(en.body.data.title).toBe('How slots work');
    for (const heading of ['## Paylines', '## RTP and volatility', '## Play responsibly', '## Need help?']) {
      expect(en.body.data.content).toContain(heading);
    }
    expect(en.body.data.content).toContain('https://t.me/casinoph_support');
    expect(en.body.data.content).not.toContain('{{');
    const featured = JSON.parse(seed.helpPages[0]!.featured) as string[];
    expect(featured.length).toBeGreaterThanOrEqual(3);
    expect(en.body.data.games.map((g) => g.code)).toEqual(featured);
    expect(en.body.data.games.every((g) => typeof g.favourite === 'boolean')).toBe(true);

    const vi = new TestClient(app, undefined, { language: 'vi-VN' });
    vi.cookie = player.cookie;
    const answer = await vi.get<Help>('/api/game/helper');
    expect(answer.body.data.title).toBe('Cách chơi slot');
    expect(answer.body.data.content).toContain('Chơi có trách nhiệm');
    expect(answer.body.data.content).toContain('https://m.me/casinoph.support');
  });
});
