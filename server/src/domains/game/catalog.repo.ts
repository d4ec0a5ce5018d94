import type { GAME_TYPES, MENU_CODES } from '../../../../shared/contract/game';
import { oneOf, param, prepareQuery, sql, typedParam } from '../../db/builder';
import type { Db } from '../../db/database';

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
  const menu = prepareQuery(db, (b) =>
    b.selectFrom('game_menu').selectAll().orderBy('sort_order').orderBy('code').$narrowType<MenuRow>(),
  );
  const providersWith = (kind: ListKind) =>
    prepareQuery(db, (b) =>
      b
        .selectFrom('providers as p')
        .selectAll('p')
        .where((e) =>
          e.exists(
            e
              .selectFrom('games as g')
              .select(sql.lit(1).as('one'))
              .whereRef('g.provider', '=', 'p.code')
              .where('g.enabled', '=', sql.lit(1))
              .$if(kind === 'hot', (q) => q.where('g.hot', '=', sql.lit(1)))
              .$if(kind === 'type', (q) => q.where('g.type', '=', param<GameType>('type'))),
          ),
        )
        .orderBy('p.sort_order')
        .orderBy('p.code'),
    );
  const providers = { all: providersWith('all'), hot: providersWith('hot'), type: providersWith('type') };

  // No table is read, so no read transaction either: the cheap first check of every list call. PostgreSQL
  // has no total_changes(), and other processes change the catalog too: there every call reads the version.
  let calls = 0;
  const totalChanges =
    db.engine === 'sqlite' ? prepareQuery(db, (b) => b.selectNoFrom(sql<number>`total_changes()`.as('n'))) : undefined;
  const catalogVersion = prepareQuery(db, (b) =>
    b.selectFrom('game_catalog_version').select('version').where('id', '=', sql.lit(1)),
  );
  const enabledGames = prepareQuery(db, (b) =>
    b
      .selectFrom('games as g')
      .innerJoin('providers as p', 'p.code', 'g.provider')
      .select([
        'g.id',
        'g.code',
        'g.name',
        'g.search_name',
        'g.type',
        'g.provider',
        'p.name as provider_name',
        'g.thumbnail_url',
        'g.hot',
        'g.new',
        'g.playable',
      ])
      .where('g.enabled', '=', sql.lit(1))
      .orderBy('g.popularity', 'desc')
      .orderBy('g.id')
      .$narrowType<CatalogRow>(),
  );

  const recordSearch = prepareQuery(db, (b, engine) =>
    b
      .insertInto('game_search_terms')
      .values((e) => ({
        term: param<string>('term'),
        searches: sql.lit(1),
        hits: param<number>('hit'),
        last_at: param<string>('now'),
        last_hit_at: e
          .case()
          .when(typedParam<number>(engine, 'hit', 'bigint'), '=', sql.lit(1))
          .then(param<string>('now'))
          .end(),
      }))
      .onConflict((c) =>
        c.column('term').doUpdateSet((e) => ({
          searches: e('game_search_terms.searches', '+', sql.lit(1)),
          hits: e('game_search_terms.hits', '+', e.ref('excluded.hits')),
          last_at: e.ref('excluded.last_at'),
          last_hit_at: e.fn.coalesce('excluded.last_hit_at', 'game_search_terms.last_hit_at'),
        })),
      ),
  );
  const popularSearches = prepareQuery(db, (b) =>
    b
      .selectFrom('game_search_terms')
      .select(['term', 'hits'])
      .where('hits', '>', sql.lit(0))
      .orderBy('hits', 'desc')
      .orderBy('last_hit_at', 'desc')
      .orderBy('term')
      .limit(param<number>('limit')),
  );

  const byId = prepareQuery(db, (b) =>
    b.selectFrom('games').selectAll().where('id', '=', param<number>('id')).$narrowType<GameRow>(),
  );
  const collect = prepareQuery(db, (b) =>
    b
      .insertInto('game_favourites')
      .values({ user_id: param<number>('userId'), game_id: param<number>('gameId'), created_at: param<string>('now') })
      .onConflict((c) => c.columns(['user_id', 'game_id']).doNothing()),
  );
  const uncollect = prepareQuery(db, (b) =>
    b
      .deleteFrom('game_favourites')
      .where('user_id', '=', param<number>('userId'))
      .where('game_id', '=', param<number>('gameId')),
  );
  const favouritesAmong = prepareQuery(db, (b, engine) =>
    b
      .selectFrom('game_favourites')
      .select('game_id')
      .where('user_id', '=', param<number>('userId'))
      .where(oneOf(engine, 'game_id', 'gameIds', 'bigint')),
  );
  const favourites = prepareQuery(db, (b) =>
    b
      .selectFrom('game_favourites as f')
      .innerJoin('games as g', 'g.id', 'f.game_id')
      .select('f.game_id')
      .where('f.user_id', '=', param<number>('userId'))
      .where('g.enabled', '=', sql.lit(1))
      .orderBy('f.created_at', 'desc')
      .orderBy('f.id', 'desc')
      .limit(param<number>('limit'))
      .offset(param<number>('offset')),
  );
  const favouriteCount = prepareQuery(db, (b) =>
    b
      .selectFrom('game_favourites as f')
      .innerJoin('games as g', 'g.id', 'f.game_id')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('f.user_id', '=', param<number>('userId'))
      .where('g.enabled', '=', sql.lit(1)),
  );

  const help = prepareQuery(db, (b) => b.selectFrom('game_help').selectAll().where('lang', '=', param<string>('lang')));

  return {
    menu: (): Promise<MenuRow[]> => menu.all(),
    /** Providers with at least one enabled game (of the list's kind and type when given). */
    providers: (kind: ListKind, type?: GameType): Promise<ProviderRow[]> =>
      kind === 'type' ? providers.type.all({ type }) : providers[kind].all(),

    /** Writes made through this connection so far (any table): unchanged means the catalog is too. */
    totalChanges: async () => (totalChanges ? Number((await totalChanges.get())?.n) : ++calls),
    /** Moved by triggers on every change to games or providers. */
    catalogVersion: async () => Number((await catalogVersion.get())?.version),
    /** Every enabled game, most popular first. */
    enabledGames: (): Promise<CatalogRow[]> => enabledGames.all(),

    recordSearch: (term: string, hit: boolean, now: string) => recordSearch.run({ term, hit: hit ? 1 : 0, now }),
    popularSearches: (limit: number) => popularSearches.all({ limit }),

    byId: (id: number): Promise<GameRow | undefined> => byId.get({ id }),
    /** False when the game was already a favourite. */
    collect: async (userId: number, gameId: number, now: string) =>
      (await collect.run({ userId, gameId, now })).changes > 0,
    /** False when it was not one. */
    uncollect: async (userId: number, gameId: number) => (await uncollect.run({ userId, gameId })).changes > 0,
    /** Which of these games (a page of a list) the player collected: one query for the whole page. */
    favouritesAmong: async (userId: number, gameIds: number[]) =>
      new Set((await favouritesAmong.all({ userId, gameIds })).map((row) => row.game_id)),
    /** Ids of the player's enabled favourites, last collected first. */
    favourites: async (userId: number, limit: number, offset: number) =>
      (await favourites.all({ userId, limit, offset })).map((row) => row.game_id),
    favouriteCount: async (userId: number) => (await favouriteCount.get({ userId }))?.n ?? 0,

    help: (lang: string): Promise<HelpRow | undefined> => help.get({ lang }),
  };
}

export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
