import type { FastifyInstance } from 'fastify';
import { guarded, oncePerTurn } from '../../lib/per-turn';
import { BALANCE_MOVED_WHILE_LISTENING } from '../badge/service';
import { vipOpsRoutes } from './ops-routes';
import { vipRoutes } from './routes';
import { createVipService, type VipService } from './service';

/** The domain's reference data, written at every start (server/src/domains/index.ts runs it). */
export { seedVip as seed } from './seed';

declare module 'fastify' {
  interface AppServices {
    vip: VipService;
  }
}

/** VIP levels and rewards: the service, its badge counter, the events that move it, routes (player and /ops). */
export function register(app: FastifyInstance) {
  const { grants, badges } = app.services;
  const vip = createVipService({ db: app.db, clock: app.clock, events: app.events, grants });
  Object.assign(app.services, { vip });

  badges.provide('vipTabRewardsNum', (userId) => vip.claimableCount(userId));
  const vipStale = (userId: number) => app.events.emit('badge.stale', { userId, counters: ['vipTabRewardsNum'] });
  const logFailure = (what: string, event: unknown) => (err: unknown) =>
    app.log.error({ err, event }, `${what} failed`);

  // The emitter's caller is a deposit callback or a wallet call that already committed: a failure here is
  // logged (every step is also redone on the next fetch or event).
  app.events.on('deposit.succeeded', (e) => {
    return vip
      .sync(e.userId)
      .then(() => vipStale(e.userId))
      .catch(logFailure('VIP: deposit', e));
  });
  // Bets, wins and rollbacks: turnover may have moved the level and the turnover rebate. The level is
  // raised at once (two primary-key reads, only when the move crossed a threshold; withdrawal limits follow it). The VIP badge costs more and bets
  // come in bursts: it is refreshed only by the process holding the player's socket (a player not listening
  // reads it afresh when a socket opens), once per player per turn of the event loop, after that turn's answers.
  app.socket.onNudge(BALANCE_MOVED_WHILE_LISTENING, oncePerTurn(app, guarded(app, 'VIP: turnover', vipStale)));
  app.events.on('balance.moved', ({ userId, progress }) => {
    // A move whose totals the emitter knows reads the level only when it crossed a threshold (most bets do not).
    const sync = async () => {
      if (progress !== undefined && !(await vip.crossed(progress))) return;
      await vip.sync(userId);
    };
    return sync().catch(logFailure('VIP: level', userId));
  });

  // A new Manila day opens the daily reward (and on the 1st the monthly one) of every connected player.
  app.events.on('clock.dayChanged', () => {
    for (const userId of app.socket.connectedPlayers()) vipStale(userId);
  });

  vipRoutes(app, vip);
  if (app.config.opsEnabled) vipOpsRoutes(app, vip);
}
