import type { FastifyInstance } from 'fastify';
import { dashboardOpsRoutes } from './ops-routes';
import { createDashboardRepo } from './repo';
import { createDashboardService, type DashboardService } from './service';

declare module 'fastify' {
  interface AppServices {
    dashboard: DashboardService;
  }
}

/** The operator's dashboard: figures read from the ledger and the queues of the domains above it; /ops only. */
export function register(app: FastifyInstance) {
  const { withdrawals, deposits } = app.services;
  const dashboard = createDashboardService({
    clock: app.clock,
    repo: createDashboardRepo(app.db),
    bringUpToDate: async () => {
      await withdrawals.settleDue();
      await deposits.expireOverdue();
    },
  });
  Object.assign(app.services, { dashboard });
  if (app.config.opsEnabled) dashboardOpsRoutes(app, dashboard);
}
