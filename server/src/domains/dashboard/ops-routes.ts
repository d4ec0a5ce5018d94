import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/ops-dashboard';
import { route } from '../../route';
import type { DashboardService } from './service';

/** GET /ops/dashboard (shared/contract/ops-dashboard.ts): the back office's landing page. */
export function dashboardOpsRoutes(app: FastifyInstance, dashboard: DashboardService) {
  route(app, contract.getDashboard, () => dashboard.overview());
}
