import type { Game } from '../../../../shared/contract/game';
import type { CatalogRepo, CatalogRow, GameType, ListKind } from './catalog.repo';

/** An enabled game: its wire view (without `favourite`) and what filters and search read. */
export interface CatalogGame {
  view: Readonly<Game>;
  type: GameType;
  provider: string;
  hot: boolean;
  /** ' ' + the normalized name (see search.ts). */
  searchName: string;
}

const toGame = (row: CatalogRow): CatalogGame => ({
  view: Object.freeze({
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type,
    provider: row.provider,
    providerName: row.provider_name,
    thumbnailUrl: row.thumbnail_url,
    tags: row.hot ? (row.new ? ['hot', 'new'] : ['hot']) : row.new ? ['new'] : [],
    playable: row.playable === 1,
  } satisfies Game),
  type: row.type,
  provider: row.provider,
  hot: row.hot === 1,
  searchName: row.search_name,
});

/**
 * The enabled games in memory, most popular first, so a list or a search costs no query. The catalog is
 * reference data that changes only when seeded or edited by hand; triggers move game_catalog_version on
 * every change to games or providers, and the snapshot reloads when it moves. It looks at that number
 * only after this connection wrote something (total_changes), so a visitor's list reads no table at all.
 * (Changes made through another connection to the same file are not seen until this one writes.)
 */
export function createCatalogSnapshot(repo: CatalogRepo) {
  let seenChanges = -1;
  let version = -1;
  let games: CatalogGame[] = [];
  let byId = new Map<number, CatalogGame>();
  let byCode = new Map<string, CatalogGame>();
  let providers = new Set<string>();
  let lists = new Map<string, CatalogGame[]>();

  async function fresh() {
    const changes = await repo.totalChanges();
    if (changes === seenChanges) return;
    const current = await repo.catalogVersion();
    // Marked seen once the games of that version are in: a caller arriving meanwhile reads them itself.
    if (current === version) {
      seenChanges = changes;
      return;
    }
    const rows = await repo.enabledGames();
    seenChanges = changes;
    version = current;
    games = rows.map(toGame);
    byId = new Map(games.map((g) => [g.view.id, g]));
    byCode = new Map(games.map((g) => [g.view.code, g]));
    providers = new Set(games.map((g) => g.provider));
    lists = new Map();
  }

  return {
    /** Every enabled game, most popular first. */
    async all(): Promise<readonly CatalogGame[]> {
      await fresh();
      return games;
    },

    /**
     * A menu tab's games, most popular first. Lists are kept per filter, for known providers only, so a
     * stranger's provider codes cannot grow the memory.
     */
    async list(kind: ListKind, type?: GameType, provider?: string): Promise<readonly CatalogGame[]> {
      await fresh();
      if (provider !== undefined && !providers.has(provider)) return [];
      const key = `${kind}|${type ?? ''}|${provider ?? ''}`;
      let list = lists.get(key);
      if (!list) {
        list = games.filter(
          (g) =>
            (kind !== 'hot' || g.hot) &&
            (kind !== 'type' || g.type === type) &&
            (provider === undefined || g.provider === provider),
        );
        lists.set(key, list);
      }
      return list;
    },

    async byId(id: number): Promise<CatalogGame | undefined> {
      await fresh();
      return byId.get(id);
    },

    async byCode(code: string): Promise<CatalogGame | undefined> {
      await fresh();
      return byCode.get(code);
    },
  };
}

export type CatalogSnapshot = ReturnType<typeof createCatalogSnapshot>;
