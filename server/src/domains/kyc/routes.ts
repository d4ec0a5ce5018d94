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
}
