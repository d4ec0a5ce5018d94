import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/responsible';
import { toCentavos } from '../../../../shared/money';
import { route } from '../../route';
import type { ResponsibleService } from './service';

export function responsibleRoutes(app: FastifyInstance, responsible: ResponsibleService) {
  route(app, contract.responsibleFetch, ({ user }) => responsible.state(user.id));

  route(app, contract.responsibleSetDepositLimit, ({ user, body }) =>
    responsible.setDepositLimit(user.id, body.period, body.amount === null ? null : toCentavos(body.amount)),
  );

  route(app, contract.responsibleSetPlayLimit, ({ user, body }) =>
    responsible.setPlayLimit(user.id, body.kind, body.period, body.amount === null ? null : toCentavos(body.amount)),
  );

  route(app, contract.responsibleSetRealityCheck, ({ user, body }) =>
    responsible.setRealityCheck(user.id, body.minutes),
  );

  route(app, contract.responsibleRealityCheck, ({ user }) => responsible.realityCheck(user.id, user.sessionId));

  route(app, contract.responsibleTakeBreak, ({ user, body }) =>
    responsible.takeBreak(user.id, { kind: body.kind, length: body.length, source: 'player' }),
  );
}
