import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/kyc';
import { route } from '../../route';
import type { KycService } from './service';

export function kycRoutes(app: FastifyInstance, kyc: KycService) {
  route(app, contract.kycState, ({ user }) => kyc.view(user.id));

  route(app, contract.kycSubmit, ({ user, body, succeed }) => {
    const state = kyc.submit(user, body);
    succeed('kycSubmitted');
    return state;
  });

  route(app, contract.kycUploadDocument, ({ user, body, request }) => {
    const state = kyc.upload(user, body.kind, body.image);
    // The audit and request logs keep the photo's size, not its bytes.
    request.body = { kind: body.kind, bytes: Math.floor((body.image.length * 3) / 4) };
    return state;
  });
}
