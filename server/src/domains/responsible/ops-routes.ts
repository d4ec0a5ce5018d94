import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/responsible';
import { toCentavos } from '../../../../shared/money';
import { route } from '../../route';
import type { ResponsibleService } from './service';

/**
 * Support's view of a player's limits and break, a break set for a player who asked (never lifted), and a
 * loss or wager limit set for a player who asked (the player's own change rule: a raise waits 24 hours).
 * The audit trail records each action with its reason (domains/audit).
 */
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

  route(app, contract.opsResponsiblePlayLimit, async ({ params, body }) =>
    responsible.setPlayLimit(
      (await users.opsTarget(params.uid)).id,
      body.kind,
      body.period,
      body.amount === null ? null : toCentavos(body.amount),
    ),
  );
}
