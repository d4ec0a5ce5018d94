import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { Code } from '../../../../shared/codes';
import { verifyRound } from '../../../../shared/contract/provably-fair';
import { resilient } from '../../plugins/broker';
import { route } from '../../route';
import { createProviderEngine, OPEN_ROUND_IDLE_MS } from './engine';
import { errorPage, gamePage, verifyPage } from './page';
import { GAMES_DIR } from './page-assets';
import { createProviderRepo } from './repo';
import { verifyHandler } from './verify';
import { walletClient } from './wallet-client';

const RECOVER_EVERY_MS = 60_000;
const sessionParams = z.object({ sessionId: z.string().min(10).max(64) });
const actBody = z.object({ roundId: z.string().min(1).max(64), action: z.unknown() });
const seedsBody = z.object({ clientSeed: z.string().max(64).optional() });

/**
 * The demo game provider, served under /provider as a real provider would be on its own host: game
 * pages launched with the casino's one-time token, a small game API for them, a public verify page, and
 * a seamless-wallet client that settles every round through the casino.
 */
export const demoProvider = fp(
  async (app: FastifyInstance) => {
    const engine = createProviderEngine({
      db: app.db,
      clock: app.clock,
      wallet: walletClient(app),
      broker: app.cluster.broker,
    });
    app.decorate('provider', engine);
    // A restore, a reset or a scenario swapped the data: the page sessions cached here may be gone from it.
    app.events.on('db.restored', () => engine.sessions.forget());

    // The built pages (vite.games.config.ts): file names carry their content's hash, so they never change.
    mkdirSync(GAMES_DIR, { recursive: true });
    await app.register(fastifyStatic, {
      root: GAMES_DIR,
      prefix: '/provider/pages/',
      decorateReply: false,
      preCompressed: true,
      setHeaders: (res) => {
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });

    app.get<{ Params: { game: string }; Querystring: { token?: string } }>(
      '/provider/play/:game',
      async (request, reply) => {
        reply.type('text/html; charset=utf-8');
        const { game } = request.params;
        const token = String(request.query.token ?? '');
        if (!engine.studio.titles.has(game) || !token || token.length > 200)
          return reply.status(404).send(errorPage('This game link is not valid.'));
        const opened = await engine.open(token, game);
        if (!opened.ok) return reply.status(410).send(errorPage(opened.message));
        return reply.header('Cache-Control', 'no-store').send(
          gamePage({
            title: opened.title,
            sessionId: opened.id,
            balance: opened.balance,
            nickname: opened.nickname,
            language: opened.language,
            seeds: opened.seeds,
          }),
        );
      },
    );

    // The page is HTML for people, not an API operation: it stays out of the OpenAPI document.
    app.get('/provider/verify', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(verifyPage()),
    );
    const rounds = createProviderRepo(app.db);
    const verify = verifyHandler(engine, (id) => rounds.round(id));
    route(app, verifyRound, ({ query }) => verify(query));

    const withSession =
      <T>(run: (sessionId: string, request: { body: unknown }) => T) =>
      async (request: { params: unknown; body: unknown }) => {
        const params = sessionParams.safeParse(request.params);
        if (!params.success) return { ok: false, code: Code.GAME_TOKEN_INVALID, message: 'Session ended' };
        return run(params.data.sessionId, request);
      };

    app.post(
      '/provider/api/:sessionId/balance',
      withSession((id) => engine.balance(id)),
    );
    app.post(
      '/provider/api/:sessionId/play',
      { bodyLimit: 2048 },
      withSession((id, request) => engine.play(id, request.body ?? {})),
    );
    app.post(
      '/provider/api/:sessionId/act',
      { bodyLimit: 2048 },
      withSession((id, request) => {
        const body = actBody.safeParse(request.body ?? {});
        if (!body.success) return { ok: false, code: Code.GAME_ACTION_INVALID, message: 'Send roundId and action.' };
        return engine.act(id, body.data.roundId, body.data.action);
      }),
    );
    // A shared table's countdown (common.js polls it every second while the page is open).
    app.post(
      '/provider/api/:sessionId/table',
      withSession((id) => engine.tableStatus(id)),
    );
    // A shared table's drawn cycles from the server (the page's roads and last results; read on load and
    // after each draw).
    app.post(
      '/provider/api/:sessionId/history',
      withSession((id) => engine.tableHistory(id)),
    );
    // The shared fishing pond: its fish on the server clock and the other players' cannons (pages/fishing.ts polls
    // it about once a second while the page is open).
    app.post(
      '/provider/api/:sessionId/pond',
      { bodyLimit: 1024 },
      withSession((id, request) => engine.pondStatus(id, request.body ?? {})),
    );
    // A shared crash round: what everyone sees (polled about once a second) and the cash-out button. The
    // cash-out takes no body: the server's clock at receipt decides, never a multiplier the page sends.
    app.post(
      '/provider/api/:sessionId/crash',
      withSession((id) => engine.crash.status(id)),
    );
    app.post(
      '/provider/api/:sessionId/crash/cashout',
      withSession((id) => engine.crash.cashOut(id)),
    );
    app.post(
      '/provider/api/:sessionId/seeds',
      withSession((id) => engine.seedsOf(id)),
    );
    app.post(
      '/provider/api/:sessionId/seeds/rotate',
      { bodyLimit: 1024 },
      withSession((id, request) => {
        const body = seedsBody.safeParse(request.body ?? {});
        if (!body.success)
          return { ok: false, code: Code.BET_INVALID, message: 'A client seed is up to 64 characters.' };
        return engine.rotateSeeds(id, body.data.clientSeed);
      }),
    );

    // Rounds a crash left half done are finished at start, then any stuck for a minute, and stepped rounds
    // left open for OPEN_ROUND_IDLE_MS; the same sweep deletes page sessions older than SESSION_KEEP_MS.
    // (After ready, not inside it: the wallet calls go through inject, which waits for ready.)
    // In a cluster these run on the process holding the scheduler lease only.
    const { scheduled } = app.cluster;
    app.addHook('onReady', async () => {
      setImmediate(scheduled(() => engine.recover(0), 'provider recovery'));
    });
    const timer = setInterval(
      scheduled(async () => {
        await engine.recover(RECOVER_EVERY_MS, OPEN_ROUND_IDLE_MS);
        await engine.sessions.sweep();
      }, 'provider recovery'),
      RECOVER_EVERY_MS,
    );
    timer.unref();
    // Shared tables draw on the server clock: a close is noticed within a quarter second. Every process runs
    // it (not only the scheduler's): each pays the bets it took, and a cycle is drawn once whoever gets there
    // first (the cycle's row). One run at a time.
    let dealing = false;
    const deal = resilient(
      async () => {
        if (dealing) return;
        dealing = true;
        try {
          await engine.drawTables();
        } finally {
          dealing = false;
        }
      },
      app.log,
      'shared table draw',
    );
    const dealer = setInterval(deal, 250);
    dealer.unref();
    // Shared crash rounds: auto cash-outs the flight reached and the bets of crashed rounds are settled.
    const crashSweep = setInterval(
      scheduled(() => engine.crash.sweep(), 'crash round settlement'),
      250,
    );
    crashSweep.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      clearInterval(dealer);
      clearInterval(crashSweep);
    });
  },
  { name: 'demo-provider', dependencies: ['domains'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    provider: ReturnType<typeof createProviderEngine>;
  }
}
