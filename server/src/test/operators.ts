import type { FastifyInstance } from 'fastify';
import type { Role } from '../../../shared/roles';
import { stepAt, totpCode } from '../lib/totp';
import { freshIp, TestClient } from './helpers';

export const OPERATOR_PASSWORD = 'correct horse battery';

/** The code an authenticator app shows now (the app's virtual clock), or `offset` steps away. */
export const codeNow = (app: FastifyInstance, secret: string, offset = 0) =>
  totpCode(secret, stepAt(app.clock.nowMs()) + offset);

/**
 * A named operator signed in to the back office: created through the service, enrolled by its first sign-in
 * with a valid code. The client keeps the operator cookie (osid) and sends requestFrom like the back office.
 */
export async function operatorClient(
  app: FastifyInstance,
  role: Role,
  name = `${role}-${freshIp().replace(/\./g, '')}`,
) {
  const { operator, enrol } = await app.services.operators.create({ name, role, password: OPERATOR_PASSWORD });
  const client = new TestClient(app, freshIp(), { requestfrom: 'BO' });
  const login = await client.post('/ops/auth/login', {
    name,
    password: OPERATOR_PASSWORD,
    totp: codeNow(app, enrol.secret),
  });
  if (!login.body.success) throw new Error(`operator sign-in failed: ${JSON.stringify(login.body)}`);
  return { client, operator, secret: enrol.secret, name };
}
