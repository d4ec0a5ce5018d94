import type { FastifyInstance } from 'fastify';
import { playRoutes } from './routes';
import { createPlayService, type PlayService } from './service';

declare module 'fastify' {
  interface AppServices {
    play: PlayService;
  }
}

/** The seamless wallet of the game provider: the service and its routes. */
export function register(app: FastifyInstance) {
  const { ledger, users } = app.services;
  const play = createPlayService({
    db: app.db,
    clock: app.clock,
    config: app.config,
    ledger,
    events: app.events,
    hasWallet: async (userId) => (await users.byId(userId))?.has_wallet === 1,
    nickname: async (userId) => {
      const row = await users.byId(userId);
      return { uid: row?.uid ?? 0, nickname: row?.nickname ?? '' };
    },
    assertMayPlay: (userId) => app.services.responsible.assertMayPlay(userId),
    assertMayStake: (userId, amount) => app.services.responsible.assertMayStake(userId, amount),
  });
  Object.assign(app.services, { play });
  playRoutes(app, play);
}
