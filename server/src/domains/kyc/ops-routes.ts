import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/ops-money';
import { route } from '../../route';
import type { KycService } from './service';

/** The identity-verification queue and decisions under /ops (shared/contract/ops-money.ts). */
export function kycOpsRoutes(app: FastifyInstance, kyc: KycService) {
  const { users } = app.services;

  route(app, contract.listKyc, ({ query }) => {
    const { rows, total } = kyc.list({
      status: query.status,
      userId: users.idFilter(query.uid) ?? undefined,
      page: query.page,
      size: query.size,
    });
    return { list: rows, page: query.page, size: query.size, total };
  });

  route(app, contract.decideKyc, ({ params, body }) =>
    kyc.decide(users.opsTarget(params.uid).id, body.decision, body.reason, 'ops'),
  );
}
