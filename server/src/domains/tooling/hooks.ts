import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CodeValue } from '../../../../shared/codes';
import { ok } from '../../../../shared/envelope';
import { renderStub } from '../../../../shared/stub-template';
import { sendFailure } from '../../plugins/envelope';
import { type Faults, latencyOf } from './faults';
import { bodyText, type FrameLog, type InFlight, type RequestLogStore, redactPath } from './request-log';
import type { Stubs } from './stubs';

/** Static files are not logged: a page load would push every API call out of the ring. */
const UNLOGGED = /^\/(assets|static|provider\/assets)\/|^\/favicon/;

class Tracked implements InFlight {
  readonly start = performance.now();
  readonly frames: FrameLog[] = [];
  payload: string | null = null;
  fault: number | null = null;
  stub: number | null = null;
  constructor(private readonly request: FastifyRequest) {}
  userId() {
    return this.request.user?.id ?? null;
  }
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
 * The route faults: latency, then an error answered before the handler, so nothing moves. /ops itself is
 * never faulted. A callback hook, not an async one: it runs on every request, and a promise each is
 * measurable.
 */
export function installFaultHooks(app: FastifyInstance, faults: Faults) {
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
    for (const l of latency) await sleep(latencyOf(l));
    const acted = error ?? latency[0];
    if (acted && request.tooling) request.tooling.fault = acted.id;
    if (error?.kind === 'error') {
      sendFailure(request, reply, error.status ?? 200, error.code as CodeValue, {
        ...(error.msg !== null ? { msg: error.msg } : {}),
        ...(error.data !== null ? { data: error.data } : {}),
      });
    } else if (error?.kind === 'reset' || error?.kind === 'hang') {
      // No answer at all: the connection is cut at once (reset) or after `ms` unless the client gives up first.
      reply.hijack();
      if (error.kind === 'hang') {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, error.ms ?? 60_000);
          request.raw.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      request.raw.socket?.destroy();
      reply.raw.destroy();
    }
  }
}

/**
 * Stubs (stubs.ts): after authentication and the request's validation (bad input still answers 10001), after
 * the route faults (latency delays a stubbed answer too, an error fault answers first), instead of the
 * handler. The data is rendered from its template per call and serialized through the route's own schema.
 */
export function installStubHooks(app: FastifyInstance, stubs: Stubs) {
  app.addHook('preHandler', (request, reply, done) => {
    const pattern = request.routeOptions.url;
    if (!stubs.any() || !pattern || pattern.startsWith('/ops')) return done();
    const uid = request.user?.uid ?? null;
    const stub = stubs.take(request.method, pattern, uid);
    if (!stub) return done();
    if (request.tooling) request.tooling.stub = stub.id;
    reply.header('x-stub', String(stub.id));
    if (stub.error) {
      sendFailure(request, reply, 200, stub.error.code as CodeValue, stub.error.msg ? { msg: stub.error.msg } : {});
      return;
    }
    reply.send(ok(renderStub(stub.data, { uid, now: app.clock.now() })));
  });
}

/**
 * The logged request whose async context the running code is in: what it started (an event's listeners,
 * work that finishes after its answer) pushes frames that belong to it.
 */
const requestScope = new AsyncLocalStorage<InFlight>();
export const scopedRequest = (): InFlight | undefined => requestScope.getStore();

/** The request log: every request but static files and socket upgrades, with the frames it caused. */
export function installRequestLogHooks(app: FastifyInstance, log: RequestLogStore) {
  app.addHook('onRequest', (request, _reply, done) => {
    // A socket's upgrade is hijacked: it never answers, so it is never in flight for the log.
    if (UNLOGGED.test(request.url) || request.headers.upgrade !== undefined) return done();
    const tracked = new Tracked(request);
    request.tooling = tracked;
    log.begin(tracked);
    // The rest of the request runs in its scope (as @fastify/request-context does).
    requestScope.run(tracked, done);
  });

  app.addHook('onRequestAbort', (request, done) => {
    if (request.tooling) log.end(request.tooling, null);
    done();
  });

  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.tooling && typeof payload === 'string') request.tooling.payload = payload;
    done(null, payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    const tracked = request.tooling;
    if (!tracked) return done();
    log.end(tracked, {
      at: new Date().toISOString(),
      method: request.method,
      path: redactPath(request.url),
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      code: envelopeCode(tracked.payload),
      durationMs: Math.round((performance.now() - tracked.start) * 10) / 10,
      uid: request.user?.uid ?? null,
      fault: tracked.fault,
      stub: tracked.stub,
      rawRequestHeaders: request.headers,
      rawResponseHeaders: reply.getHeaders(),
      requestBody: bodyText(request.body),
      rawResponseBody: tracked.payload,
      frames: tracked.frames,
    });
    done();
  });
}
