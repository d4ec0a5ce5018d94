import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { GAME_TAGS, GAME_TYPES, MENU_CODES } from '../../../../shared/contract/game';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../../shared/messages';
import { type Db, SEEDS_DIR } from '../../db/database';
import { TITLE_KEYS } from '../../sandbox/provider/games/titles';
import { searchName } from './search';

export const GAMES_SEED_DIR = join(SEEDS_DIR, 'games');

/** The demo provider's titles (server/src/sandbox/provider/games/titles.ts): the only keys a playable game may launch. */
export const PROVIDER_GAMES = TITLE_KEYS;

export const thumbnailUrl = (code: string) => `/static/games/${code}.svg`;
export const providerLogoUrl = (code: string) => `/static/providers/${code}.svg`;

const localized = z.strictObject({ 'en-US': z.string().trim().min(1), 'vi-VN': z.string().trim().min(1) });
/** Codes name files (thumbnails, logos), so they stay plain. */
const fileCode = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words joined by -');

const menuSeed = z
  .array(
    z.strictObject({
      code: z.enum(MENU_CODES),
      name: localized,
      showProvider: z.boolean(),
      showType: z.literal([0, 1, 2]),
      bgColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    }),
  )
  .refine((menu) => menu.length === MENU_CODES.length && new Set(menu.map((m) => m.code)).size === menu.length, {
    message: `the menu lists each of ${MENU_CODES.join(', ')} once`,
  });

const providerSeed = z
  .array(z.strictObject({ code: fileCode.max(32), name: z.string().trim().min(1).max(40) }))
  .refine((list) => new Set(list.map((p) => p.code)).size === list.length, 'provider codes must be unique');

const gameSeed = z
  .strictObject({
    id: z.number().int().positive(),
    code: fileCode.max(48),
    name: z.string().trim().min(1).max(40),
    type: z.enum(GAME_TYPES),
    provider: z.string(),
    tags: z.array(z.enum(GAME_TAGS)),
    popularity: z.number().int().min(0),
    playable: z.boolean().default(false),
    providerGame: z
      .string()
      .refine((key) => PROVIDER_GAMES.includes(key), 'not a title of the demo provider')
      .optional(),
    openMode: z.enum(['iframe', 'browser']).default('iframe'),
    needBindWallet: z.boolean().default(false),
  })
  .refine((g) => g.playable === (g.providerGame !== undefined), 'a playable game names its providerGame, others none');

const unique = <T>(items: T[], key: (item: T) => string | number) => new Set(items.map(key)).size === items.length;

const gamesSeed = z
  .array(gameSeed)
  .refine((games) => unique(games, (g) => g.id), 'game ids must be unique')
  .refine((games) => unique(games, (g) => g.code), 'game codes must be unique')
  .refine((games) => unique(games, (g) => g.name.toLowerCase()), 'game names must be unique');

const helpSeed = z.strictObject({ title: localized, featured: z.array(fileCode).max(12) });

function readJson<S extends z.ZodType>(file: string, schema: S): z.output<S> {
  const path = join(GAMES_SEED_DIR, file);
  const parsed = schema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`Bad seed file ${path}:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Reads and checks db/seeds/games: menu, providers, games and the Help Slot tab (help.json, help.<lang>.md). */
export function readCatalogSeed() {
  const menu = readJson('menu.json', menuSeed);
  const providers = readJson('providers.json', providerSeed);
  const games = readJson('games.json', gamesSeed);
  const help = readJson('help.json', helpSeed);

  const providerCodes = new Set(providers.map((p) => p.code));
  for (const g of games) {
    if (!providerCodes.has(g.provider)) throw new Error(`Seed game ${g.code}: unknown provider ${g.provider}`);
  }
  const gameCodes = new Set(games.map((g) => g.code));
  for (const code of help.featured) {
    if (!gameCodes.has(code)) throw new Error(`Seed help.json: unknown featured game ${code}`);
  }
  const helpPages = LANGUAGES.map((lang) => ({
    lang,
    title: help.title[lang],
    content: readFileSync(join(GAMES_SEED_DIR, `help.${lang}.md`), 'utf8').trim(),
    featured: JSON.stringify(help.featured),
  }));
  if (!helpPages.some((h) => h.lang === DEFAULT_LANGUAGE && h.content)) throw new Error('Empty help.en-US.md');
  return { menu, providers, games, helpPages };
}

let cached: ReturnType<typeof readCatalogSeed> | undefined;

/**
 * Writes the catalog from db/seeds/games, following the files: rows are upserted by code (menu,
 * providers) or id (games, so ids stay stable for favourites and game records); a game no longer in the
 * file is disabled, never deleted. Unchanged rows are not written, so a second run changes nothing.
 */
export async function seedCatalog(db: Db): Promise<void> {
  cached ??= readCatalogSeed();
  const { menu, providers, games, helpPages } = cached;

  const menuRow = db.prepare(
    `INSERT INTO game_menu (code, name_en, name_vi, show_provider, show_type, bg_color, sort_order)
     VALUES (@code, @nameEn, @nameVi, @showProvider, @showType, @bgColor, @sort)
     ON CONFLICT (code) DO UPDATE SET name_en = excluded.name_en, name_vi = excluded.name_vi,
       show_provider = excluded.show_provider, show_type = excluded.show_type, bg_color = excluded.bg_color,
       sort_order = excluded.sort_order
     WHERE (game_menu.name_en, game_menu.name_vi, game_menu.show_provider, game_menu.show_type, game_menu.bg_color,
       game_menu.sort_order) IS DISTINCT FROM
       (excluded.name_en, excluded.name_vi, excluded.show_provider, excluded.show_type, excluded.bg_color,
        excluded.sort_order)`,
  );
  for (const [index, m] of menu.entries()) {
    await menuRow.run({
      code: m.code,
      nameEn: m.name['en-US'],
      nameVi: m.name['vi-VN'],
      showProvider: m.showProvider ? 1 : 0,
      showType: m.showType,
      bgColor: m.bgColor,
      sort: index + 1,
    });
  }

  const providerRow = db.prepare(
    `INSERT INTO providers (code, name, logo_url, sort_order) VALUES (@code, @name, @logoUrl, @sort)
     ON CONFLICT (code) DO UPDATE SET name = excluded.name, logo_url = excluded.logo_url, sort_order = excluded.sort_order
     WHERE (providers.name, providers.logo_url, providers.sort_order) IS DISTINCT FROM (excluded.name, excluded.logo_url, excluded.sort_order)`,
  );
  for (const [index, p] of providers.entries()) {
    await providerRow.run({ code: p.code, name: p.name, logoUrl: providerLogoUrl(p.code), sort: index + 1 });
  }

  const gameRow = db.prepare(
    `INSERT INTO games (id, code, name, search_name, type, provider, thumbnail_url, hot, new, playable, open_mode,
       need_bind_wallet, provider_game, popularity, enabled, created_at)
     VALUES (@id, @code, @name, @searchName, @type, @provider, @thumbnailUrl, @hot, @new, @playable, @openMode,
       @needBindWallet, @providerGame, @popularity, 1, @now)
     ON CONFLICT (id) DO UPDATE SET code = excluded.code, name = excluded.name, search_name = excluded.search_name,
       type = excluded.type, provider = excluded.provider, thumbnail_url = excluded.thumbnail_url, hot = excluded.hot,
       new = excluded.new, playable = excluded.playable, open_mode = excluded.open_mode,
       need_bind_wallet = excluded.need_bind_wallet, provider_game = excluded.provider_game,
       popularity = excluded.popularity, enabled = 1
     WHERE (games.code, games.name, games.search_name, games.type, games.provider, games.thumbnail_url, games.hot,
       games.new, games.playable, games.open_mode, games.need_bind_wallet, games.provider_game, games.popularity,
       games.enabled) IS DISTINCT FROM
       (excluded.code, excluded.name, excluded.search_name, excluded.type, excluded.provider, excluded.thumbnail_url,
        excluded.hot, excluded.new, excluded.playable, excluded.open_mode, excluded.need_bind_wallet,
        excluded.provider_game, excluded.popularity, 1)`,
  );
  const now = new Date().toISOString();
  for (const g of games) {
    await gameRow.run({
      id: g.id,
      code: g.code,
      name: g.name,
      searchName: searchName(g.name),
      type: g.type,
      provider: g.provider,
      thumbnailUrl: thumbnailUrl(g.code),
      hot: g.tags.includes('hot') ? 1 : 0,
      new: g.tags.includes('new') ? 1 : 0,
      playable: g.playable ? 1 : 0,
      openMode: g.openMode,
      needBindWallet: g.needBindWallet ? 1 : 0,
      providerGame: g.providerGame ?? null,
      popularity: g.popularity,
      now,
    });
  }
  await db
    .prepare(
      'UPDATE games SET enabled = 0 WHERE enabled = 1 AND id NOT IN (SELECT CAST(value AS BIGINT) FROM json_each(?))',
    )
    .run(JSON.stringify(games.map((g) => g.id)));

  const helpRow = db.prepare(
    `INSERT INTO game_help (lang, title, content, featured) VALUES (@lang, @title, @content, @featured)
     ON CONFLICT (lang) DO UPDATE SET title = excluded.title, content = excluded.content, featured = excluded.featured
     WHERE (game_help.title, game_help.content, game_help.featured) IS DISTINCT FROM (excluded.title, excluded.content, excluded.featured)`,
  );
  for (const page of helpPages) await helpRow.run(page);
}
