import type { FastifyInstance } from 'fastify';
import { manilaDateTimeText } from '../../../../shared/messages';
import { systemLetters } from '../inbox/templates';
import { kycOpsRoutes } from './ops-routes';
import { kycRoutes } from './routes';
import { createKycService, type KycService } from './service';

declare module 'fastify' {
  interface AppServices {
    kyc: KycService;
  }
}

/** Identity verification: the service, its socket push and its routes. */
export function register(app: FastifyInstance) {
  const kyc = createKycService({
    db: app.db,
    clock: app.clock,
    events: app.events,
    users: app.services.users,
    // The inbox registers after this domain: reached at call time.
    letterDeadline: (userId, daysLeft, deadline) =>
      app.services.inbox.write(
        userId,
        systemLetters.kycDeadline(
          daysLeft,
          manilaDateTimeText(deadline, 'en-US'),
          manilaDateTimeText(deadline, 'vi-VN'),
        ),
        { template: 'kyc-deadline', reference: `${daysLeft}d` },
      ),
  });
  Object.assign(app.services, { kyc });
  // Reminders before the 7-day deadline: on every clock move and once a minute, on the one process of a
  // cluster that holds the scheduler lease (and a unique key per letter in case two ever tick at once).
  const remind = app.cluster.scheduled(
    () => kyc.remindDeadlines().catch((err) => app.log.error({ err }, 'kyc: deadline reminders')),
    'kyc deadline reminders',
  );
  app.clock.onChange(remind);
  const sweep = setInterval(remind, 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  // the withdraw screen shows the operator's identity decision without a reload
  app.events.on('kyc.decided', ({ userId, status }) => app.socket.push(userId, 'kyc.changed', { status }));
  kycRoutes(app, kyc);
  if (app.config.opsEnabled) kycOpsRoutes(app, kyc);
}
