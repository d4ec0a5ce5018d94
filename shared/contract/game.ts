import { z } from 'zod';
import { Code } from '../codes';
import { RuleMessage } from '../rules';
import { isoTime, nothing, paged, pageQuery, pesos } from './common';
import { defineEndpoint, type Endpoint } from './define';
import { dateRangeCheck, dateRangeQuery, idSchema } from './fields';

/** Game types (what a game is) and menu codes (the lobby tabs: the types plus default and hot), spec section 3. */
export const GAME_TYPES = ['slot', 'live', 'sports', 'fish', 'poker', 'arcade'] as const;
export const MENU_CODES = ['default', 'hot', ...GAME_TYPES] as const;
export const GAME_TAGS = ['hot', 'new'] as const;
export const gameTypeSchema = z.enum(GAME_TYPES);
export const menuCodeSchema = z.enum(MENU_CODES);

const providerCode = z.string().min(1, RuleMessage.required).max(32, RuleMessage.format);

export const gameMenuSchema = z.object({
  code: menuCodeSchema,
  name: z.string().describe('Tab label in the language of the request'),
  showProvider: z.boolean().describe('Show the provider filter on this tab'),
  showType: z.literal([0, 1, 2]).describe('0 normal, 1 live, 2 sports'),
  bgColor: z.string().describe('CSS colour of the tab'),
});

export const providerSchema = z.object({
  code: z.string(),
  name: z.string(),
  logoUrl: z.string().describe('Logo served by this server'),
});

export const gameSchema = z.object({
  id: z.number().int().describe('Sent back as gameId (getUrl, collect)'),
  code: z.string().describe("The provider's code of the game"),
  name: z.string(),
  type: gameTypeSchema,
  provider: z.string().describe('Provider code (manuf/fetch)'),
  providerName: z.string(),
  thumbnailUrl: z.string().describe('Thumbnail served by this server'),
  tags: z.array(z.enum(GAME_TAGS)),
  playable: z.boolean().describe('Can be launched now; false shows the tile as coming soon'),
  favourite: z
    .boolean()
    .optional()
    .describe('Logged-in forms only: the player has collected it. Absent in the visitor forms'),
});
export type Game = z.infer<typeof gameSchema>;

type PairParts = Omit<Endpoint, 'method' | 'path' | 'access'>;

/**
 * A game endpoint in its two forms (spec section 7): the logged-in `/api/<sub>` and the visitor
 * `/api/open/<sub>`. Both share one set of schemas; the logged-in form fills `favourite` in.
 * (The visitor summary is typed `string`: a spread of `parts` keeps its literal summary, and two different
 * literals for one property would make the whole endpoint type `never`.)
 */
const gamePair = <const S extends string, const P extends PairParts>(sub: S, parts: P) => ({
  open: defineEndpoint({
    ...parts,
    method: 'GET',
    path: `/api/open/${sub}`,
    access: 'open',
    summary: `${parts.summary} (visitor form)` as string,
  }),
  user: defineEndpoint({ ...parts, method: 'GET', path: `/api/${sub}`, access: 'user' }),
});

export const gameMenu = gamePair('game/type', {
  summary: 'The lobby menu: game types with their display settings',
  data: z.array(gameMenuSchema),
});

export const gameProviders = gamePair('manuf/fetch', {
  summary: 'Game providers, optionally only those with games of a type',
  query: z.strictObject({ type: menuCodeSchema.optional() }),
  data: z.array(providerSchema),
});

export const gameList = gamePair('game/fetch', {
  summary: 'Games of a menu tab, optionally of one provider',
  query: z.strictObject({
    type: menuCodeSchema.describe('A menu code: default lists every game, hot the hot-tagged ones, else the type'),
    provider: providerCode.optional(),
    ...pageQuery,
  }),
  data: paged(gameSchema),
});

export const hotGames = gamePair('game/fetch/hot', {
  summary: 'Hot games',
  query: z.strictObject({ ...pageQuery }),
  data: paged(gameSchema),
});

export const liveGames = gamePair('game/fetch/live', {
  summary: 'Live games',
  query: z.strictObject({ ...pageQuery }),
  data: paged(gameSchema),
});

export const searchGames = defineEndpoint({
  method: 'GET',
  path: '/api/open/game/search',
  access: 'open',
  summary: 'Search games by name (case- and accent-insensitive, partial words); counts the search',
  query: z.strictObject({
    q: z.string().trim().min(1, RuleMessage.required).max(50, RuleMessage.format),
    ...pageQuery,
  }),
  data: paged(gameSchema),
});

export const searchDiscover = defineEndpoint({
  method: 'GET',
  path: '/api/open/game/searchDiscover',
  access: 'open',
  summary: 'Popular searches and recommended games for the search screen',
  data: z.object({
    popular: z.array(z.object({ keyword: z.string(), searches: z.number().int().nonnegative() })),
    recommended: z.array(gameSchema),
  }),
});

export const favouriteGames = defineEndpoint({
  method: 'GET',
  path: '/api/user/game/collect/fetch',
  access: 'user',
  summary: "The player's favourite games, last collected first",
  query: z.strictObject({ ...pageQuery }),
  data: paged(gameSchema),
});

export const gameHelper = defineEndpoint({
  method: 'GET',
  path: '/api/game/helper',
  access: 'user',
  quiet: true,
  summary: 'The content of the Help Slot tab',
  data: z.object({
    title: z.string(),
    content: z.string().describe('Markdown'),
    games: z.array(gameSchema).describe('Games featured on the tab'),
  }),
});

export const gameRoundSchema = z.object({
  roundId: z.string(),
  gameId: z.number().int(),
  gameName: z.string(),
  bet: pesos,
  win: pesos,
  result: z.string().describe('What happened, as the game reports it (e.g. "3x Cherry on line 2", "Refunded")'),
  createdAt: isoTime,
});

export const gameRecords = defineEndpoint({
  method: 'GET',
  path: '/api/game/record/:type',
  access: 'user',
  summary: "The player's game rounds of one type (or all), newest first, with totals",
  params: z.strictObject({ type: z.enum(['all', ...GAME_TYPES]) }),
  query: z.strictObject({ ...dateRangeQuery, ...pageQuery }).refine(...dateRangeCheck),
  data: paged(gameRoundSchema).extend({
    totalBet: pesos.describe('Sum of bet over every round matching the filters'),
    totalWin: pesos.describe('Sum of win over every round matching the filters'),
  }),
});

const gameIdBody = z.strictObject({ gameId: idSchema });

export const collectGame = defineEndpoint({
  method: 'POST',
  path: '/api/user/game/collect',
  access: 'user',
  summary: 'Add a game to the favourites (already there: no change)',
  body: gameIdBody,
  data: nothing,
  codes: [Code.GAME_NOT_FOUND],
});

export const uncollectGame = defineEndpoint({
  method: 'POST',
  path: '/api/user/game/collect/del',
  access: 'user',
  summary: 'Remove a game from the favourites (not there: no change)',
  body: gameIdBody,
  data: nothing,
  codes: [Code.GAME_NOT_FOUND],
});

export const gameUrl = defineEndpoint({
  method: 'POST',
  path: '/api/game/getUrl',
  access: 'user',
  summary: 'Launch a game: a short-lived signed play URL',
  body: gameIdBody,
  data: z.object({
    playUrl: z.string().describe('Empty when needBindWallet is true'),
    openMode: z
      .enum(['iframe', 'browser'])
      .describe('iframe: the game frame; browser: an external browser in the app wrapper'),
    needBindWallet: z.boolean().describe('The game asks for a bound wallet and the player has none: open bind wallet'),
  }),
  codes: [Code.GAME_NOT_FOUND, Code.GAME_NOT_PLAYABLE, Code.PLAY_PAUSED],
});

export const gameEndpoints = [
  gameMenu.open,
  gameMenu.user,
  gameProviders.open,
  gameProviders.user,
  gameList.open,
  gameList.user,
  hotGames.open,
  hotGames.user,
  liveGames.open,
  liveGames.user,
  searchGames,
  searchDiscover,
  favouriteGames,
  gameHelper,
  gameRecords,
  collectGame,
  uncollectGame,
  gameUrl,
] as const;
