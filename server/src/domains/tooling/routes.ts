import { createReadStream, statSync } from 'node:fs';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Code } from '../../../../shared/codes';
import * as contract from '../../../../shared/contract/ops-tooling';
import { TESTER_PERMISSION } from '../../../../shared/roles';
import { AppError } from '../../errors';
import { UNDOCUMENTED_ROUTES } from '../../plugins/docs';
import { sendFailure } from '../../plugins/envelope';
import { operatorOf, opsActor, route } from '../../route';
import type { Fault } from './faults';
import type { Tooling } from './register';
import { toHar } from './request-log';

/**
 * The operator check of plain (non-envelope) /ops routes, tester tools: the service token or a tester's
 * session (route.ts opsActor), answered as an envelope on failure (401, 403, or 404 with TESTER_TOOLS=off).
 */
const opsGuard = (app: FastifyInstance) => async (request: FastifyRequest, reply: FastifyReply) => {
  try {
    await opsActor(app, request, TESTER_PERMISSION);
  } catch (error) {
    if (error instanceof AppError) return sendFailure(request, reply, error.status, error.code);
    throw error;
  }
};

/** Sample paths of the server's documented routes (`:id` as 1), with their methods. */
function knownRoutes(app: FastifyInstance): { method: string; pattern: RegExp; sample: string; path: string }[] {
  const doc = (app as unknown as { swagger?: () => { paths?: Record<string, Record<string, unknown>> } }).swagger?.();
  return Object.entries(doc?.paths ?? {}).flatMap(([path, methods]) => {
    const colon = path.replace(/\{(\w+)\}/g, ':$1');
    const pattern = new RegExp(`^${colon.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);
    const sample = colon.replace(/:\w+/g, '1');
    return Object.keys(methods).map((m) => ({ method: m.toUpperCase(), pattern, sample, path: colon }));
  });
}

/** A warning when a route fault's route, prefix or regex matches none of the server's routes (a typo acts on nothing). */
function routeWarning(app: FastifyInstance, fault: Fault): string | null {
  if (fault.route === null && fault.regex === null) return null;
  // Routes kept out of the document on purpose (the sandbox checkout, the provider's game page and API) exist.
  const probe = fault.route?.replace(/\*$/, '') ?? null;
  if (probe !== null && UNDOCUMENTED_ROUTES.some(({ route }) => route.test(probe))) return null;
  const routes = knownRoutes(app).filter((r) => fault.method === null || r.method === fault.method);
  if (routes.length === 0) return null; // no document to check against
  const route = fault.route ?? '';
  const regex = fault.regex === null ? null : new RegExp(fault.regex);
  const matches = (r: (typeof routes)[number]) => {
    if (regex) return regex.test(r.sample) || regex.test(r.path);
    if (route.endsWith('*')) return r.path.startsWith(route.slice(0, -1)) || r.sample.startsWith(route.slice(0, -1));
    return r.path === route || r.pattern.test(route);
  };
  if (routes.some(matches)) return null;
  const what = fault.regex !== null ? `the regex ${fault.regex}` : route;
  return `No ${fault.method ?? ''}${fault.method ? ' ' : ''}route of this server matches ${what}: the fault will never act (check the path in /api/docs)`;
}

/** The download's query: full=true asks for the saved file itself (the service account only). */
const snapshotFileQuery = z.object({
  full: z.enum(['true', 'false']).optional(),
  reason: z.string().max(200).optional(),
});

const HAR_MAX_BYTES = 32 * 1024 * 1024;

/** Content types a snapshot upload may carry. */
const SNAPSHOT_TYPES = ['application/octet-stream', 'application/vnd.sqlite3', 'application/x-sqlite3'];

/**
 * Snapshot files over HTTP: download one (GET, the SQLite file itself) and upload one (POST, the raw
 * bytes), so a state moves from one running server to another. The upload's parser and size limit
 * (SNAPSHOT_MAX_MB) live in their own scope: no other route reads binary bodies.
 */
function snapshotFileRoutes(app: FastifyInstance, tooling: Tooling) {
  app.get(
    '/ops/snapshots/:name/file',
    {
      schema: {
        summary:
          'Download a snapshot as a file (an SQLite database), with ID numbers, KYC photos, phone and e-wallet numbers masked; full=true (the service account only, recorded in the audit trail) gives the saved file itself. Upload it to any server with POST',
        tags: ['ops'],
        security: [{ adminToken: [] }],
      },
      onRequest: opsGuard(app),
    },
    async (request, reply) => {
      const params = contract.importSnapshot.params.safeParse(request.params);
      const query = snapshotFileQuery.safeParse(request.query);
      if (!params.success || !query.success) return sendFailure(request, reply, 200, Code.VALIDATION);
      const full = query.data.full === 'true';
      // The whole database with every player's ID numbers, photos and phone numbers: not for a tester's
      // session (docs/security.md, "Snapshot files"); the service account's copy is written to the audit trail.
      if (full && !request.operator?.service) return sendFailure(request, reply, 403, Code.SNAPSHOT_FULL_FORBIDDEN);
      const { file, meta, done } = tooling.snapshots.exportFile(params.data.name, full ? 'full' : 'masked');
      if (full) {
        await app.services.audit.record({
          at: app.clock.iso(),
          operator: operatorOf(request),
          method: 'GET',
          route: '/ops/snapshots/:name/file',
          path: request.url.split('?')[0] ?? request.url,
          target: `snapshot:${meta.name}`,
          request: { full: true, reason: query.data.reason ?? '' },
          before: null,
          after: { name: meta.name, savedAt: meta.savedAt, copy: 'full' },
          status: 200,
          code: 0,
        });
      }
      const stream = createReadStream(file);
      stream.on('close', done);
      return reply
        .type('application/vnd.sqlite3')
        .header('Content-Disposition', `attachment; filename="${meta.name}${full ? '' : '.masked'}.db"`)
        .header('Content-Length', statSync(file).size)
        .send(stream);
    },
  );

  void app.register(async (scope) => {
    const maxBytes = app.config.snapshotMaxBytes;
    scope.addContentTypeParser(SNAPSHOT_TYPES, { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
      return sendFailure(request, reply, 413, Code.SNAPSHOT_TOO_LARGE, {
        params: { mb: Math.round((maxBytes / 1024 / 1024) * 100) / 100 },
      });
    });
    route(scope, contract.importSnapshot, ({ params, request }) => {
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes)) throw new AppError(Code.SNAPSHOT_FILE_INVALID);
      // The audit trail records the upload's size, not its bytes.
      request.body = { bytes: bytes.length };
      return tooling.snapshots.importFile(params.name, bytes);
    });
  });
}

/**
 * The webhooks the payment gateway holds back (deposit.late): the rows of its delivery log with no try yet,
 * read over HTTP as the merchant reads a gateway's log (none when the sandbox is not served).
 */
async function heldCallbacks(app: FastifyInstance) {
  const answer = await app.inject({
    method: 'GET',
    url: '/sandbox/gateway/webhooks',
    headers: { authorization: `Bearer ${app.config.adminToken}` },
  });
  if (answer.statusCode !== 200) return [];
  const { pending } = answer.json() as {
    pending: { orderNo: string; status: string; tries: number; nextAt: string }[];
  };
  return pending.filter((w) => w.tries === 0).map((w) => ({ orderNo: w.orderNo, status: w.status, dueAt: w.nextAt }));
}

/** The tester tooling under /ops (shared/contract/ops-tooling.ts), plus the HAR export of the request log. */
export function toolingRoutes(app: FastifyInstance, tooling: Tooling) {
  const { snapshots, scenarios, faults, clusterLog } = tooling;

  route(app, contract.listScenarios, () => scenarios.list());
  route(app, contract.loadScenario, ({ params }) => scenarios.load(params.name));

  route(app, contract.listSnapshots, () => snapshots.list());
  route(app, contract.saveSnapshot, ({ params, body }) => snapshots.save(params.name, body.note));
  route(app, contract.restoreSnapshot, ({ params, body }) => snapshots.restore(params.name, body.keepClock));
  route(app, contract.deleteSnapshot, async ({ params }) => {
    await snapshots.remove(params.name);
    return null;
  });

  snapshotFileRoutes(app, tooling);

  route(app, contract.listFaults, async () => ({ faults: faults.list(), heldCallbacks: await heldCallbacks(app) }));
  // The payment sandbox's calls (server/src/sandbox/tester-client.ts): it reaches the tester's deposit
  // deposit faults over HTTP, as an outside gateway would, with the operator token.
  route(app, contract.takeDepositFault, ({ body }) => ({ fault: faults.take('deposit', body.uid) ?? null }));
  route(app, contract.addFault, async ({ body }) => {
    const target = body.uid === undefined ? null : await app.services.users.byUid(body.uid);
    if (target === undefined) throw new AppError(Code.OPS_NOT_FOUND);
    const fault = faults.add(body);
    if (fault.kind === 'socket.drop' && app.socket.drop(target?.id ?? null) > 0) {
      const dropped = faults.takeSocketDrop(fault.uid) ?? { ...fault, applied: 1, remaining: 0 };
      return { ...dropped, warning: null };
    }
    return { ...fault, warning: routeWarning(app, fault) };
  });
  route(app, contract.removeFaults, ({ query }) => ({ removed: faults.remove(query.id) }));

  const filterOf = (query: { path?: string; uid?: number; code?: number; limit: number; ops?: 'true' | 'false' }) => ({
    path: query.path,
    uid: query.uid,
    code: query.code,
    limit: query.limit,
    ops: query.ops === 'true',
  });
  const logOn = () => {
    if (!app.config.requestLog) throw new AppError(Code.REQUEST_LOG_OFF);
  };
  route(app, contract.listRequests, async ({ query }) => {
    logOn();
    const found = await clusterLog.find(filterOf(query));
    return {
      requests: found.requests.map(({ requestHeaders: _q, responseHeaders: _a, ...rest }) => rest),
      frames: found.frames,
      processes: found.processes,
    };
  });
  route(app, contract.clearRequests, async () => {
    logOn();
    await clusterLog.clear();
    return null;
  });

  // A HAR can be large: its own scope reads JSON up to 32 MB, the rest of the API keeps the small limit.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: HAR_MAX_BYTES },
      scope.getDefaultJsonParser('error', 'error'),
    );
    route(scope, contract.replayHar, ({ body, request }) => {
      // The audit trail records what was replayed, not the whole archive.
      const entries = (body.har as { log?: { entries?: unknown[] } } | null)?.log?.entries;
      request.body = { scenario: body.scenario ?? null, entries: Array.isArray(entries) ? entries.length : null };
      return tooling.replay(body);
    });
  });

  route(app, contract.pushFrame, async ({ params, body }) => {
    const user = await app.services.users.byUid(params.uid);
    if (!user) throw new AppError(Code.OPS_NOT_FOUND);
    return {
      sid: app.socket.pushAny(user.id, body.event, body.content ?? null),
      connections: app.socket.connectionsOf(user.id),
    };
  });
  route(app, contract.socketStats, () => app.socket.stats());

  // Not an envelope: a file for the browser's network panel, so it is a plain route with the same guard.
  app.get(
    '/ops/requests.har',
    {
      schema: {
        summary: 'The request log as an HTTP Archive (HAR 1.2); same filters as /ops/requests',
        tags: ['ops'],
        security: [{ adminToken: [] }],
      },
      onRequest: opsGuard(app),
    },
    async (request, reply) => {
      const query = contract.listRequests.query.safeParse(request.query);
      if (!query.success) return sendFailure(request, reply, 200, Code.VALIDATION);
      if (!app.config.requestLog) return sendFailure(request, reply, 200, Code.REQUEST_LOG_OFF);
      const { requests, frames } = await clusterLog.find(filterOf(query.data));
      return reply
        .type('application/json; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="casino-requests.har"')
        .send(JSON.stringify(toHar(requests, app.config.publicUrl, '1.0.0', frames)));
    },
  );
}
