import type { FastifyInstance, FastifyRequest } from 'fastify';
import { riskOpsRoutes } from './ops-routes';
import { createRiskService, type RiskService } from './service';

declare module 'fastify' {
  interface AppServices {
    risk: RiskService;
  }
}

const uidOf = (request: FastifyRequest) => String((request.params as { uid?: string }).uid ?? '');

/**
 * Risk (issue 29 item 4): linked accounts, flags and notes (operators), the fraud flag's hold on
 * withdrawals (withdraw calls assertMayWithdraw) and the sign-up SMS code setting (user calls signUpSmsCode).
 */
export function register(app: FastifyInstance) {
  const risk = createRiskService({ db: app.db, clock: app.clock, users: app.services.users });
  Object.assign(app.services, { risk });
  // The audit trail keeps each action's target and the player's flags (and notes' count) before and after.
  const state = async (request: FastifyRequest) => {
    const view = await risk.view(Number(uidOf(request)));
    return {
      flags: view.flags.filter((f) => f.clearedAt === null).map((f) => f.flag),
      notes: view.notes.length,
    };
  };
  for (const path of ['/ops/users/:uid/flags', '/ops/users/:uid/flags/:flag/clear', '/ops/users/:uid/notes']) {
    app.services.audit.describe('POST', path, { target: uidOf, state });
  }
  app.services.audit.describe('POST', '/ops/risk-settings', {
    target: () => 'risk-settings',
    state: () => risk.settings(),
  });
  if (app.config.opsEnabled) riskOpsRoutes(app, risk);
}
