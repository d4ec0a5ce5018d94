import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '../../../shared/codes';
import { health, ready } from '../../../shared/contract/health';
import { AppError } from '../errors';
import { route } from '../route';

/** How long readiness waits for the broker (a Redis that does not answer queues the read). */
const BROKER_PROBE_MS = 1_000;

/**
 * GET /health (liveness) and GET /ready (readiness) for nginx and orchestrators. Readiness asks the
 * database a one-row query and, in a cluster, the broker a read; either failing answers HTTP 503 with
 * Retry-After (the envelope's SERVICE_UNAVAILABLE), so a balancer stops sending players here until both
 * are back, and the process itself stays up.
 */
export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    const started = Date.now();

    route(app, health, () => ({ ok: true as const, uptimeSeconds: Math.floor((Date.now() - started) / 1000) }));

    route(app, ready, async () => {
      let database: 'up' | 'down' = 'down';
      try {
        // Prepared on each probe (a few microseconds, a few times a minute): a database swapped or reopened
        // since the start is the one asked. Raw on purpose (the same text on both engines, nothing to compile):
        // health.test.ts takes the database away by replacing db.prepare, which prepareQuery would go around.
        if ((await app.db.prepare('SELECT 1 AS one').pluck().get()) === 1) database = 'up';
      } catch (err) {
        app.log.warn({ err }, 'readiness: the database did not answer');
      }
      let broker: 'up' | 'down' = 'up';
      if (app.cluster.broker.kind !== 'memory') {
        const answered = await Promise.race([
          app.cluster.broker.get('ready-probe').then(
            () => true,
            () => false,
          ),
          new Promise<boolean>((resolve) => setTimeout(resolve, BROKER_PROBE_MS, false)),
        ]);
        broker = answered ? 'up' : 'down';
      }
      if (database === 'down' || broker === 'down')
        throw new AppError(Code.SERVICE_UNAVAILABLE, { status: 503, data: { database, broker } });
      return { ok: true as const, database, broker };
    });
  },
  { name: 'health', dependencies: ['db', 'broker', 'envelope'] },
);
