import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CodeValue } from '../../../../shared/codes';
import { sendFailure } from '../../plugins/envelope';
import type { Faults } from './faults';
import { bodyText, type FrameLog, type RequestLogStore } from './request-log';

/** Static files are not logged: a page load would push every API call out of the ring. */
const UNLOGGED = /^\/(assets|static|provider\/assets)\/|^\/favicon/;

interface Tracked {
  start: number;
  frames: FrameLog[];
  payload: string | null;
  fault: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    tooling: Tracked | null;
  }
}

const envelopeCode = (payload: string | null): number | null => {
  if (!payload?.startsWith('{"success"')) return null;
  const match = /"code":(-?\d+)/.exec(payload);
  return match ? Number(match[1]) : null;
};

/**
 * Two cross-cutting hooks: the request log (every request but static files, with the socket frames it
 * caused) and the route faults (latency, then an error answered before the handler, so nothing moves).
 * /ops itself is never faulted.
 */
export function installToolingHooks(app: FastifyInstance, deps: { log: RequestLogStore; faults: Faults }) {
  const { log, faults } = deps;
  app.decorateRequest('tooling', null);

  app.addHook('onRequest', (request, _reply, done) => {
    if (UNLOGGED.test(request.url)) return done();
    const tracked: Tracked = { start: performance.now(), frames: [], payload: null, fault: null };
    request.tooling = tracked;
    log.track(tracked.frames, done);
  });

  // Callback hooks, not async ones: these run on every request, and a promise each is measurable.
  app.addHook('preHandler', (request, reply, done) => {
    if (!faults.anyRouteFault() || request.url.startsWith('/ops')) return done();
    applyFaults(request, reply).then(() => {
      if (!reply.sent) done();
    }, done);
  });

  async function applyFaults(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0] ?? request.url;
    const { latency, error } = faults.forRequest(
      request.method,
      path,
      request.routeOptions.url ?? null,
      request.user?.uid ?? null,
    );
    for (const l of latency) await sleep(l.ms ?? 0);
    const acted = error ?? latency[0];
    if (acted && request.tooling) request.tooling.fault = acted.id;
    if (error) sendFailure(request, reply, error.status ?? 200, error.code as CodeValue);
  }

  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.tooling && typeof payload === 'string') request.tooling.payload = payload;
    done(null, payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    const tracked = request.tooling;
    if (!tracked) return done();
    log.add({
      at: new Date().toISOString(),
      method: request.method,
      path: request.url,
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      code: envelopeCode(tracked.payload),
      durationMs: Math.round((performance.now() - tracked.start) * 10) / 10,
      uid: request.user?.uid ?? null,
      fault: tracked.fault,
      rawRequestHeaders: request.headers,
      rawResponseHeaders: reply.getHeaders(),
      requestBody: bodyText(request.body),
      rawResponseBody: tracked.payload,
      frames: tracked.frames,
    });
    done();
  });
}
