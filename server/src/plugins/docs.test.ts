import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { md5 } from 'js-md5';
import type { OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Code } from '../../../shared/codes';
import * as contract from '../../../shared/contract';
import type { Endpoint } from '../../../shared/contract/define';
import { CONTROL_EVENTS, COUNTER_EVENTS } from '../../../shared/socket';
import { createTestApp, type TestApp } from '../test/harness';
import { openApiDocument, openApiTypes, scenarioExamples, stableExamples } from '../test/openapi';
import { EXAMPLE_EXCEPTIONS } from '../test/openapi-calls';
import type { components, operations } from '../test/openapi-types';
import { contractEndpoints, operationIdOf, UNDOCUMENTED_ROUTES } from './docs';

type Json = Record<string, unknown>;

/** Every non-test TypeScript file under server/src, concatenated. */
function readServerSources(dir = join(ROOT, 'server', 'src')): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return readServerSources(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
type Operation = {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  responses: Record<string, unknown>;
};

let document: OpenAPI3;
beforeAll(async () => {
  document = await openApiDocument();
});

/** Every `.describe()` text of a zod schema and of the schemas inside it (fields, items, options, wrappers). */
function descriptionsOf(schema: unknown, into = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (!(schema instanceof z.ZodType) || seen.has(schema)) return into;
  seen.add(schema);
  const description = z.globalRegistry.get(schema)?.description;
  if (description) into.add(description);
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const inner: unknown[] = [
    ...Object.values((def.shape as Record<string, unknown>) ?? {}),
    ...((def.options as unknown[]) ?? []),
    ...((def.items as unknown[]) ?? []),
    ...['element', 'innerType', 'in', 'out', 'left', 'right', 'keyType', 'valueType', 'rest'].map((key) => def[key]),
    schema._zod.parent,
  ];
  if (def.type === 'lazy') inner.push((def.getter as () => unknown)());
  for (const child of inner) descriptionsOf(child, into, seen);
  return into;
}

/** Every `description` of the document, wherever it is (schemas, parameters, responses, tags...). */
function documentDescriptions(node: unknown, into: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) documentDescriptions(item, into);
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key === 'description' && typeof value === 'string') into.push(value);
      else documentDescriptions(value, into);
    }
  return into;
}

const allOperations = () =>
  Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, op]) => ({ path, method, op })),
  );

describe('the OpenAPI document', () => {
  it('names every operation once, from its method and path', () => {
    const ids = allOperations().map(({ op }) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdOf('post', '/api/user/custom/register')).toBe('postUserCustomRegister');
    expect(operationIdOf('get', '/ops/users/{uid}')).toBe('getOpsUsersByUid');
  });

  it("carries the contract's words: the .describe() texts reach their properties and parameters", () => {
    const texts = new Set<string>();
    for (const endpoint of contractEndpoints.values()) {
      for (const schema of [endpoint.params, endpoint.query, endpoint.body, endpoint.data])
        descriptionsOf(schema, texts);
    }
    const written = documentDescriptions(document);
    const missing = [...texts].filter((text) => !written.some((description) => description.includes(text)));
    const ratio = (texts.size - missing.length) / texts.size;
    console.info(
      `.describe() texts in the document: ${texts.size - missing.length} of ${texts.size} (${(ratio * 100).toFixed(1)} %); missing: ${JSON.stringify(missing)}`,
    );
    expect(texts.size).toBeGreaterThan(300);
    expect(ratio).toBeGreaterThanOrEqual(0.95);

    const login = (document.paths as Record<string, Record<string, Json>>)['/api/user/login']?.post as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, { description?: string }> } }> };
    };
    expect(login.requestBody.content['application/json']?.schema.properties.password?.description).toMatch(/md5/);
    // A query parameter says what it is on the parameter object.
    const page = (document.paths as Record<string, Record<string, Operation>>)['/api/withdraw/fetch']?.get?.parameters;
    expect(page).toContainEqual(
      expect.objectContaining({ name: 'page', in: 'query', description: 'Page number, from 1' }),
    );
  });

  it('answers every operation with words, not "Default Response"; the stand-ins of other hosts stay out', () => {
    const defaults = allOperations().flatMap(({ path, method, op }) =>
      Object.entries(op.responses)
        .filter(([, response]) => (response as { description?: string }).description === 'Default Response')
        .map(([status]) => `${method} ${path} ${status}`),
    );
    expect(defaults).toEqual([]);
    const paths = Object.keys(document.paths ?? {});
    for (const { route, reason } of UNDOCUMENTED_ROUTES) {
      expect(reason.length).toBeGreaterThan(20);
      expect(paths.filter((path) => route.test(path))).toEqual([]);
    }
    // What the provider calls on the casino is there, described.
    for (const call of ['authenticate', 'balance', 'bet', 'win', 'rollback']) {
      const op = (document.paths as Record<string, Record<string, Operation & { tags: string[] }>>)[
        `/api/provider/wallet/${call}`
      ]?.post;
      expect(op?.tags, call).toEqual(['provider']);
      expect((op?.responses['200'] as { description?: string } | undefined)?.description).toMatch(/success envelope/);
    }
    expect(document.tags?.find((tag) => tag.name === 'provider')?.description).toMatch(/HMAC-SHA256/);
  });

  it('describes the socket protocol: every event of shared/socket.ts, its direction, its content', () => {
    type SocketEvent = { event: string; direction: string; description: string; content: Json };
    const socket = (document as unknown as { 'x-socket': { channels: { name: string; events: SocketEvent[] }[] } })[
      'x-socket'
    ];
    const tag = document.tags?.find((t) => t.name === 'socket')?.description ?? '';
    // The events as shared/socket.ts writes them: the doc comment above each event of ServerEvents and
    // OperatorEvents, the counter events and the control frames.
    const source = readFileSync(join(ROOT, 'shared', 'socket.ts'), 'utf8');
    const eventsOfType = (name: string) => {
      const block = new RegExp(`export type ${name} = [\\s\\S]*?\\n\\};`).exec(source)?.[0] ?? '';
      return [...block.matchAll(/\/\*\* (.+?) \*\/\n\s+'([\w.]+)':/g)].map(([, text, event]) => ({ event, text }));
    };
    const expected = {
      player: [...Object.keys(COUNTER_EVENTS), ...eventsOfType('ServerEvents').map((e) => e.event), ...CONTROL_EVENTS],
      operator: [...eventsOfType('OperatorEvents').map((e) => e.event), 'ping', 'pong'],
    };
    expect(eventsOfType('ServerEvents').length).toBeGreaterThanOrEqual(8);
    expect(eventsOfType('OperatorEvents').length).toBeGreaterThanOrEqual(3);
    for (const [name, events] of Object.entries(expected)) {
      const channel = socket.channels.find((c) => c.name === name);
      expect(channel?.events.map((e) => e.event).sort(), name).toEqual([...events].sort());
      for (const event of channel?.events ?? []) {
        expect(event.direction, event.event).toBeTruthy();
        expect(event.content, event.event).toBeTypeOf('object');
        expect(tag, `${name}: ${event.event} in the socket tag`).toContain(
          `| \`${event.event}\` | ${event.direction} |`,
        );
      }
    }
    // Each event's words are the doc comment of shared/socket.ts (docs-socket.ts must follow it).
    for (const [type, name] of [
      ['ServerEvents', 'player'],
      ['OperatorEvents', 'operator'],
    ] as const) {
      const channel = socket.channels.find((c) => c.name === name);
      for (const { event, text } of eventsOfType(type)) {
        expect(channel?.events.find((e) => e.event === event)?.description, `${type} ${event}`).toBe(text);
      }
    }
    const balance = socket.channels[0]?.events.find((e) => e.event === 'balance.changed');
    expect(balance?.content).toMatchObject({ type: 'object', properties: { balance: { type: 'number' } } });
    expect(tag).toContain('/webSocket/{uid}');
  });

  it('has no empty enum anywhere (no schema matches one; orval refuses the document)', () => {
    const empty: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) {
        for (const [i, item] of node.entries()) walk(item, `${where}/${i}`);
      } else if (node && typeof node === 'object')
        for (const [key, value] of Object.entries(node)) {
          if (key === 'enum' && Array.isArray(value) && value.length === 0) empty.push(where);
          walk(value, `${where}/${key}`);
        }
    };
    walk(document, '#');
    expect(empty).toEqual([]);
  });

  it('has named component schemas and the failure envelope with data null', () => {
    const schemas = document.components?.schemas ?? {};
    for (const name of ['UserInfo', 'Balance', 'Game', 'DepositRecord', 'WithdrawRecord', 'Failure']) {
      expect(schemas, name).toHaveProperty(name);
    }
    const failure = schemas.Failure as { properties: Record<string, { nullable?: boolean; enum?: unknown[] }> };
    expect(failure.properties.data?.nullable).toBe(true);
    expect(failure.properties.success?.enum).toEqual([false]);
    expect(failure.properties.code?.enum).toContain(20002);
  });

  it('declares requestFrom on mutating /api calls, language everywhere on /api, the codes and servers', () => {
    const op = (path: string, method: string) =>
      (document.paths as Record<string, Record<string, Operation>>)[path]?.[method] as Operation;
    const register = op('/api/user/custom/register', 'post');
    expect(register.parameters).toContainEqual(
      expect.objectContaining({ name: 'requestFrom', in: 'header', required: true }),
    );
    expect(register.parameters).toContainEqual(expect.objectContaining({ name: 'language', in: 'header' }));
    expect(register.responses).toHaveProperty('403');
    const balance = op('/api/balance', 'get') as Operation & { 'x-codes': number[] };
    expect(balance.parameters?.map((p) => p.name)).not.toContain('requestFrom');
    expect(balance['x-codes']).toContain(20002);
    expect(document.servers?.[0]?.url).toBe('http://localhost:3000');
  });

  it('offers the optional Idempotency-Key header, and its two codes, on the money POSTs only', () => {
    const op = (path: string) =>
      (document.paths as Record<string, Record<string, Operation & { 'x-codes': number[] }>>)[path]?.post;
    for (const path of ['/api/withdraw/create', '/api/recharge/build', '/api/mallExchange/order', '/api/poker/draw']) {
      expect(op(path)?.parameters, path).toContainEqual(
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
      );
      expect(op(path)?.['x-codes']).toEqual(
        expect.arrayContaining([Code.IDEMPOTENCY_KEY_REUSED, Code.IDEMPOTENCY_IN_PROGRESS]),
      );
    }
    const login = op('/api/user/login');
    expect(login?.parameters?.map((p) => p.name)).not.toContain('Idempotency-Key');
    expect(login?.['x-codes']).not.toContain(Code.IDEMPOTENCY_KEY_REUSED);
  });

  it('enumerates per operation the codes its endpoint declares in the contract, besides the common ones', () => {
    const failureCodes = (path: string, method: string) => {
      const op = (document.paths as Record<string, Record<string, Operation & { 'x-codes': number[] }>>)[path]?.[
        method
      ];
      const schema = (
        (op as Operation).responses['200'] as unknown as { content: Record<string, { schema: { oneOf: unknown[] } }> }
      ).content['application/json']?.schema.oneOf[1] as {
        allOf: [unknown, { properties: { code: { enum: number[] } } }];
      };
      return { answered200: schema.allOf[1].properties.code.enum, all: op?.['x-codes'] ?? [] };
    };
    const cases = [
      ['/api/user/custom/register', 'post', contract.user.register],
      ['/api/user/login', 'post', contract.user.login],
      ['/api/recharge/build', 'post', contract.recharge.rechargeBuild],
      ['/api/withdraw/create', 'post', contract.withdraw.createWithdrawal],
    ] as const;
    for (const [path, method, endpoint] of cases) {
      const { answered200, all } = failureCodes(path, method);
      for (const code of endpoint.codes) {
        expect(answered200, `${path} answers ${code}`).toContain(code);
        expect(all).toContain(code);
      }
      expect(answered200).toContain(Code.VALIDATION);
      // requestFrom has its own 403 answer, not a 200 one
      expect(answered200).not.toContain(Code.MISSING_REQUEST_FROM);
    }
    expect(failureCodes('/api/user/login', 'post').answered200).not.toContain(Code.INSUFFICIENT_BALANCE);
    expect(failureCodes('/api/withdraw/create', 'post').answered200).toEqual(
      expect.arrayContaining([Code.SESSION_INVALID, Code.INSUFFICIENT_BALANCE, Code.TURNOVER_OWED]),
    );
    // a declared code is one the server really throws (not a wish list)
    const serverText = readServerSources();
    for (const [, , endpoint] of cases) {
      for (const code of endpoint.codes) {
        const name = Object.entries(Code).find(([, value]) => value === code)?.[0];
        expect(serverText, `Code.${name} thrown somewhere in server/src`).toContain(`Code.${name}`);
      }
    }
  });

  it('shows a recorded success example for every operation but the listed exceptions, valid against the contract', () => {
    const keys = allOperations().map(({ path, method }) => `${method} ${path}`);
    // The exceptions are operations of the document, each with its reason, and few.
    for (const [key, reason] of Object.entries(EXAMPLE_EXCEPTIONS)) {
      expect(keys, `EXAMPLE_EXCEPTIONS: ${key}`).toContain(key);
      expect(reason.length, key).toBeGreaterThan(20);
    }
    expect(Object.keys(EXAMPLE_EXCEPTIONS).length).toBeLessThanOrEqual(5);
    const endpoints = new Map(
      [...contractEndpoints.values()].map((e) => [`${e.method.toLowerCase()} ${e.path.replace(/:(\w+)/g, '{$1}')}`, e]),
    );
    const without: string[] = [];
    const invalid: string[] = [];
    let failures = 0;
    for (const { path, method, op } of allOperations()) {
      const key = `${method} ${path}`;
      if (key in EXAMPLE_EXCEPTIONS) continue;
      const typed = op as Operation & {
        'x-codes': number[];
        requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
        responses: Record<string, { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }>;
      };
      const answers = typed.responses['200']?.content?.['application/json']?.examples ?? {};
      const sent = typed.requestBody?.content['application/json']?.examples ?? {};
      if (!answers.success) {
        without.push(key);
        continue;
      }
      const endpoint = endpoints.get(key);
      expect(endpoint, `${key}: a contract endpoint`).toBeDefined();
      for (const [name, example] of Object.entries(answers)) {
        const answer = example.value as { success: boolean; code: number; data: unknown };
        if (name.startsWith('success')) {
          expect(answer.success, `${key} ${name}`).toBe(true);
          expect(answer.code).toBe(0);
          const data = endpoint?.data.safeParse(answer.data);
          if (!data?.success) invalid.push(`${key} ${name}: ${data?.error.message.slice(0, 300)}`);
          if (endpoint?.body && sent[name]) {
            const body = endpoint.body.safeParse(sent[name]?.value);
            if (!body.success) invalid.push(`${key} ${name} request: ${body.error.message.slice(0, 300)}`);
          }
        } else {
          failures += 1;
          expect(answer.success, `${key} ${name}`).toBe(false);
          expect(name).toBe(`code${answer.code}`);
          expect(typed['x-codes'], `${key}: ${answer.code} is one of its codes`).toContain(answer.code);
        }
      }
    }
    expect(without, 'operations with no success example (server/src/test/openapi-calls.ts)').toEqual([]);
    expect(invalid).toEqual([]);
    expect(failures, 'some refusals are recorded too').toBeGreaterThanOrEqual(5);
    // A path or query parameter shows the value its success example sent.
    const record = (document.paths as Record<string, Record<string, Operation>>)['/api/game/record/{type}']?.get;
    expect(record?.parameters).toContainEqual(expect.objectContaining({ name: 'type', in: 'path', example: 'all' }));
    // An answer with a status of its own shows its own code, not the Failure schema's example.
    const statusExample = (path: string, method: string, status: string) => {
      const op = (document.paths as Record<string, Record<string, Operation>>)[path]?.[method];
      const answer = op?.responses[status] as
        | { content: Record<string, { examples: Record<string, { value: { code: number } }> }> }
        | undefined;
      return Object.values(answer?.content['application/json']?.examples ?? {}).map((e) => e.value.code);
    };
    expect(statusExample('/ops/users/{uid}', 'get', '401')).toEqual([Code.OPS_UNAUTHORIZED]);
    expect(statusExample('/api/withdraw/create', 'post', '403')).toEqual([Code.MISSING_REQUEST_FROM]);
    expect(statusExample('/api/withdraw/create', 'post', '503')).toEqual([Code.SERVICE_UNAVAILABLE]);
  });

  it('knows every endpoint of every contract module (a module left out of docs.ts would go undocumented)', async () => {
    const dir = join(ROOT, 'shared', 'contract');
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const missing: string[] = [];
    for (const file of files) {
      const module = (await import(join(dir, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        const endpoint = value as Partial<Endpoint> | null;
        if (!endpoint || typeof endpoint !== 'object' || !endpoint.method || !endpoint.path || !endpoint.data) continue;
        if (contractEndpoints.get(`${endpoint.method} ${endpoint.path}`) !== endpoint) missing.push(`${file}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("passes Redocly's recommended rules with no error", () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const run = () =>
        execFileSync(join(ROOT, 'node_modules', '.bin', 'redocly'), ['lint', '--extends', 'recommended', file], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        });
      // redocly exits non-zero when any rule reports an error
      expect(run).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('orval generates a fetch client from it that type-checks under strict TypeScript', () => {
    const dir = mkdtempSync(join(tmpdir(), 'orval-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);
      const quiet = { encoding: 'utf8' as const, stdio: ['ignore', 'pipe', 'pipe'] as ('ignore' | 'pipe')[] };
      // orval exits 0 even on some refusals, so the generated file is what proves it took the document
      execFileSync(bin('orval'), ['--input', file, '--output', join(dir, 'client.ts'), '--client', 'fetch'], quiet);
      const client = readFileSync(join(dir, 'client.ts'), 'utf8');
      const operations = Object.values(document.paths ?? {}).flatMap((item) =>
        Object.values(item as Record<string, Operation>).filter((operation) => operation?.operationId),
      );
      expect(operations.length).toBeGreaterThan(150);
      for (const { operationId } of operations) {
        expect(client, `orval's client has ${operationId}`).toContain(`const ${operationId} = async`);
      }
      const typecheck = spawnSync(
        bin('tsc'),
        [
          ...['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'esnext'],
          ...['--moduleResolution', 'bundler', '--lib', 'es2022,dom', join(dir, 'client.ts')],
        ],
        { ...quiet, cwd: dir },
      );
      expect({ status: typecheck.status, errors: typecheck.stdout }).toEqual({ status: 0, errors: '' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('openapi-typescript yields named schemas and operations, as the committed types hold them', async () => {
    const types = await openApiTypes(document);
    // The committed file (npm run openapi) types the client below; a contract change elsewhere need not
    // regenerate it, but what it holds for register and balance must still be what the server says.
    const committed = readFileSync(join(ROOT, 'server', 'src', 'test', 'openapi-types.ts'), 'utf8');
    for (const name of ['UserInfo', 'Balance', 'UserAccount', 'Failure', 'getBalance', 'postUserCustomRegister']) {
      const block = (text: string) => new RegExp(`\\n( {4}| {8})${name}: \\{\\n[\\s\\S]*?\\n\\1\\};`).exec(text)?.[0];
      expect(block(types), name).toBeDefined();
      expect(block(committed), `${name} in server/src/test/openapi-types.ts (npm run openapi)`).toBe(block(types));
    }
  }, 60_000);
});

describe('npm run openapi is stable', () => {
  it('recording the examples again gives the committed file, byte for byte', async () => {
    const committed = readFileSync(join(ROOT, 'shared', 'openapi-examples.json'), 'utf8');
    const recorded = `${JSON.stringify(await scenarioExamples(), null, 2)}\n`;
    expect(recorded, 'shared/openapi-examples.json is stale: npm run openapi').toBe(committed);
  }, 60_000);

  it('stands in for what differs per run, the same value by the same stand-in, and keeps scenario uids', () => {
    const run = (uid: number, orderNo: string, token: string) =>
      stableExamples({
        'post /x': [
          {
            summary: 'x',
            request: { captcha: { token: `t${token}`, answer: token.slice(0, 5).toUpperCase() } },
            response: {
              success: true,
              data: {
                player: { uid, invitationCode: `C${token}`.slice(0, 8) },
                maria: { uid: 10000001, invitationCode: 'AAAKTFWB' },
                orderNo,
                payUrl: `http://h/pay/${orderNo}?token=${token}`,
              },
            },
          },
        ],
      });
    const a = run(81309876, 'D2026112076859644', 'abcdef0123456789abcdef0123456789');
    expect(run(18637873, 'D2026112067652492', '0123456789abcdef0123456789abcdef')).toEqual(a);
    expect(a['post /x']?.[0]?.response).toEqual({
      success: true,
      data: {
        player: { uid: 12345678, invitationCode: 'EXAMPLE1' },
        maria: { uid: 10000001, invitationCode: 'AAAKTFWB' },
        orderNo: 'D2026112000000001',
        payUrl: 'http://h/pay/D2026112000000001?token=00000000000000000000000000000001',
      },
    });
  });

  it('stands in for signatures, SMS codes, wall-clock stamps and measurements, and leaves the frozen clock alone', () => {
    const wall = Date.parse('2027-03-01T09:00:00.000Z');
    const run = (signature: string, sms: string, at: number, tookMs: number) =>
      stableExamples(
        {
          'post /x': [
            {
              summary: 'x',
              request: { code: sms, signature },
              response: {
                success: true,
                data: {
                  sent: [{ code: sms }],
                  savedAt: new Date(at).toISOString(),
                  createdAt: '2026-11-20T02:00:00.000Z',
                  tookMs,
                  total: 17,
                  content: `order W20261120${String(tookMs).padStart(8, '0')} paid`,
                },
              },
            },
          ],
        },
        { from: wall - 60_000, to: wall + 60_000 },
      );
    const a = run('ab'.repeat(32), '482913', wall + 1234, 17);
    expect(run('cd'.repeat(32), '105577', wall + 5678, 40)).toEqual(a);
    expect(a['post /x']?.[0]?.request).toEqual({ code: '100001', signature: `${'0'.repeat(63)}1` });
    expect(a['post /x']?.[0]?.response).toEqual({
      success: true,
      data: {
        sent: [{ code: '100001' }],
        savedAt: '2026-11-20T02:00:01.000Z',
        // An instant of the frozen clock is kept; a measurement is fixed by its field's name only.
        createdAt: '2026-11-20T02:00:00.000Z',
        tookMs: 50,
        total: 17,
        content: 'order W2026112000000001 paid',
      },
    });
  });
});

describe('a client typed by openapi-typescript', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  });
  afterAll(() => t.close());

  type RegisterBody = operations['postUserCustomRegister']['requestBody']['content']['application/json'];
  type RegisterAnswer = operations['postUserCustomRegister']['responses']['200']['content']['application/json'];
  type Balance = components['schemas']['Balance'];
  type Failure = components['schemas']['Failure'];

  it('registers, then reads the balance over HTTP', async () => {
    await fetch(`${base}/api/user/sms/send/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', requestFrom: 'H5' },
      body: JSON.stringify({ phone: '9171110000' }),
    });
    const sms = (await t.app.services.sms.outbox('9171110000', 5)).find((m) => m.purpose === 'register');
    const body: RegisterBody = {
      username: `typed${Date.now() % 1e7}`,
      password: md5('secret123'),
      phone: '9171110000',
      agree: true,
      smsCode: sms?.code,
    };
    const registered = await fetch(`${base}/api/user/custom/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', requestFrom: 'H5' },
      body: JSON.stringify(body),
    });
    const answer = (await registered.json()) as RegisterAnswer;
    if (!answer.success) throw new Error(`register: ${(answer as Failure).msg}`);
    expect(answer.data.uid).toBeGreaterThan(0);
    const cookie =
      registered.headers
        .getSetCookie()
        .find((c) => c.startsWith('sid='))
        ?.split(';')[0] ?? '';

    const read = await fetch(`${base}/api/balance`, { headers: { cookie } });
    const envelope = (await read.json()) as { success: true; data: Balance } | Failure;
    if (!envelope.success) throw new Error(`balance: ${envelope.msg}`);
    expect(envelope.data.userAccountVO.balance).toBe(0);
  });
});
