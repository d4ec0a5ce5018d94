import type { FastifyInstance } from 'fastify';
import { oncePerTurn } from '../../lib/per-turn';
import { friendRoutes } from './routes';
import { createFriendService, type FriendService } from './service';

declare module 'fastify' {
  interface AppServices {
    friends: FriendService;
  }
}

/** Friends and the invite ranking: the service, its badge counter, the events that move it, routes. */
export function register(app: FastifyInstance) {
  const { grants, badges, users, vip } = app.services;
  const friends = createFriendService({
    db: app.db,
    clock: app.clock,
    events: app.events,
    grants,
    settings: vip.friendSettings,
    share: (userId) => users.share(userId),
    hasOpenRound: (userId) => app.services.play.hasOpenRound(userId),
  });
  Object.assign(app.services, { friends });

  badges.provide('inviteFriendEnergy', (userId) => grants.energy(userId));

  // The emitter's caller already committed: a failure is logged (every step is redone on the next event).
  const logFailure = (what: string, event: unknown) => (err: unknown) =>
    app.log.error({ err, event }, `${what} failed`);
  app.events.on('deposit.succeeded', (e) => {
    return friends.onDeposit(e).catch(logFailure('friends: deposit', e));
  });
  // Bets move the inviter's turnover rebate; they come in bursts: once per player per turn of the event loop.
  const turnover = oncePerTurn(app, (userId) =>
    friends.syncTurnover(userId).catch(logFailure('friends: turnover', userId)),
  );
  // A move whose emitter read that the player has no inviter (a bet) has no inviter's turnover to sync: no read.
  // An inviter bound after that read is caught up by the next sync (it counts the turnover since binding).
  app.events.on('balance.moved', ({ userId, invited }) => (invited === false ? undefined : turnover(userId)));

  friendRoutes(app, friends);
}
