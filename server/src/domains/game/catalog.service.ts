import { Code } from '../../../../shared/codes';
import type { Game } from '../../../../shared/contract/game';
import { DEFAULT_LANGUAGE, type Language } from '../../../../shared/messages';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { createCatalogRepo, type GameRow, type GameType, type ListKind, type MenuCode } from './catalog.repo';
import { type CatalogGame, createCatalogSnapshot } from './catalog.snapshot';
import { normalizeSearch, searchWords } from './search';

/** Sizes of the fixed lists of the search screen. */
export const POPULAR_SEARCHES = 8;
export const RECOMMENDED_GAMES = 9;

interface PageQuery {
  page: number;
  size: number;
}

const kindOf = (code: MenuCode): { kind: ListKind; type?: GameType } =>
  code === 'default' ? { kind: 'all' } : code === 'hot' ? { kind: 'hot' } : { kind: 'type', type: code };

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * The game catalog: the lobby menu, providers, game lists, search with its counts, favourites and the Help
 * Slot tab. Lists and search read the in-memory snapshot of the enabled games (catalog.snapshot.ts). Every
 * list takes the player's id to say which games they collected (one query per page), or null for a
 * visitor, whose games carry no `favourite` at all.
 */
export function createCatalogService(deps: {
  db: Db;
  clock: Clock;
  /** A setting of app_config ('' when unset): fills `{{cs_telegram}}` and the like in the help content. */
  configValue: (key: string) => Promise<string>;
}) {
  const { clock } = deps;
  const repo = createCatalogRepo(deps.db);
  const snapshot = createCatalogSnapshot(repo);

  /** The wire views of these games; with `favourite` when a player asks. */
  async function views(games: readonly CatalogGame[], userId: number | null): Promise<Game[]> {
    if (userId === null) return games.map((g) => g.view);
    const ids = games.map((g) => g.view.id);
    const collected = ids.length ? await repo.favouritesAmong(userId, ids) : new Set<number>();
    return games.map((g) => ({ ...g.view, favourite: collected.has(g.view.id) }));
  }

  async function page(games: readonly CatalogGame[], q: PageQuery, userId: number | null) {
    const offset = (q.page - 1) * q.size;
    return {
      list: await views(games.slice(offset, offset + q.size), userId),
      page: q.page,
      size: q.size,
      total: games.length,
    };
  }

  const list = async (
    filter: { kind: ListKind; type?: GameType; provider?: string },
    q: PageQuery,
    userId: number | null,
  ) => page(await snapshot.list(filter.kind, filter.type, filter.provider), q, userId);

  return {
    /** Enabled games, in catalog order (the scenario kit picks a playable one). */
    enabledGames: () => repo.enabledGames(),

    menu: async (lang: Language) =>
      (await repo.menu()).map((m) => ({
        code: m.code,
        name: lang === 'vi-VN' ? m.name_vi : m.name_en,
        showProvider: m.show_provider === 1,
        showType: m.show_type,
        bgColor: m.bg_color,
      })),

    /** Providers with games (of a menu tab when given), in their display order. */
    async providers(code?: MenuCode) {
      const { kind, type } = kindOf(code ?? 'default');
      return (await repo.providers(kind, type)).map((p) => ({ code: p.code, name: p.name, logoUrl: p.logo_url }));
    },

    /** A menu tab's games: `default` every game, `hot` the hot-tagged ones, else one type; most popular first. */
    list: (q: { type: MenuCode; provider?: string } & PageQuery, userId: number | null) =>
      list({ ...kindOf(q.type), provider: q.provider }, q, userId),

    hot: (q: PageQuery, userId: number | null) => list({ kind: 'hot' }, q, userId),
    live: (q: PageQuery, userId: number | null) => list({ kind: 'type', type: 'live' }, q, userId),

    /**
     * Games whose name has, for every typed word, a word starting with it (any order, case and accents
     * ignored): "gold fort" and "fôrtune" find "Golden Fortune", "une" does not. Names starting with the
     * whole term come first, then names containing it, then by popularity. The first page of a search
     * counts the term; only searches that found something make it popular.
     */
    async search(q: { q: string } & PageQuery, userId: number | null) {
      const term = normalizeSearch(q.q);
      const words = searchWords(term).map((w) => ` ${w}`);
      if (words.length === 0) return { list: [], page: q.page, size: q.size, total: 0 };
      const phrase = ` ${term}`;
      const rank = (g: CatalogGame) => (g.searchName.startsWith(phrase) ? 0 : g.searchName.includes(phrase) ? 1 : 2);
      const found = (await snapshot.all())
        .filter((g) => words.every((w) => g.searchName.includes(w)))
        .sort((a, b) => rank(a) - rank(b)); // stable: popularity order within a rank
      if (q.page === 1) await repo.recordSearch(term, found.length > 0, clock.iso());
      return page(found, q, userId);
    },

    /** The search screen: the most searched terms that found games (latest first on a tie), and hot games. */
    discover: async (userId: number | null) => ({
      popular: (await repo.popularSearches(POPULAR_SEARCHES)).map((s) => ({ keyword: s.term, searches: s.hits })),
      recommended: await views((await snapshot.list('hot')).slice(0, RECOMMENDED_GAMES), userId),
    }),

    /** Adds a game to the player's favourites; already there is fine. */
    async collect(userId: number, gameId: number) {
      const game = await repo.byId(gameId);
      if (!game?.enabled) throw new AppError(Code.GAME_NOT_FOUND);
      await repo.collect(userId, gameId, clock.iso());
    },

    /** Removes a game from the favourites; not there is fine. A withdrawn game can still be removed. */
    async uncollect(userId: number, gameId: number) {
      if (!(await repo.byId(gameId))) throw new AppError(Code.GAME_NOT_FOUND);
      await repo.uncollect(userId, gameId);
    },

    async favourites(userId: number, q: PageQuery) {
      const offset = (q.page - 1) * q.size;
      const ids = await repo.favourites(userId, q.size, offset);
      const games: CatalogGame[] = [];
      for (const id of ids) {
        const game = await snapshot.byId(id);
        if (game) games.push(game);
      }
      // A short page that is not empty is the last one: it tells the total without counting.
      const total = ids.length > 0 && ids.length < q.size ? offset + ids.length : await repo.favouriteCount(userId);
      return { list: games.map((g) => ({ ...g.view, favourite: true })), page: q.page, size: q.size, total };
    },

    /** The Help Slot tab in the player's language, support contacts filled in from the app config. */
    async helper(lang: Language, userId: number | null) {
      const help = (await repo.help(lang)) ?? (await repo.help(DEFAULT_LANGUAGE));
      if (!help) return { title: '', content: '', games: [] };
      const fill = async (text: string) => {
        const values = new Map<string, string>();
        for (const [, key] of text.matchAll(PLACEHOLDER)) {
          if (key !== undefined && !values.has(key)) values.set(key, await deps.configValue(key));
        }
        return text.replace(PLACEHOLDER, (whole, key: string) => values.get(key) || whole);
      };
      const featured = JSON.parse(help.featured) as string[];
      const games: CatalogGame[] = [];
      for (const code of featured) {
        const game = await snapshot.byCode(code);
        if (game) games.push(game);
      }
      return {
        title: await fill(help.title),
        content: await fill(help.content),
        games: await views(games, userId),
      };
    },

    /**
     * What launch (POST /api/game/getUrl) needs of a game, or undefined for an unknown or withdrawn one
     * (answer Code.GAME_NOT_FOUND).
     */
    async launchSettings(gameId: number) {
      const game: GameRow | undefined = await repo.byId(gameId);
      if (!game?.enabled) return undefined;
      return {
        id: game.id,
        code: game.code,
        name: game.name,
        type: game.type,
        provider: game.provider,
        playable: game.playable === 1,
        openMode: game.open_mode,
        needBindWallet: game.need_bind_wallet === 1,
        providerGame: game.provider_game,
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
