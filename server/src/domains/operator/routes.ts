import type { FastifyInstance } from 'fastify';
import { Code } from '../../../../shared/codes';
import * as contract from '../../../../shared/contract/ops-operators';
import { AppError } from '../../errors';
import { assertBackOfficeFrom, route } from '../../route';
import type { OperatorService } from './service';

/** Who changes an account: the signed-in operator or the service account (never unknown past the ops check). */
const granter = (request: { operator: { service: boolean } | null }) => request.operator ?? { service: false };

/** Sign-in, who am I, sign-out (/ops/auth) and the admins' Operators section (/ops/operators). */
export function operatorRoutes(app: FastifyInstance, operators: OperatorService) {
  const { operatorSessions } = app;
  const secure = app.config.publicUrl.startsWith('https://');

  route(app, contract.opsLogin, async ({ body, request, reply }) => {
    // Login CSRF: the rule of every mutating back-office call, before any session exists.
    assertBackOfficeFrom(request);
    const { operator, enrol, row } = await operators.login(body, request.ip);
    if (row) {
      const { token, maxAgeSeconds } = await operators.startSession(row, request.ip);
      reply.setCookie(operatorSessions.cookieName, token, {
        httpOnly: true,
        sameSite: 'strict',
        secure,
        path: '/',
        maxAge: maxAgeSeconds,
      });
    }
    return { operator, enrol };
  });

  route(app, contract.opsLogout, async ({ request, reply }) => {
    const actor = request.operator;
    if (actor && !actor.service) await operatorSessions.end(actor.sessionId);
    reply.clearCookie(operatorSessions.cookieName, { path: '/', secure });
    return null;
  });

  route(app, contract.opsMe, ({ request }) => {
    if (!request.operator) throw new AppError(Code.OPS_UNAUTHORIZED, { status: 401 });
    return operators.me(request.operator);
  });

  route(app, contract.listOperators, () => operators.list());
  route(app, contract.createOperator, ({ body, request }) => operators.create(body, granter(request)));
  route(app, contract.updateOperator, ({ params, body, request }) =>
    operators.update(params.id, body, granter(request)),
  );
  route(app, contract.resetOperatorPassword, ({ params, body, request }) =>
    operators.resetPassword(params.id, body.password, granter(request)),
  );
  route(app, contract.resetOperatorTotp, ({ params, request }) => operators.resetTotp(params.id, granter(request)));
}
