import type { GAME_TYPES, MENU_CODES } from '../../../../shared/contract/game';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/port';

export type GameType = (typeof GAME_TYPES)[number];
export type MenuCode = (typeof MENU_CODES)[number];

export interface MenuRow {
  code: MenuCode;
  name_en: string;
  name_vi: string;
  show_provider: 0 | 1;
  show_type: 0 | 1 | 2;
  bg_color: string;
  sort_order: number;
}

export interface ProviderRow {
  code: string;
  name: string;
  logo_url: string;
  sort_order: number;
}

export interface GameRow {
  id: number;
  code: string;
  name: string;
  search_name: string;
  type: GameType;
  provider: string;
  thumbnail_url: string;
  hot: 0 | 1;
  new: 0 | 1;
  playable: 0 | 1;
  open_mode: 'iframe' | 'browser';
  need_bind_wallet: 0 | 1;
  provider_game: string | null;
  popularity: number;
  enabled: 0 | 1;
  created_at: string;
}

/** An enabled game as the catalog snapshot holds it: with its provider's name. */
export type CatalogRow = Pick<
  GameRow,
  'id' | 'code' | 'name' | 'search_name' | 'type' | 'provider' | 'thumbnail_url' | 'hot' | 'new' | 'playable'
> & { provider_name: string };

export interface HelpRow {
  lang: string;
  title: string;
  content: string;
  featured: string;
}

/** Which games a list holds: every game, the hot-tagged ones, or one type. */
export type ListKind = 'all' | 'hot' | 'type';

export function createCatalogRepo(db: Db) {
  const menu = db.prepare('SELECT * FROM game_menu ORDER BY sort_order, code');
  const providersWith = (condition: string) =>
    db.prepare(
      `SELECT p.* FROM providers p
       WHERE EXISTS (SELECT 1 FROM games g WHERE g.provider = p.code AND g.enabled = 1${condition})
       ORDER BY p.sort_order, p.code`,
    );
  const providers = {
    all: providersWith(''),
    hot: providersWith(' AND g.hot = 1'),
    type: providersWith(' AND g.type = @type'),
  };

  // No table is read, so no read transaction either: the cheap first check of every list call. PostgreSQL
  // has no total_changes(), and other processes change the catalog too: there every call reads the version.
  let calls = 0;
  const totalChanges = isPostgres(db) ? { get: () => ++calls } : db.prepare('SELECT total_changes()').pluck();
  const catalogVersion = db.prepare('SELECT version FROM game_catalog_version WHERE id = 1').pluck();
  const enabledGames = db.prepare(
    `SELECT g.id, g.code, g.name, g.search_name, g.type, g.provider, p.name AS provider_name, g.thumbnail_url,
       g.hot, g.new, g.playable
     FROM games g JOIN providers p ON p.code = g.provider
     WHERE g.enabled = 1 ORDER BY g.popularity DESC, g.id`,
  );

  const recordSearch = db.prepare(
    `INSERT INTO game_search_terms (term, searches, hits, last_at, last_hit_at)
     VALUES (@term, 1, @hit, @now, CASE WHEN CAST(@hit AS BIGINT) = 1 THEN @now END)
     ON CONFLICT (term) DO UPDATE SET searches = game_search_terms.searches + 1, hits = game_search_terms.hits + excluded.hits,
       last_at = excluded.last_at, last_hit_at = COALESCE(excluded.last_hit_at, game_search_terms.last_hit_at)`,
  );
  const popularSearches = db.prepare(
    `SELECT term, hits FROM game_search_terms WHERE hits > 0
     ORDER BY hits DESC, last_hit_at DESC, term LIMIT ?`,
  );

  const byId = db.prepare('SELECT * FROM games WHERE id = ?');
  const collect = db.prepare(
    `INSERT INTO game_favourites (user_id, game_id, created_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id, game_id) DO NOTHING`,
  );
  const uncollect = db.prepare('DELETE FROM game_favourites WHERE user_id = ? AND game_id = ?');
  const favouritesAmong = db
    .prepare(
      'SELECT game_id FROM game_favourites WHERE user_id = ? AND game_id IN (SELECT CAST(value AS BIGINT) FROM json_each(?))',
    )
    .pluck();
  const favourites = db
    .prepare(
      `SELECT f.game_id FROM game_favourites f JOIN games g ON g.id = f.game_id
       WHERE f.user_id = ? AND g.enabled = 1 ORDER BY f.created_at DESC, f.id DESC LIMIT ? OFFSET ?`,
    )
    .pluck();
  const favouriteCount = db
    .prepare(
      'SELECT COUNT(*) FROM game_favourites f JOIN games g ON g.id = f.game_id WHERE f.user_id = ? AND g.enabled = 1',
    )
    .pluck();

  const help = db.prepare('SELECT * FROM game_help WHERE lang = ?');

  return {
    menu: () => menu.all() as Promise<MenuRow[]>,
    /** Providers with at least one enabled game (of the list's kind and type when given). */
    providers: async (kind: ListKind, type?: GameType) =>
      (await (kind === 'type' ? providers.type.all({ type }) : providers[kind].all())) as ProviderRow[],

    /** Writes made through this connection so far (any table): unchanged means the catalog is too. */
    totalChanges: async () => Number(await totalChanges.get()),
    /** Moved by triggers on every change to games or providers. */
    catalogVersion: async () => Number(await catalogVersion.get()),
    /** Every enabled game, most popular first. */
    enabledGames: () => enabledGames.all() as Promise<CatalogRow[]>,

    recordSearch: (term: string, hit: boolean, now: string) => recordSearch.run({ term, hit: hit ? 1 : 0, now }),
    popularSearches: async (limit: number) => (await popularSearches.all(limit)) as { term: string; hits: number }[],

    byId: (id: number) => byId.get(id) as Promise<GameRow | undefined>,
    /** False when the game was already a favourite. */
    collect: async (userId: number, gameId: number, now: string) =>
      (await collect.run(userId, gameId, now)).changes > 0,
    /** False when it was not one. */
    uncollect: async (userId: number, gameId: number) => (await uncollect.run(userId, gameId)).changes > 0,
    /** Which of these games (a page of a list) the player collected: one query for the whole page. */
    favouritesAmong: async (userId: number, gameIds: number[]) =>
      new Set((await favouritesAmong.all(userId, JSON.stringify(gameIds))) as number[]),
    /** Ids of the player's enabled favourites, last collected first. */
    favourites: (userId: number, limit: number, offset: number) =>
      favourites.all(userId, limit, offset) as Promise<number[]>,
    favouriteCount: async (userId: number) => Number(await favouriteCount.get(userId)),

    help: (lang: string) => help.get(lang) as Promise<HelpRow | undefined>,
  };
}

export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
