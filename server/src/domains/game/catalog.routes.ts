import type { FastifyInstance } from 'fastify';
import * as game from '../../../../shared/contract/game';
import { route } from '../../route';
import type { CatalogService } from './catalog.service';

/**
 * The catalog, search, favourites and the Help Slot tab. A pair's visitor form (`/api/open/...`) answers
 * without `favourite` even when a session cookie comes along; its logged-in form fills it in. Search and
 * searchDiscover exist in one open form only, so they fill `favourite` in whenever a player is logged in.
 */
export function catalogRoutes(app: FastifyInstance, catalog: CatalogService) {
  route(app, game.gameMenu.open, ({ request }) => catalog.menu(request.lang));
  route(app, game.gameMenu.user, ({ request }) => catalog.menu(request.lang));

  route(app, game.gameProviders.open, ({ query }) => catalog.providers(query.type));
  route(app, game.gameProviders.user, ({ query }) => catalog.providers(query.type));

  route(app, game.gameList.open, ({ query }) => catalog.list(query, null));
  route(app, game.gameList.user, ({ query, user }) => catalog.list(query, user.id));

  route(app, game.hotGames.open, ({ query }) => catalog.hot(query, null));
  route(app, game.hotGames.user, ({ query, user }) => catalog.hot(query, user.id));

  route(app, game.liveGames.open, ({ query }) => catalog.live(query, null));
  route(app, game.liveGames.user, ({ query, user }) => catalog.live(query, user.id));

  route(app, game.searchGames, ({ query, user }) => catalog.search(query, user?.id ?? null));
  route(app, game.searchDiscover, ({ user }) => catalog.discover(user?.id ?? null));

  route(app, game.favouriteGames, ({ query, user }) => catalog.favourites(user.id, query));
  route(app, game.collectGame, async ({ body, user, succeed }) => {
    await catalog.collect(user.id, body.gameId);
    succeed('gameCollected');
    return null;
  });
  route(app, game.uncollectGame, async ({ body, user, succeed }) => {
    await catalog.uncollect(user.id, body.gameId);
    succeed('gameUncollected');
    return null;
  });

  route(app, game.gameHelper, ({ request, user }) => catalog.helper(request.lang, user.id));
}
