import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { Code } from '../../../shared/codes';
import { opsClient } from './helpers';

/**
 * The payment sandbox as its tests drive it: the payer's checkout form and the tester's faults on the
 * casino's webhook (shared by the sandbox's payment, retry and fault tests).
 */

/** The payer submits the checkout of `payUrl` with the sandbox wallet's number and `mpin` (1234 pays, another declines). */
export function payOnCheckout(server: FastifyInstance, payUrl: string, mpin = '1234') {
  const url = new URL(payUrl);
  return server.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      token: url.searchParams.get('token') ?? '',
      action: 'pay',
      mobile: '9171234567',
      mpin,
    }).toString(),
  });
}

/** A tester's fault (`POST /ops/faults`), which must be taken. */
export async function addFault(server: FastifyInstance, body: object) {
  const answer = await opsClient(server).post('/ops/faults', body);
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
}

/** The casino's webhook answers 503 (its database away) for the next `count` calls. */
export const casinoDown = (server: FastifyInstance, count = 1) =>
  addFault(server, {
    kind: 'error',
    route: '/api/payment/callback',
    status: 503,
    code: Code.SERVICE_UNAVAILABLE,
    count,
  });
