import { z } from 'zod';
import { Code } from '../codes';
import { isoTime, nothing } from './common';
import { defineEndpoint } from './define';
import { POKER_DECK } from './mall';

/**
 * Tester tooling on the operator API: scenarios, snapshots, faults, the request log and socket
 * pushes. Every call needs `Authorization: Bearer <ADMIN_TOKEN>`; none exists when OPS_ENABLED=false.
 */

const NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;
const nameText = z.string().regex(NAME, 'Lower-case letters, digits and dashes, at most 40');

// ------------------------------------------------------------------------------------------ scenarios

export const personaSchema = z.object({
  username: z.string(),
  password: z.string().describe('What to type on the login form'),
  uid: z.number().int().nullable().describe('Known once the scenario is loaded'),
  role: z.string().describe('Who this persona is in the scenario'),
});

export const scenarioSchema = z.object({
  name: z.string(),
  version: z.number().int().describe('Moves when what the scenario builds changes'),
  title: z.string(),
  description: z.string(),
  personas: z.array(personaSchema),
  tryThis: z.array(z.string()).describe('What a tester can check with it'),
});

export const listScenarios = defineEndpoint({
  method: 'GET',
  path: '/ops/scenarios',
  access: 'ops',
  permission: 'tester.tools',
  summary: 'The named scenarios (server/src/domains/tooling/scenarios) with their personas and what to try',
  data: z.array(scenarioSchema),
});

export const loadScenario = defineEndpoint({
  method: 'POST',
  path: '/ops/scenarios/:name',
  access: 'ops',
  permission: 'tester.tools',
  summary:
    'Reset the database to a fresh install, then build the scenario through the services (sessions of everyone end)',
  params: z.strictObject({ name: nameText }),
  body: z.strictObject({}),
  data: scenarioSchema.extend({
    tookMs: z.number().int(),
    clock: isoTime.describe('The virtual now after the scenario was built'),
  }),
  codes: [Code.SCENARIO_UNKNOWN, Code.SNAPSHOT_INCOMPATIBLE, Code.SCENARIO_FAILED],
});

// ------------------------------------------------------------------------------------------ snapshots

export const snapshotSchema = z.object({
  name: z.string(),
  note: z.string(),
  savedAt: isoTime.describe('Real time of the save'),
  clock: isoTime.describe('The virtual now when it was saved; a restore brings the clock back to it'),
  bytes: z.number().int(),
  tookMs: z.number().int(),
});

export const listSnapshots = defineEndpoint({
  method: 'GET',
  path: '/ops/snapshots',
  access: 'ops',
  permission: 'tester.tools',
  summary: 'Saved snapshots of the whole database, newest first',
  data: z.array(snapshotSchema),
});

export const saveSnapshot = defineEndpoint({
  method: 'POST',
  path: '/ops/snapshots/:name',
  access: 'ops',
  permission: 'tester.tools',
  summary: 'Save the current state under a name (replaces a snapshot of that name)',
  params: z.strictObject({ name: nameText }),
  body: z.strictObject({ note: z.string().max(200).default('') }),
  data: snapshotSchema,
});

export const restoreSnapshot = defineEndpoint({
  method: 'POST',
  path: '/ops/snapshots/:name/restore',
  access: 'ops',
  permission: 'tester.tools',
  summary:
    'Swap the data of a snapshot in place, without a restart; the clock goes back to its instant unless keepClock',
  params: z.strictObject({ name: nameText }),
  body: z.strictObject({ keepClock: z.boolean().default(false) }),
  data: snapshotSchema.extend({ restoreMs: z.number().int().describe('How long the swap took') }),
  codes: [Code.SNAPSHOT_NOT_FOUND, Code.SNAPSHOT_INCOMPATIBLE],
});

export const deleteSnapshot = defineEndpoint({
  method: 'DELETE',
  path: '/ops/snapshots/:name',
  access: 'ops',
  permission: 'tester.tools',
  summary: 'Delete a snapshot',
  params: z.strictObject({ name: nameText }),
  data: nothing,
  codes: [Code.SNAPSHOT_NOT_FOUND],
});

export const importSnapshot = defineEndpoint({
  method: 'POST',
  path: '/ops/snapshots/:name/file',
  access: 'ops',
  permission: 'tester.tools',
  summary:
    'Upload a snapshot file (the body, Content-Type application/octet-stream, as downloaded from GET /ops/snapshots/:name/file) and keep it under this name; restore it next',
  params: z.strictObject({ name: nameText }),
  data: snapshotSchema,
  codes: [
    Code.SNAPSHOT_INCOMPATIBLE,
    Code.SNAPSHOT_FILE_INVALID,
    Code.SNAPSHOT_TOO_LARGE,
    Code.SNAPSHOT_FILE_UNSUPPORTED,
  ],
});

// --------------------------------------------------------------------------------------------- faults

export const FAULT_KINDS = [
  'latency',
  'error',
  'reset',
  'hang',
  'socket.drop',
  'socket.delay',
  'socket.loss',
  'deposit.fail',
  'deposit.timeout',
  'deposit.duplicate',
  'deposit.late',
  'payout.fail',
  'payout.exception',
  'poker.card',
] as const;
export const faultKindSchema = z.enum(FAULT_KINDS);
export type FaultKind = z.infer<typeof faultKindSchema>;

const ROUTE_KINDS: readonly FaultKind[] = ['latency', 'error', 'reset', 'hang'];
const compiles = (source: string) => {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
};
const routePattern = z
  .string()
  .regex(/^\/[\w\-/:.]*\*?$/, 'A path such as /api/user/info, or a prefix ending in *')
  .max(200)
  .refine((r) => !r.startsWith('/ops'), 'The operator API cannot be faulted');

export const addFaultBody = z
  .strictObject({
    kind: faultKindSchema.describe(
      'latency, error, reset (the connection is cut, no answer) and hang (no answer for ms, default 60 s, then cut) act on routes; socket.drop closes live sockets; socket.delay holds every outbound frame ms (± jitterMs, order kept), socket.loss drops the share probability of them (kept pending: a reconnection gets them again); deposit.* act on the sandbox checkout, payout.* on the sandbox payout gateway; poker.card decides the card of the next poker draw',
    ),
    uid: z.number().int().positive().optional().describe('Only this player (default: everyone)'),
    route: routePattern.optional().describe('Route faults: the route path, or a prefix ending in *'),
    regex: z
      .string()
      .min(1)
      .max(200)
      .refine(compiles, 'A regular expression')
      .optional()
      .describe('Route faults: a regular expression the path must match, e.g. ^/api/(user|balance)'),
    method: z.enum(['GET', 'POST', 'DELETE']).optional().describe('latency, error: only this method'),
    ms: z
      .number()
      .int()
      .min(1)
      .max(60_000)
      .optional()
      .describe('latency, socket.delay: added delay (the mean); hang: how long'),
    jitterMs: z
      .number()
      .int()
      .min(0)
      .max(60_000)
      .optional()
      .describe('latency, socket.delay: uniform spreads ms ± jitterMs, normal uses it as the standard deviation'),
    distribution: z
      .enum(['fixed', 'uniform', 'normal'])
      .optional()
      .describe('latency, socket.delay: default fixed (uniform when jitterMs is given)'),
    probability: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe(
        'Chance each request, flow or frame is hit (default 1; socket.loss: the share dropped); a miss does not count',
      ),
    msg: z.string().max(500).optional().describe('error: the envelope msg instead of the code message'),
    data: z.unknown().optional().describe('error: the envelope data instead of null'),
    status: z
      .number()
      .int()
      .refine((s) => s === 200 || (s >= 400 && s <= 599), 'HTTP 200 or 400-599')
      .optional()
      .describe('error: HTTP status (default 200, then code is required)'),
    code: z.number().int().min(1).optional().describe('error: envelope code, e.g. 20002 (a known code)'),
    delaySeconds: z.number().int().min(1).max(86_400).optional().describe('deposit.late: virtual seconds'),
    card: z
      .string()
      .refine((c) => POKER_DECK.includes(c), 'A card of the deck: AS, 10H, QC, RJ, BJ...')
      .optional()
      .describe('poker.card: the card the draw gives instead of a random one (it still needs a chance)'),
    count: z
      .number()
      .int()
      .min(1)
      .max(10_000)
      .optional()
      .describe(
        'How many times it applies (default: once for flows and socket.drop, until removed for routes and frames)',
      ),
  })
  .refine((f) => !ROUTE_KINDS.includes(f.kind) || (f.route !== undefined) !== (f.regex !== undefined), {
    message: 'Required: route or regex, one of them',
    path: ['route'],
  })
  .refine((f) => (f.kind !== 'latency' && f.kind !== 'socket.delay') || f.ms !== undefined, {
    message: 'Required',
    path: ['ms'],
  })
  .refine((f) => f.kind !== 'error' || f.code !== undefined || (f.status ?? 200) !== 200, {
    message: 'Required',
    path: ['code'],
  })
  .refine(
    (f) => ROUTE_KINDS.includes(f.kind) || (f.route === undefined && f.method === undefined && f.regex === undefined),
    { message: 'Only for route faults', path: ['route'] },
  )
  .refine((f) => f.kind === 'error' || (f.msg === undefined && f.data === undefined), {
    message: 'Only for error',
    path: ['msg'],
  })
  .refine((f) => (f.kind === 'poker.card') === (f.card !== undefined), {
    message: 'Required for poker.card, only for it',
    path: ['card'],
  });

export const faultSchema = z.object({
  id: z.number().int(),
  kind: faultKindSchema,
  uid: z.number().int().nullable(),
  route: z.string().nullable(),
  regex: z.string().nullable(),
  method: z.string().nullable(),
  ms: z.number().int().nullable(),
  jitterMs: z.number().int().nullable(),
  distribution: z.enum(['fixed', 'uniform', 'normal']).nullable(),
  probability: z.number(),
  msg: z.string().nullable(),
  data: z.unknown(),
  status: z.number().int().nullable(),
  code: z.number().int().nullable(),
  delaySeconds: z.number().int().nullable(),
  card: z.string().nullable().describe('poker.card: the card the draw gives'),
  remaining: z.number().int().nullable().describe('Applications left; null until removed'),
  applied: z.number().int().describe('How many times it has acted'),
  createdAt: isoTime,
});

/** A webhook the payment gateway holds back (deposit.late): a row of its outbox whose first try waits. */
export const heldCallbackSchema = z.object({
  orderNo: z.string(),
  status: z.string().describe('SUCCESS or FAILED, as the webhook will say'),
  dueAt: isoTime.describe('Delivered once the virtual clock passes it'),
});

export const listFaults = defineEndpoint({
  method: 'GET',
  path: '/ops/faults',
  access: 'ops',
  permission: 'tester.tools',
  summary:
    "Active faults, and callbacks the payment gateway is holding back (deposit.late: rows of its outbox whose first try waits, read from the gateway's delivery log)",
  data: z.object({
    faults: z.array(faultSchema),
    heldCallbacks: z.array(heldCallbackSchema),
  }),
});

export const addFault = defineEndpoint({
  method: 'POST',
  path: '/ops/faults',
  access: 'ops',
  permission: 'tester.tools',
  summary:
    'Switch a fault on, for everyone or one player (uid); warning says when no route of the server matches its route',
  body: addFaultBody,
  data: faultSchema.extend({ warning: z.string().nullable().describe('e.g. no route matches /api/usr/info') }),
  codes: [Code.OPS_NOT_FOUND, Code.FAULT_CODE_UNKNOWN],
});

/**
 * The payment sandbox is an outside party: it asks for the tester's deposit faults over HTTP with the
 * operator token (server/src/sandbox/tester-client.ts), as its checkout did in-process before.
 */
export const takeDepositFault = defineEndpoint({
  method: 'POST',
  path: '/ops/faults/deposit/take',
  access: 'ops',
  permission: 'tester.tools',
  summary:
    "The payment sandbox takes the next deposit.* fault for a player's payment (used once, as if the checkout met it)",
  body: z.strictObject({
    uid: z
      .number()
      .int()
      .positive()
      .nullable()
      .describe('The paying player (the reference the casino gave the gateway)'),
  }),
  data: z.object({ fault: faultSchema.nullable().describe('The fault taken, or null when none acts on this payment') }),
});

export const removeFaults = defineEndpoint({
  method: 'DELETE',
  path: '/ops/faults',
  access: 'ops',
  permission: 'tester.tools',
  summary: 'Switch one fault off (id), or every fault',
  query: z.strictObject({ id: z.coerce.number().int().positive().optional() }),
  data: z.object({ removed: z.number().int() }),
  codes: [Code.FAULT_NOT_FOUND],
});

// --------------------------------------------------------------------------------------- request log

export const frameLogSchema = z.object({
  uid: z.number().int().nullable(),
  event: z.string(),
  sid: z.string(),
  at: isoTime,
});

export const requestLogSchema = z.object({
  id: z.number().int(),
  at: isoTime.describe('Real time'),
  method: z.string(),
  path: z.string().describe('The URL with its query string'),
  route: z.string().nullable().describe('The route pattern'),
  status: z.number().int(),
  code: z.number().int().nullable().describe('The envelope code, when the answer was an envelope'),
  durationMs: z.number(),
  uid: z.number().int().nullable(),
  fault: z.number().int().nullable().describe('The fault that acted on it'),
  stub: z.number().int().nullable().describe('The stub that answered it instead of the handler (/ops/stubs)'),
  requestBody: z.string().nullable().describe('Passwords and secrets redacted'),
  responseBody: z.string().nullable().describe('Truncated to 4 KB'),
  frames: z.array(frameLogSchema).describe('Socket frames pushed while it ran'),
  process: z.string().describe('The server process that answered it (PROCESS_NAME)'),
});

/** A frame pushed outside any request, and the process that pushed it. */
export const looseFrameSchema = frameLogSchema.extend({ process: z.string() });

export const listRequests = defineEndpoint({
  method: 'GET',
  path: '/ops/requests',
  access: 'ops',
  permission: 'tester.tools',
  summary:
    'Recent requests (newest first, the last 1,000 of each process) and socket frames pushed outside any request',
  query: z.strictObject({
    path: z.string().max(200).optional().describe('Part of the path'),
    uid: z.coerce.number().int().positive().optional(),
    code: z.coerce.number().int().min(0).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    ops: z.enum(['true', 'false']).optional().describe('true: include the /ops calls themselves'),
  }),
  data: z.object({
    requests: z.array(requestLogSchema),
    frames: z.array(looseFrameSchema),
    processes: z
      .object({
        answered: z.number().int().describe('Processes whose log is in this answer, the one asked included'),
        silent: z.number().int().describe('Processes of the cluster that did not answer within 2 s (left out)'),
      })
      .describe('With REDIS_URL the log is the whole cluster: every process is asked for its part'),
  }),
  codes: [Code.REQUEST_LOG_OFF],
});

export const clearRequests = defineEndpoint({
  method: 'DELETE',
  path: '/ops/requests',
  access: 'ops',
  permission: 'tester.tools',
  summary: 'Empty the request log (of every process of the cluster)',
  data: nothing,
  codes: [Code.REQUEST_LOG_OFF],
});

const replayStatus = z.object({ status: z.number().int(), code: z.number().int().nullable() });

export const replayHar = defineEndpoint({
  method: 'POST',
  path: '/ops/har/replay',
  access: 'ops',
  permission: 'tester.tools',
  summary:
    'Replay the requests of a HAR (GET /ops/requests.har or a browser export) in order, on a freshly loaded scenario when named, as one browser; compare each status and envelope code with the recorded ones',
  body: z.strictObject({
    har: z.unknown().describe('The HAR document: { log: { entries: [...] } } (up to 32 MB)'),
    scenario: nameText.optional().describe('Load this scenario first (every session ends)'),
    password: z
      .string()
      .min(1)
      .max(100)
      .default('Secret123')
      .describe('Typed password that replaces redacted passwords (the personas use Secret123)'),
  }),
  data: z.object({
    scenario: z.string().nullable(),
    replayed: z.number().int(),
    same: z.number().int(),
    different: z.number().int(),
    skipped: z.number().int().describe('Operator calls, static files and socket entries'),
    results: z.array(
      z.object({
        index: z.number().int().describe('Position in log.entries'),
        method: z.string(),
        path: z.string(),
        expected: replayStatus,
        actual: replayStatus,
        same: z.boolean(),
      }),
    ),
  }),
  codes: [Code.SCENARIO_UNKNOWN, Code.SNAPSHOT_INCOMPATIBLE, Code.SCENARIO_FAILED, Code.HAR_INVALID],
});

// -------------------------------------------------------------------------------------------- sockets

export const pushFrame = defineEndpoint({
  method: 'POST',
  path: '/ops/sockets/:uid/push',
  access: 'ops',
  permission: 'tester.tools',
  summary: 'Push a socket frame to a player, e.g. inbox.unread with 3 (kept until acknowledged)',
  params: z.strictObject({ uid: z.coerce.number().int().positive() }),
  body: z.strictObject({
    event: z
      .string()
      .regex(/^[a-z][\w.]{0,63}$/i)
      .describe('Event name, e.g. inbox.unread'),
    content: z.unknown().optional(),
  }),
  data: z.object({ sid: z.string(), connections: z.number().int() }),
  codes: [Code.OPS_NOT_FOUND],
});

export const socketStats = defineEndpoint({
  method: 'GET',
  path: '/ops/sockets',
  access: 'ops',
  permission: 'tester.tools',
  summary: 'Live socket connections',
  data: z.object({ players: z.number().int(), connections: z.number().int(), pushed: z.number().int() }),
});

export const opsToolingEndpoints = [
  listScenarios,
  loadScenario,
  listSnapshots,
  saveSnapshot,
  restoreSnapshot,
  deleteSnapshot,
  importSnapshot,
  listFaults,
  addFault,
  takeDepositFault,
  removeFaults,
  listRequests,
  clearRequests,
  replayHar,
  pushFrame,
  socketStats,
] as const;
