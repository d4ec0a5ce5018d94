import { z } from 'zod';
import { Code } from '../codes';
import { defineEndpoint } from './define';

/**
 * Probes for load balancers and orchestrators (nginx, Kubernetes): liveness says the process answers;
 * readiness says it can serve players now (its database and, in a cluster, its broker answer). Both are
 * open, cheap and never cached. A failing readiness answers HTTP 503 with Retry-After and code 10010.
 */
export const health = defineEndpoint({
  method: 'GET',
  path: '/health',
  access: 'open',
  quiet: true,
  summary: 'Liveness: the process answers',
  data: z.object({ ok: z.literal(true), uptimeSeconds: z.number().int() }),
});

const probe = z.enum(['up', 'down']);

export const ready = defineEndpoint({
  method: 'GET',
  path: '/ready',
  access: 'open',
  quiet: true,
  summary: 'Readiness: the database and the broker answer (HTTP 503 with Retry-After when not)',
  data: z.object({
    ok: z.literal(true),
    database: probe.describe('A one-row query answered'),
    broker: probe.describe('The Redis broker answered a read within a second (always up for a lone process)'),
  }),
  codes: [Code.SERVICE_UNAVAILABLE],
});

export const healthEndpoints = [health, ready] as const;
