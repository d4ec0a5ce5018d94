import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/ops-money';
import { route } from '../../route';
import type { KycService } from './service';

/** The identity-verification queue and decisions under /ops (shared/contract/ops-money.ts). */
export function kycOpsRoutes(app: FastifyInstance, kyc: KycService) {
  const { users } = app.services;

  route(app, contract.listKyc, async ({ query }) => {
    const { rows, total } = await kyc.list({
      status: query.status,
      userId: (await users.idFilter(query.uid)) ?? undefined,
      page: query.page,
      size: query.size,
    });
    return { list: rows, page: query.page, size: query.size, total };
  });

  route(app, contract.decideKyc, async ({ params, body }) =>
    kyc.decide((await users.opsTarget(params.uid)).id, body.decision, body.reason, 'ops'),
  );
}
