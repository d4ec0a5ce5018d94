import type { FastifyInstance } from 'fastify';
import { Code } from '../../../../shared/codes';
import { opsUserVip } from '../../../../shared/contract/ops-vip';
import { AppError } from '../../errors';
import { route } from '../../route';
import { friendRoutes } from '../friend/routes';
import { createFriendService, type FriendService } from '../friend/service';
import { vipRoutes } from './routes';
import type { FriendSettings, RankingSettings } from './seed';
import { createVipService, type VipService } from './service';

declare module '../index' {
  interface DomainServices {
    vip: VipService;
    friends: FriendService;
  }
}

/**
 * VIP, friends and the invite ranking: services on app.services, their badge counters, the events that
 * move them and their routes.
 */
export function registerVip(app: FastifyInstance) {
  const { grants, badges, users } = app.services;
  const setting = app.db.prepare('SELECT value FROM vip_settings WHERE key = ?').pluck();
  const settings = () => ({
    friends: JSON.parse(setting.get('friends') as string) as FriendSettings,
    ranking: JSON.parse(setting.get('ranking') as string) as RankingSettings,
  });

  const vip = createVipService({ db: app.db, clock: app.clock, events: app.events, grants });
  const friends = createFriendService({
    db: app.db,
    clock: app.clock,
    events: app.events,
    grants,
    settings,
    share: (userId) => users.share(userId),
  });
  Object.assign(app.services, { vip, friends });

  badges.provide('vipTabRewardsNum', (userId) => vip.claimableCount(userId));
  badges.provide('inviteFriendEnergy', (userId) => grants.energy(userId));

  const vipStale = (userId: number) => app.events.emit('badge.stale', { userId, counters: ['vipTabRewardsNum'] });

  // The emitter's caller is a deposit callback or a wallet call that already committed: a failure here is
  // logged, never turned into a failed answer (every step is also redone on the next fetch or event).
  const guarded =
    <E>(what: string, handler: (e: E) => void) =>
    (e: E) => {
      try {
        handler(e);
      } catch (error) {
        app.log.error({ err: error, event: e }, `VIP/friends: ${what} failed`);
      }
    };

  app.events.on(
    'deposit.succeeded',
    guarded('deposit', (e) => {
      vip.sync(e.userId);
      friends.onDeposit(e);
      vipStale(e.userId);
    }),
  );
  // Bets, wins and rollbacks: turnover may have moved the level, the turnover rebate and the inviter's
  // rebate. The level is raised at once (two primary-key reads; withdrawal limits follow it). The
  // inviter's rebate and the VIP badge cost more and bets come in bursts: they run once per player per
  // turn of the event loop, after that turn's answers (the claims and cards bring both up to date anyway).
  const level = guarded('level', (userId: number) => vip.sync(userId));
  const turnover = guarded('turnover', (userId: number) => {
    friends.syncTurnover(userId);
    vipStale(userId);
  });
  const moved = new Set<number>();
  let flushing: NodeJS.Immediate | undefined;
  const flush = () => {
    flushing = undefined;
    const users = [...moved];
    moved.clear();
    for (const userId of users) turnover(userId);
  };
  app.events.on('balance.moved', ({ userId }) => {
    level(userId);
    moved.add(userId);
    flushing ??= setImmediate(flush);
  });
  app.addHook('onClose', async () => {
    if (flushing) clearImmediate(flushing);
    flush();
  });

  // A new Manila day opens the daily reward (and on the 1st the monthly one) of every connected player.
  app.events.on('clock.dayChanged', () => {
    for (const userId of app.socket.connectedPlayers()) vipStale(userId);
  });

  vipRoutes(app, vip);
  friendRoutes(app, friends);
  if (app.config.opsEnabled) {
    route(app, opsUserVip, ({ params }) => {
      const row = users.repo.byUid(params.uid);
      if (!row) throw new AppError(Code.OPS_NOT_FOUND);
      const { levels: _levels, ...card } = vip.card(row.id);
      return { uid: row.uid, username: row.username, vip: card, friends: friends.card(row.id) };
    });
  }
}
