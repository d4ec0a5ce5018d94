import type { FastifyInstance } from 'fastify';
import type { BadgeCounter } from '../badge/service';
import { type BonusService, createBonusService } from '../task/bonuses';
import { taskRoutes } from '../task/routes';
import { createTaskService, type TaskService } from '../task/service';
import { inboxOpsRoutes } from './ops-routes';
import { inboxRoutes } from './routes';
import { createInboxService, type InboxService } from './service';
import { subscribeSystemLetters } from './system-letters';

declare module 'fastify' {
  interface AppServices {
    inbox: InboxService;
    tasks: TaskService;
    bonuses: BonusService;
  }
}

/** Counters of tasks and daily bonuses, which also move when the Manila day turns. */
const DAILY_COUNTERS: BadgeCounter[] = ['taskRewardNum', 'loginBonusRewardNum', 'dailyDepositSign'];

/** The inbox, tasks and daily bonuses: services, badge counters, system letters, routes (player and /ops). */
export function registerInbox(app: FastifyInstance) {
  const { grants, deposits, badges, kyc } = app.services;
  const base = { db: app.db, clock: app.clock, events: app.events, grants };
  const inbox = createInboxService({
    ...base,
    couponExists: (code) => deposits.repo.template(code) !== undefined,
    connectedUsers: () => app.socket.connectedUsers(),
  });
  const tasks = createTaskService(base);
  const bonuses = createBonusService({ ...base, repo: tasks.repo });
  Object.assign(app.services, { inbox, tasks, bonuses });

  badges.provide('letterUnreadNum', inbox.unread);
  badges.provide('taskRewardNum', tasks.available);
  badges.provide('loginBonusRewardNum', bonuses.signInAvailable);
  badges.provide('dailyDepositSign', bonuses.dailyDepositAvailable);

  subscribeSystemLetters({
    events: app.events,
    inbox,
    log: app.log,
    kycReason: (userId) => kyc.view(userId).reason,
  });

  const stale = (userId: number, counters: BadgeCounter[]) => app.events.emit('badge.stale', { userId, counters });
  app.events.on('user.registered', ({ userId }) => {
    inbox.welcome(userId);
    stale(userId, DAILY_COUNTERS);
    const superior = tasks.repo.superior(userId);
    if (superior !== null) stale(superior, ['taskRewardNum']);
  });
  app.events.on('deposit.succeeded', ({ userId }) => stale(userId, DAILY_COUNTERS));
  app.events.on('wallet.bound', ({ userId }) => stale(userId, ['taskRewardNum']));
  app.events.on('kyc.decided', ({ userId }) => stale(userId, ['taskRewardNum']));
  // Bets move the balance often: only a player listening on the socket needs the task counter now.
  app.events.on('balance.moved', ({ userId }) => {
    if (app.socket.connectionsOf(userId) > 0) stale(userId, ['taskRewardNum']);
  });

  // A new Manila day opens new daily tasks, sign-ins and deposit tiers for every connected player.
  app.events.on('clock.dayChanged', () => {
    for (const userId of app.socket.connectedPlayers()) stale(userId, DAILY_COUNTERS);
  });

  inboxRoutes(app, inbox);
  taskRoutes(app, tasks, bonuses);
  if (app.config.opsEnabled) inboxOpsRoutes(app, inbox);
}
