import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { Code } from '../../../../shared/codes';
import { createProviderEngine } from './engine';
import { GAMES, isGameKey } from './games';
import { errorPage, gamePage } from './page';
import { walletClient } from './wallet-client';

const RECOVER_EVERY_MS = 60_000;
const sessionParams = z.object({ sessionId: z.string().min(10).max(64) });

/**
 * The demo game provider, served under /provider as a real provider would be on its own host: game
 * pages launched with the casino's one-time token, a small game API for them, and a seamless-wallet
 * client that settles every round through the casino.
 */
export const demoProvider = fp(
  async (app: FastifyInstance) => {
    const engine = createProviderEngine({ db: app.db, clock: app.clock, wallet: walletClient(app) });
    app.decorate('provider', engine);

    await app.register(fastifyStatic, {
      root: join(import.meta.dirname, 'assets'),
      prefix: '/provider/assets/',
      decorateReply: false,
      maxAge: '1h',
    });

    app.get<{ Params: { game: string }; Querystring: { token?: string } }>(
      '/provider/play/:game',
      async (request, reply) => {
        reply.type('text/html; charset=utf-8');
        const { game } = request.params;
        const token = String(request.query.token ?? '');
        if (!isGameKey(game) || !token || token.length > 200)
          return reply.status(404).send(errorPage('This game link is not valid.'));
        const opened = await engine.open(token, game);
        if (!opened.ok) return reply.status(410).send(errorPage(opened.message));
        return reply.header('Cache-Control', 'no-store').send(
          gamePage({
            game,
            title: GAMES[game].name,
            sessionId: opened.id,
            balance: opened.balance,
            nickname: opened.nickname,
            language: opened.language,
          }),
        );
      },
    );

    app.post('/provider/api/:sessionId/balance', async (request) => {
      const params = sessionParams.safeParse(request.params);
      if (!params.success) return { ok: false, code: Code.GAME_TOKEN_INVALID, message: 'Session ended' };
      return engine.balance(params.data.sessionId);
    });

    app.post('/provider/api/:sessionId/play', { bodyLimit: 2048 }, async (request) => {
      const params = sessionParams.safeParse(request.params);
      if (!params.success) return { ok: false, code: Code.GAME_TOKEN_INVALID, message: 'Session ended' };
      return engine.play(params.data.sessionId, request.body ?? {});
    });

    // Rounds a crash left half done are finished at start, then any stuck for a minute.
    // (After ready, not inside it: the wallet calls go through inject, which waits for ready.)
    app.addHook('onReady', async () => {
      setImmediate(() => void engine.recover(0).catch((err) => app.log.error({ err }, 'provider recovery failed')));
    });
    const timer = setInterval(
      () => void engine.recover(RECOVER_EVERY_MS).catch((err) => app.log.error({ err }, 'provider recovery failed')),
      RECOVER_EVERY_MS,
    );
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'demo-provider', dependencies: ['domains'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    provider: ReturnType<typeof createProviderEngine>;
  }
}
