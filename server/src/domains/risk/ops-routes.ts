import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/ops-risk';
import { operatorOf, route } from '../../route';
import type { RiskService } from './service';

/** Linked accounts, flags, notes and the risk settings under /ops (shared/contract/ops-risk.ts). */
export function riskOpsRoutes(app: FastifyInstance, risk: RiskService) {
  route(app, contract.getPlayerRisk, ({ params }) => risk.view(params.uid));
  route(app, contract.setPlayerFlag, ({ params, body, request }) =>
    risk.setFlag(params.uid, body.flag, body.reason, operatorOf(request)),
  );
  route(app, contract.clearPlayerFlag, ({ params, body, request }) =>
    risk.clearFlag(params.uid, params.flag, body.reason, operatorOf(request)),
  );
  route(app, contract.addPlayerNote, ({ params, body, request }) =>
    risk.addNote(params.uid, body.text, operatorOf(request)),
  );
  route(app, contract.getRiskSettings, () => risk.settings());
  route(app, contract.setRiskSettings, ({ body }) => risk.setSettings(body));
}
