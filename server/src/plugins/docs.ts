import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code, type CodeValue } from '../../../shared/codes';
import * as contract from '../../../shared/contract';
import {
  answerableCodes,
  type Endpoint,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
} from '../../../shared/contract/define';
import * as dev from '../../../shared/contract/dev';
import * as ops from '../../../shared/contract/ops';
import * as opsAudit from '../../../shared/contract/ops-audit';
import * as opsDashboard from '../../../shared/contract/ops-dashboard';
import * as opsInbox from '../../../shared/contract/ops-inbox';
import * as opsMoney from '../../../shared/contract/ops-money';
import * as opsOperators from '../../../shared/contract/ops-operators';
import * as opsRewards from '../../../shared/contract/ops-rewards';
import * as opsRisk from '../../../shared/contract/ops-risk';
import * as opsStubs from '../../../shared/contract/ops-stubs';
import * as opsTooling from '../../../shared/contract/ops-tooling';
import * as opsVip from '../../../shared/contract/ops-vip';
import { codeMessage } from '../../../shared/messages';
import recordedExamples from '../../../shared/openapi-examples.json';
import { socketChannels, socketTagDescription } from './docs-socket';

/** What the document reads of a schema: its component id, and the contract's words (`.describe()`, `.meta()`). */
type DocumentMeta = z.core.GlobalMeta & { id?: string };

/**
 * The metadata of a schema as the document sees it: zod's global metadata (where `.describe()` writes)
 * under this registry's own (the component id). fastify-type-provider-zod hands the registry it is given
 * to `z.toJSONSchema` as *the* metadata registry, so without the global one below it every description
 * of the contract was lost. A global `id` is not taken: components are named here alone.
 */
class OverGlobalMetadata extends WeakMap<z.core.$ZodType, DocumentMeta> {
  override get(schema: z.core.$ZodType): DocumentMeta | undefined {
    const own = super.get(schema);
    const { id: _globalId, ...global } = (z.globalRegistry._map.get(schema) ?? {}) as DocumentMeta;
    return Object.keys(global).length ? { ...global, ...own } : own;
  }
}

/**
 * Named component schemas: every `xxxSchema` object the contract exports is `Xxx` in the document
 * (userInfoSchema is UserInfo, balanceSchema Balance, gameSchema Game...). A registry of its own, not
 * zod's global one, so the response serializers (which read zod's JSON Schema) are untouched; it reads
 * the global metadata through (OverGlobalMetadata), so the descriptions reach the document.
 */
export const componentRegistry = z.registry<DocumentMeta>();
componentRegistry._map = new OverGlobalMetadata();
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const named = new Set<string>();
for (const module of [...Object.values(contract), contract, opsMoney, opsTooling]) {
  if (!module || typeof module !== 'object' || module instanceof z.ZodType) continue;
  for (const [name, value] of Object.entries(module)) {
    const id = /^(\w+)Schema$/.exec(name)?.[1];
    if (!id || !(value instanceof z.ZodObject) || componentRegistry.has(value) || named.has(pascal(id))) continue;
    named.add(pascal(id));
    componentRegistry.add(value, { id: pascal(id) });
  }
}

const ALL_CODES = Object.values(Code).filter((c) => c !== Code.OK);

/** Every contract endpoint by `METHOD /path` as it is registered (`GET /ops/users/:uid`). */
export const contractEndpoints = new Map<string, Endpoint>();
const everyModule = [
  ...Object.values(contract),
  contract,
  dev,
  ops,
  opsAudit,
  opsDashboard,
  opsInbox,
  opsMoney,
  opsOperators,
  opsRewards,
  opsRisk,
  opsStubs,
  opsTooling,
  opsVip,
];
for (const module of everyModule) {
  if (!module || typeof module !== 'object' || module instanceof z.ZodType) continue;
  for (const value of Object.values(module)) {
    const endpoint = value as Partial<Endpoint> | null;
    if (!endpoint || typeof endpoint !== 'object' || !endpoint.method || !endpoint.path || !endpoint.data) continue;
    contractEndpoints.set(`${endpoint.method} ${endpoint.path}`, endpoint as Endpoint);
  }
}
/** The document's key of an endpoint: `get /ops/users/{uid}`. */
const documentKey = (method: string, path: string) => `${method.toLowerCase()} ${path.replace(/:(\w+)/g, '{$1}')}`;
const endpointOfDocument = new Map([...contractEndpoints.values()].map((e) => [documentKey(e.method, e.path), e]));

const MUTATING = new Set(['post', 'put', 'patch', 'delete']);
/** Codes answered with their own HTTP status, not 200 (the 400/401/403/413/415/500 responses list them). */
const OWN_STATUS = new Set<number>([
  Code.MALFORMED_JSON,
  Code.BODY_TOO_LARGE,
  Code.UNSUPPORTED_MEDIA_TYPE,
  Code.OPS_UNAUTHORIZED,
  Code.MISSING_REQUEST_FROM,
  Code.INTERNAL,
  Code.SERVICE_UNAVAILABLE,
]);

/** The failure envelope: `success: false`, a code of shared/codes.ts, `data` null (a field list for 10001). */
const failureSchema = {
  type: 'object',
  required: ['success', 'code', 'msg', 'data'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    code: { type: 'integer', enum: ALL_CODES, description: 'A code of shared/codes.ts' },
    msg: { type: 'string', description: 'Readable message in the language of the `language` header' },
    data: {
      nullable: true,
      description: 'null, except a validation failure (10001): every field and its rule message',
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
  example: {
    success: false,
    code: Code.SESSION_INVALID,
    msg: codeMessage(Code.SESSION_INVALID, 'en-US'),
    data: null,
  },
};

type Json = Record<string, unknown>;

/** One recorded call: what was sent and what the server answered. */
export interface RecordedExample {
  summary: string;
  /** The path parameters and query of the call, when it had any. */
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  request?: unknown;
  response: unknown;
}

/** Examples of every operation by `method path` (scenarioExamples in server/src/test/openapi.ts). */
export type ScenarioExamples = Record<string, RecordedExample[]>;

/**
 * Each recorded answer as a named example: `success` (`success2`, `success3` for further ones), or the
 * failure's code (`code20003`), the same names for the request and the answer.
 */
function namedExamples(recorded: RecordedExample[], part: 'request' | 'response'): Json {
  const named: Json = {};
  let successes = 0;
  for (const example of recorded) {
    const answer = example.response as { success?: boolean; code?: number };
    if (answer.success) successes += 1;
    const name = answer.success ? `success${successes > 1 ? successes : ''}` : `code${answer.code}`;
    if (example[part] !== undefined) named[name] = { summary: example.summary, value: example[part] };
  }
  return named;
}
type Operation = Json & {
  parameters?: Json[];
  responses?: Record<string, Json>;
  security?: Record<string, string[]>[];
  requestBody?: Json;
};

/** `POST /api/user/custom/register` is `postUserCustomRegister`; path parameters read `ByName`. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((part) => part && part !== 'api')
    .flatMap((part) =>
      part.startsWith('{') || part.startsWith(':') ? ['by', part.replace(/[{}:]/g, '')] : part.split(/[^a-zA-Z0-9]+/),
    )
    .filter(Boolean);
  return method.toLowerCase() + words.map(pascal).join('');
}

/** Called by a server with a signed body (the contract's `signed`, written by route.ts as `x-signed`). */
const isSigned = (op: Operation) => op['x-signed'] === true;

/** The codes of an operation of the document: its contract endpoint's, or read from how it is reached. */
function codesOf(method: string, path: string, op: Operation): number[] {
  const endpoint = endpointOfDocument.get(`${method} ${path}`);
  if (endpoint) return answerableCodes(endpoint);
  const codes = new Set<number>([Code.INTERNAL, Code.SERVICE_UNAVAILABLE]);
  if (op.parameters?.some((p) => p.in !== 'header') || op.requestBody) codes.add(Code.VALIDATION);
  if (op.requestBody) {
    for (const c of [Code.MALFORMED_JSON, Code.BODY_TOO_LARGE, Code.UNSUPPORTED_MEDIA_TYPE]) codes.add(c);
  }
  const isOps = path.startsWith('/ops');
  if (isOps) {
    codes.add(Code.OPS_UNAUTHORIZED);
    codes.add(Code.OPS_FORBIDDEN);
    codes.add(Code.OPS_TESTER_TOOLS_OFF);
  } else if (MUTATING.has(method) && !isSigned(op)) codes.add(Code.MISSING_REQUEST_FROM);
  if (op.security?.some((s) => 'session' in s)) {
    codes.add(Code.SESSION_INVALID);
    codes.add(Code.ACCOUNT_SUSPENDED);
  }
  return [...codes].sort((a, b) => a - b);
}

/** A failure answered with a status of its own; its example is its own code (not the Failure schema's 20002). */
const failure = (codes: number[], description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        allOf: [
          { $ref: '#/components/schemas/Failure' },
          { type: 'object', properties: { code: { type: 'integer', enum: codes } } },
        ],
      },
      examples: {
        [`code${codes[0]}`]: {
          summary: description,
          value: { success: false, code: codes[0], msg: codeMessage(codes[0] as CodeValue, 'en-US'), data: null },
        },
      },
    },
  },
});

/** The `Idempotency-Key` header of a contract endpoint marked `idempotent` (server/src/plugins/idempotency.ts). */
const idempotencyKeyParameter = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description: [
    'Optional, 1-255 printable ASCII characters, chosen by the client (a UUID): one per submission, the same',
    'again when the same submission is retried. Kept 24 h per player. The same key with the same body answers',
    'the first answer again, with the header `Idempotent-Replayed: true`, and moves nothing; with another body',
    `or on another endpoint it answers ${Code.IDEMPOTENCY_KEY_REUSED}; while the first request is still running,`,
    `${Code.IDEMPOTENCY_IN_PROGRESS}. Answers of 500 or 503 are not kept: a retry runs again. Without the header`,
    'every call runs.',
  ].join(' '),
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN.source },
  example: '5f0c6c1e-8f7a-4d2b-9a57-3f1e2d4c6b8a',
};

const headerParameters = (method: string, path: string, op: Operation): Json[] => {
  if (!path.startsWith('/api/') || path.startsWith('/api/docs')) return [];
  return [
    ...(endpointOfDocument.get(`${method} ${path}`)?.idempotent ? [idempotencyKeyParameter] : []),
    ...(MUTATING.has(method) && !isSigned(op)
      ? [
          {
            name: 'requestFrom',
            in: 'header',
            required: true,
            description:
              'Where the call comes from: H5 in a browser, APP_H5 inside the native wrapper (a cheap CSRF guard)',
            schema: { type: 'string', enum: ['H5', 'APP_H5'] },
            example: 'H5',
          },
        ]
      : []),
    {
      name: 'language',
      in: 'header',
      required: false,
      description: 'Language of `msg`',
      schema: { type: 'string', enum: ['en-US', 'vi-VN'], default: 'en-US' },
      example: 'en-US',
    },
  ];
};

/**
 * Routes this server serves that are not the casino's API, kept out of the document on purpose. Each
 * is a stand-in for another company's host, reached by a URL the API hands out, never called by a client
 * of this API; the casino's side of both integrations is documented (the `provider` tag's wallet, the
 * `payment` tag's webhook).
 */
export const UNDOCUMENTED_ROUTES: readonly { route: RegExp; reason: string }[] = [
  {
    route: /^\/sandbox\//,
    reason:
      "The e-wallet sandbox, standing in for GCash's or Maya's own host: its checkout (HTML pages and their script; a client opens the payUrl of POST /api/recharge/build) and its gateway API, which the casino calls server to server (signed) to create and cancel a payment",
  },
  {
    route: /^\/provider\/play\//,
    reason:
      "The demo provider's game page (HTML), standing in for a provider's host: a client opens the url of the game launch",
  },
  {
    route: /^\/provider\/api\//,
    reason:
      "The demo provider's private API between its game pages and its server; what the provider calls on the casino is the seamless wallet (/api/provider/wallet/*)",
  },
];
const undocumented = (url: string) => UNDOCUMENTED_ROUTES.some(({ route }) => route.test(url));

/** The 200 answers of the routes that answer a file, not an envelope (registered without a contract endpoint). */
const FILE_ANSWERS: Record<string, Json> = {
  'get /ops/requests.har': {
    description:
      'The request log as an HTTP Archive 1.2 (JSON), as an attachment; a refusal is the failure envelope (HTTP 200)',
    content: {
      'application/json': {
        schema: {
          oneOf: [
            {
              type: 'object',
              required: ['log'],
              properties: {
                log: { type: 'object', description: 'HAR 1.2: creator, entries (requests and socket frames)' },
              },
            },
            { $ref: '#/components/schemas/Failure' },
          ],
        },
      },
    },
  },
  'get /ops/kyc/{uid}/documents/{kind}': {
    description:
      'The photo itself (JPEG, PNG or WebP, its type read from its bytes at upload), Cache-Control no-store; a refusal is the failure envelope (JSON)',
    content: {
      'image/jpeg': { schema: { type: 'string', format: 'binary' } },
      'image/png': { schema: { type: 'string', format: 'binary' } },
      'image/webp': { schema: { type: 'string', format: 'binary' } },
      'application/json': { schema: { $ref: '#/components/schemas/Failure' } },
    },
  },
  'get /ops/snapshots/{name}/file': {
    description:
      'The snapshot as a file (an SQLite database), as an attachment: masked (ID numbers, KYC photos, phone and e-wallet numbers), or the saved file with full=true (the service account only, 30062 otherwise); a refusal is the failure envelope (JSON)',
    content: {
      'application/vnd.sqlite3': { schema: { type: 'string', format: 'binary' } },
      'application/json': { schema: { $ref: '#/components/schemas/Failure' } },
    },
  },
};

/** The words of the tags that say more than `The x endpoints`. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  ops: 'Operator and tester API (bearer token)',
  provider: [
    "Game providers. The seamless wallet (`/api/provider/wallet/*`) is called by the provider's servers, not",
    "the client: every body carries `signature`, HMAC-SHA256 hex with the provider's secret over the other",
    'fields (keys sorted, `key=value` joined by `&`), so it needs no requestFrom header. Money is pesos as text',
    'with exactly two decimals. bet, win and rollback are idempotent on transactionId: a replay answers the first',
    'answer and moves nothing. A bet needs a live session token; win and rollback do not. Also the public',
    'provably-fair verification of a round.',
  ].join(' '),
};

/**
 * What the zod transform cannot say: an operationId, the headers, the failure envelope and the codes of
 * each operation, `servers`. Business failures answer HTTP 200 too, so the 200 answer is the success
 * envelope or the failure one.
 */
export function completeDocument(document: Json, publicUrl: string): Json {
  const components = (document.components ?? {}) as Json & { schemas?: Json };
  document.components = { ...components, schemas: { ...components.schemas, Failure: failureSchema } };
  document.servers = [{ url: publicUrl, description: 'This server' }];
  // The socket protocol: a tag of its own (a section of the UI with no operation) and `x-socket`.
  const socket = socketChannels();
  document['x-socket'] = socket;
  document.tags = [
    ...new Set(
      Object.values(document.paths as Json).flatMap((item) =>
        Object.values(item as Json).flatMap((op) => ((op as Operation).tags as string[]) ?? []),
      ),
    ),
    'socket',
  ]
    .sort()
    .map((name) => ({
      name,
      description:
        name === 'socket' ? socketTagDescription(socket) : (TAG_DESCRIPTIONS[name] ?? `The ${name} endpoints`),
    }));
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(item)) {
      op.operationId = operationIdOf(method, path);
      op.summary ??= `${method.toUpperCase()} ${path}`;
      // Open operations say so: no security requirement at all.
      op.security ??= [];
      op.parameters = [...(op.parameters ?? []), ...headerParameters(method, path, op)];
      const codes = codesOf(method, path, op);
      const success = op.responses?.['200'] as (Json & { content?: Record<string, { schema: Json }> }) | undefined;
      const json = success?.content?.['application/json'];
      if (success && json) {
        success.description = 'The success envelope, or a business failure (HTTP 200, `success: false`)';
        const properties = (json.schema as { properties?: Json }).properties;
        if (properties?.success) properties.success = { type: 'boolean', enum: [true] };
        if (properties?.code) properties.code = { type: 'integer', enum: [Code.OK] };
        // The failure with HTTP 200: every code of the operation but those with a status of their own.
        const answered200 = codes.filter((c) => !OWN_STATUS.has(c));
        // No business failure at all (an operation only ever refused with statuses of their own): the
        // success alone, not a failure branch with `enum: []`, which no schema matches and orval refuses.
        if (answered200.length > 0)
          json.schema = {
            oneOf: [
              json.schema,
              {
                allOf: [
                  { $ref: '#/components/schemas/Failure' },
                  { type: 'object', properties: { code: { type: 'integer', enum: answered200 } } },
                ],
              },
            ],
          };
      }
      const file = FILE_ANSWERS[`${method} ${path}`];
      op.responses = {
        ...op.responses,
        ...(file ? { '200': file } : {}),
        ...(op.requestBody ? { '400': failure([Code.MALFORMED_JSON], 'Malformed JSON') } : {}),
        ...(op.requestBody
          ? {
              '413': failure([Code.BODY_TOO_LARGE], 'Body over 64 KB'),
              '415': failure([Code.UNSUPPORTED_MEDIA_TYPE], 'Body not JSON'),
            }
          : {}),
        ...(codes.includes(Code.OPS_UNAUTHORIZED)
          ? { '401': failure([Code.OPS_UNAUTHORIZED], 'No or wrong operator token') }
          : {}),
        ...(codes.includes(Code.MISSING_REQUEST_FROM)
          ? { '403': failure([Code.MISSING_REQUEST_FROM], 'The requestFrom header is missing or wrong') }
          : {}),
        '500': failure([Code.INTERNAL], 'Unexpected server fault (logged)'),
        '503': failure(
          [Code.SERVICE_UNAVAILABLE],
          'The database or the broker is away: nothing changed; try again after the Retry-After seconds',
        ),
      };
      const recorded = (recordedExamples as ScenarioExamples)[`${method} ${path}`];
      if (recorded) {
        const body = (op.requestBody as { content?: Record<string, Json> } | undefined)?.content?.['application/json'];
        if (body) body.examples = namedExamples(recorded, 'request');
        if (json) (json as Json).examples = namedExamples(recorded, 'response');
        // The path parameters and query of the success example, as each parameter's example.
        const sent = recorded.find((example) => (example.response as { success?: boolean }).success);
        op.parameters = op.parameters?.map((parameter) => {
          const from = parameter.in === 'path' ? sent?.params : parameter.in === 'query' ? sent?.query : undefined;
          const value = from?.[parameter.name as string];
          return value === undefined ? parameter : { ...parameter, example: value };
        });
      }
      op['x-codes'] = codes;
      op.description = [
        op.description,
        endpointOfDocument.has(`${method} ${path}`)
          ? `Failure codes: ${codes.join(', ')} (shared/codes.ts).`
          : `Failure codes besides the business ones of its domain: ${codes.join(', ')} (shared/codes.ts).`,
      ]
        .filter(Boolean)
        .join('\n\n');
    }
  }
  nullableObjects(document);
  dropUnused(document);
  // Sorted, so the document (and the types generated from it) do not depend on registration order.
  const paths = document.paths as Json;
  document.paths = Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((path) => [path, paths[path]]),
  );
  const schemas = (document.components as { schemas: Json }).schemas;
  (document.components as { schemas: Json }).schemas = Object.fromEntries(
    Object.keys(schemas)
      .sort()
      .map((name) => [name, schemas[name]]),
  );
  return document;
}

/** OpenAPI 3.0 wants a `type` beside `nullable`: zod writes `{ nullable, allOf: [$ref] }` for a nullable object. */
function nullableObjects(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(schema.allOf)) schema.type = 'object';
  for (const child of Object.values(schema)) nullableObjects(child);
}

/** Component schemas nothing refers to (the request-side copies of response-only objects) go. */
function dropUnused(document: Json): void {
  const schemas = (document.components as { schemas: Json }).schemas;
  for (let changed = true; changed; ) {
    changed = false;
    const text = JSON.stringify(document);
    for (const name of Object.keys(schemas)) {
      if (!text.includes(`"#/components/schemas/${name}"`)) {
        delete schemas[name];
        changed = true;
      }
    }
  }
}

/** The OpenAPI document generated from the shared contract: UI at /api/docs, JSON at /api/docs/json. */
export const docsPlugin = fp(
  async (app) => {
    const toObject = createJsonSchemaTransformObject({ schemaRegistry: componentRegistry });
    const zodTransform = createJsonSchemaTransform({ schemaRegistry: componentRegistry });
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Casino PH API',
          version: '1.0.0',
          license: { name: 'Proprietary' },
          description: [
            'Every body is an envelope `{ success, code, msg, data }`. Business and validation failures answer',
            'HTTP 200 with `success: false`, a stable `code` and a readable `msg`; transport faults keep their',
            'HTTP status (400, 404, 413, 500) with an envelope body. Money is pesos with at most two decimals.',
            'Mutating `/api` calls need the header `requestFrom: H5` (or `APP_H5`); `language: vi-VN` translates `msg`.',
            'The session is the httpOnly `sid` cookie set by login or register. `/ops` needs `Authorization: Bearer <ADMIN_TOKEN>`.',
            'The live socket (pushes to the player and the back office) is the `socket` section, and `x-socket`.',
          ].join(' '),
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'sid' },
            adminToken: { type: 'http', scheme: 'bearer' },
          },
        },
      },
      transform: (input) =>
        undocumented(input.url) ? { schema: { hide: true }, url: input.url } : zodTransform(input),
      transformObject: (input) => completeDocument(toObject(input) as Json, app.config.publicUrl) as never,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs' },
);
