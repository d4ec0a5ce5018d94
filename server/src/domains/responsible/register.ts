import type { FastifyInstance } from 'fastify';
import { manilaDateTimeText } from '../../../../shared/messages';
import { systemLetters } from '../inbox/templates';
import { responsibleOpsRoutes } from './ops-routes';
import { responsibleRoutes } from './routes';
import { createResponsibleService, type ResponsibleService } from './service';

declare module 'fastify' {
  interface AppServices {
    responsible: ResponsibleService;
  }
}

/**
 * Responsible gaming: deposit, loss and wager limits, breaks from play and reality checks. The deposits,
 * game launch and bet paths ask `assertMayDeposit` / `assertMayPlay` / `assertMayStake` at call time
 * (through app.services).
 */
export function register(app: FastifyInstance) {
  const responsible = createResponsibleService({
    db: app.db,
    clock: app.clock,
    depositedSince: app.services.deposits.countedSince,
    cancelPendingDeposits: (userId) => app.services.deposits.cancelPendingOf(userId),
    announceCancelled: (userId, orderNos) => app.services.deposits.announceCancelled(userId, orderNos),
    closeCheckouts: (userId) => app.services.deposits.closeCheckoutsOf(userId),
    // The play domain registers after this one: reached at call time.
    stakedSince: (userId, at) => app.services.play.stakedSince(userId, at),
    sessionStartedAt: (userId, sessionId) => app.sessions.startedAt(userId, sessionId),
    // The inbox registers after this one: reached at call time.
    letterBreakEnding: async (userId, until, breakId) => {
      await app.services.inbox.write(
        userId,
        systemLetters.breakEnding(manilaDateTimeText(until, 'en-US'), manilaDateTimeText(until, 'vi-VN')),
        { template: 'break-ending', reference: String(breakId) },
      );
    },
  });
  // A few hours before a break ends, a letter in the inbox: on every clock move and once a minute, on the
  // one process of a cluster that holds the scheduler lease.
  const remind = app.cluster.scheduled(
    () => responsible.remindBreaksEnding().catch((err) => app.log.error({ err }, 'responsible: break reminders')),
    'break reminders',
  );
  app.clock.onChange(remind);
  const sweep = setInterval(remind, 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  Object.assign(app.services, { responsible });
  responsibleRoutes(app, responsible);
  if (app.config.opsEnabled) responsibleOpsRoutes(app, responsible);
}
