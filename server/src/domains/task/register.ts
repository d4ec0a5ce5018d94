import type { FastifyInstance } from 'fastify';
import { BALANCE_MOVED_WHILE_LISTENING, type BadgeCounter } from '../badge/service';
import { type BonusService, createBonusService } from './bonuses';
import { createTaskRepo } from './repo';
import { taskRoutes } from './routes';
import { createTaskService, type TaskService } from './service';

/** The domain's reference data, written at every start (server/src/domains/index.ts runs it). */
export { seedTasks as seed } from './seed';

declare module 'fastify' {
  interface AppServices {
    tasks: TaskService;
    bonuses: BonusService;
  }
}

/** Counters of tasks and daily bonuses, which also move when the Manila day turns. */
const DAILY_COUNTERS: BadgeCounter[] = ['taskRewardNum', 'loginBonusRewardNum', 'dailyDepositSign'];

/** Tasks and daily bonuses: services, badge counters, the events that move them, routes. */
export function register(app: FastifyInstance) {
  const { grants, badges } = app.services;
  const base = { db: app.db, clock: app.clock, events: app.events, grants, repo: createTaskRepo(app.db) };
  const tasks = createTaskService(base);
  const bonuses = createBonusService(base);
  Object.assign(app.services, { tasks, bonuses });
  app.services.remarks.provide(tasks.remarkOf);

  badges.provide('taskRewardNum', tasks.available);
  badges.provide('loginBonusRewardNum', bonuses.signInAvailable);
  badges.provide('dailyDepositSign', bonuses.dailyDepositAvailable);

  const stale = (userId: number, counters: BadgeCounter[]) => app.events.emit('badge.stale', { userId, counters });
  app.events.on('user.registered', ({ userId }) => {
    stale(userId, DAILY_COUNTERS);
    return tasks
      .superior(userId)
      .then((superior) => {
        if (superior !== null) stale(superior, ['taskRewardNum']);
      })
      .catch((err) => app.log.error({ err, userId }, 'tasks: the inviter of a registration'));
  });
  app.events.on('deposit.succeeded', ({ userId }) => stale(userId, DAILY_COUNTERS));
  app.events.on('wallet.bound', ({ userId }) => stale(userId, ['taskRewardNum']));
  app.events.on('kyc.decided', ({ userId }) => stale(userId, ['taskRewardNum']));
  // Bets move the balance often: only a player listening on a socket, on whichever process of the cluster
  // holds it, needs the task counter now.
  app.socket.onNudge(BALANCE_MOVED_WHILE_LISTENING, (userId) => stale(userId, ['taskRewardNum']));
  // A new Manila day opens new daily tasks, sign-ins and deposit tiers for every connected player.
  app.events.on('clock.dayChanged', () => {
    for (const userId of app.socket.connectedPlayers()) stale(userId, DAILY_COUNTERS);
  });

  taskRoutes(app, tasks, bonuses);
}
