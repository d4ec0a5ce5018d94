import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/responsible';
import { route } from '../../route';
import type { ResponsibleService } from './service';

/** Support's view of a player's limits and break, and a break set for a player who asked (never lifted). */
export function responsibleOpsRoutes(app: FastifyInstance, responsible: ResponsibleService) {
  const { users } = app.services;

  route(app, contract.opsResponsibleState, async ({ params }) =>
    responsible.state((await users.opsTarget(params.uid)).id),
  );

  route(app, contract.opsResponsibleBreak, async ({ params, body }) =>
    responsible.takeBreak((await users.opsTarget(params.uid)).id, {
      kind: body.kind,
      length: body.length,
      source: 'ops',
      reason: body.reason,
    }),
  );
}
