import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Selectable, SqlBool } from 'kysely';
import { z } from 'zod';
import { GAME_TAGS, GAME_TYPES, MENU_CODES } from '../../../../shared/contract/game';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../../shared/messages';
import { oneOf, param, prepareQuery, sql } from '../../db/builder';
import type { DB } from '../../db/builder/tables';
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

/** An upsert's stored row differs from the one offered, in any of these columns (a row value, both engines). */
const changed = (table: string, columns: string[]) => {
  const stored = sql.join(columns.map((c) => sql.ref(`${table}.${c}`)));
  const offered = sql.join(columns.map((c) => sql.ref(`excluded.${c}`)));
  return sql<SqlBool>`(${stored}) is distinct from (${offered})`;
};

/**
 * Writes the catalog from db/seeds/games, following the files: rows are upserted by code (menu,
 * providers) or id (games, so ids stay stable for favourites and game records); a game no longer in the
 * file is disabled, never deleted. Unchanged rows are not written, so a second run changes nothing.
 */
export async function seedCatalog(db: Db): Promise<void> {
  cached ??= readCatalogSeed();
  const { menu, providers, games, helpPages } = cached;

  const menuRow = prepareQuery(db, (b) =>
    b
      .insertInto('game_menu')
      .values({
        code: param<DB['game_menu']['code']>('code'),
        name_en: param<string>('nameEn'),
        name_vi: param<string>('nameVi'),
        show_provider: param<number>('showProvider'),
        show_type: param<number>('showType'),
        bg_color: param<string>('bgColor'),
        sort_order: param<number>('sort'),
      })
      .onConflict((c) =>
        c
          .column('code')
          .doUpdateSet((e) => ({
            name_en: e.ref('excluded.name_en'),
            name_vi: e.ref('excluded.name_vi'),
            show_provider: e.ref('excluded.show_provider'),
            show_type: e.ref('excluded.show_type'),
            bg_color: e.ref('excluded.bg_color'),
            sort_order: e.ref('excluded.sort_order'),
          }))
          .where(changed('game_menu', ['name_en', 'name_vi', 'show_provider', 'show_type', 'bg_color', 'sort_order'])),
      ),
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

  const providerRow = prepareQuery(db, (b) =>
    b
      .insertInto('providers')
      .values({
        code: param<string>('code'),
        name: param<string>('name'),
        logo_url: param<string>('logoUrl'),
        sort_order: param<number>('sort'),
      })
      .onConflict((c) =>
        c
          .column('code')
          .doUpdateSet((e) => ({
            name: e.ref('excluded.name'),
            logo_url: e.ref('excluded.logo_url'),
            sort_order: e.ref('excluded.sort_order'),
          }))
          .where(changed('providers', ['name', 'logo_url', 'sort_order'])),
      ),
  );
  for (const [index, p] of providers.entries()) {
    await providerRow.run({ code: p.code, name: p.name, logoUrl: providerLogoUrl(p.code), sort: index + 1 });
  }

  const gameRow = prepareQuery(db, (b) =>
    b
      .insertInto('games')
      .values({
        id: param<number>('id'),
        code: param<string>('code'),
        name: param<string>('name'),
        search_name: param<string>('searchName'),
        type: param<DB['games']['type']>('type'),
        provider: param<string>('provider'),
        thumbnail_url: param<string>('thumbnailUrl'),
        hot: param<number>('hot'),
        new: param<number>('new'),
        playable: param<number>('playable'),
        open_mode: param<Selectable<DB['games']>['open_mode']>('openMode'),
        need_bind_wallet: param<number>('needBindWallet'),
        provider_game: param<string | null>('providerGame'),
        popularity: param<number>('popularity'),
        enabled: sql.lit(1),
        created_at: param<string>('now'),
      })
      .onConflict((c) =>
        c
          .column('id')
          .doUpdateSet((e) => ({
            code: e.ref('excluded.code'),
            name: e.ref('excluded.name'),
            search_name: e.ref('excluded.search_name'),
            type: e.ref('excluded.type'),
            provider: e.ref('excluded.provider'),
            thumbnail_url: e.ref('excluded.thumbnail_url'),
            hot: e.ref('excluded.hot'),
            new: e.ref('excluded.new'),
            playable: e.ref('excluded.playable'),
            open_mode: e.ref('excluded.open_mode'),
            need_bind_wallet: e.ref('excluded.need_bind_wallet'),
            provider_game: e.ref('excluded.provider_game'),
            popularity: e.ref('excluded.popularity'),
            enabled: sql.lit(1),
          }))
          // excluded.enabled is the 1 inserted.
          .where(
            changed('games', [
              'code',
              'name',
              'search_name',
              'type',
              'provider',
              'thumbnail_url',
              'hot',
              'new',
              'playable',
              'open_mode',
              'need_bind_wallet',
              'provider_game',
              'popularity',
              'enabled',
            ]),
          ),
      ),
  );
  const disableOthers = prepareQuery(db, (b, engine) =>
    b
      .updateTable('games')
      .set({ enabled: sql.lit(0) })
      .where('enabled', '=', sql.lit(1))
      .where((e) => e.not(oneOf(engine, 'id', 'ids', 'bigint'))),
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
  await disableOthers.run({ ids: games.map((g) => g.id) });

  const helpRow = prepareQuery(db, (b) =>
    b
      .insertInto('game_help')
      .values({
        lang: param<string>('lang'),
        title: param<string>('title'),
        content: param<string>('content'),
        featured: param<string>('featured'),
      })
      .onConflict((c) =>
        c
          .column('lang')
          .doUpdateSet((e) => ({
            title: e.ref('excluded.title'),
            content: e.ref('excluded.content'),
            featured: e.ref('excluded.featured'),
          }))
          .where(changed('game_help', ['title', 'content', 'featured'])),
      ),
  );
  for (const page of helpPages) await helpRow.run(page);
}
