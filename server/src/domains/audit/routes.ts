import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/ops-audit';
import { route } from '../../route';
import type { AuditService } from './service';

/** GET /ops/audit: the trail, filtered. There is deliberately no route that changes it. */
export function auditRoutes(app: FastifyInstance, audit: AuditService) {
  route(app, contract.listAudit, ({ query }) =>
    audit.list({
      operator: query.operator,
      route: query.route,
      target: query.target,
      failed: query.failed === undefined ? undefined : query.failed === 'true',
      page: query.page,
      size: query.size,
    }),
  );
}
