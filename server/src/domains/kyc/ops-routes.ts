import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Code } from '../../../../shared/codes';
import { kycDocumentKindSchema } from '../../../../shared/contract/kyc';
import * as contract from '../../../../shared/contract/ops-money';
import { may } from '../../../../shared/roles';
import { AppError } from '../../errors';
import { sendFailure } from '../../plugins/envelope';
import { opsActor, route } from '../../route';
import type { IdNumbers, KycService } from './service';

/** Full ID numbers for the service account and a role holding kyc.idNumbers (shared/roles.ts); else masked. */
const idNumbersFor = (request: FastifyRequest): IdNumbers => {
  const actor = request.operator;
  return actor && (actor.service || may(actor.role, 'kyc.idNumbers')) ? 'full' : 'masked';
};

const documentParams = z.strictObject({
  uid: z.coerce.number().int().positive(),
  kind: kycDocumentKindSchema,
});

/** The identity-verification queue and decisions under /ops (shared/contract/ops-money.ts). */
export function kycOpsRoutes(app: FastifyInstance, kyc: KycService) {
  const { users } = app.services;

  route(app, contract.listKyc, async ({ query, request }) => {
    const { rows, total } = await kyc.list({
      status: query.status,
      userId: (await users.idFilter(query.uid)) ?? undefined,
      page: query.page,
      size: query.size,
      idNumbers: idNumbersFor(request),
    });
    return { list: rows, page: query.page, size: query.size, total };
  });

  route(app, contract.decideKyc, async ({ params, body, request }) =>
    kyc.decide(
      (await users.opsTarget(params.uid)).id,
      body.decision,
      body.reason,
      'ops',
      body.retake,
      idNumbersFor(request),
    ),
  );

  /**
   * A KYC photo's bytes, for the review panel's <img>: only an operator whose role holds `kyc.documents`
   * (shared/roles.ts; never a cashier or a tester) or the service token. Not an envelope on success (the
   * image itself, its type as read from its magic at upload); `no-store`, so no cache keeps a copy, and
   * `nosniff`. The player API has no route to any photo. A refusal is the failure envelope.
   */
  app.get(
    '/ops/kyc/:uid/documents/:kind',
    {
      schema: {
        summary:
          "A player's KYC photo (idFront, idBack or selfie) as the image itself; for operators with kyc.documents",
        tags: ['ops'],
        security: [{ adminToken: [] }],
      },
      onRequest: async (request, reply) => {
        try {
          await opsActor(app, request, 'kyc.documents');
        } catch (error) {
          if (error instanceof AppError) return sendFailure(request, reply, error.status, error.code);
          throw error;
        }
      },
    },
    async (request, reply) => {
      const params = documentParams.safeParse(request.params);
      if (!params.success) return sendFailure(request, reply, 200, Code.VALIDATION);
      try {
        const { contentType, bytes } = await kyc.document(
          (await users.opsTarget(params.data.uid)).id,
          params.data.kind,
        );
        return reply
          .type(contentType)
          .header('Cache-Control', 'no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Length', bytes.length)
          .send(bytes);
      } catch (error) {
        if (error instanceof AppError) return sendFailure(request, reply, error.status, error.code);
        throw error;
      }
    },
  );
}
