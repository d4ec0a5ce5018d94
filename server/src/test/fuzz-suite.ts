import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { md5 } from 'js-md5';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../shared/codes';
import { allEndpoints } from '../../../shared/contract';
import type { Endpoint } from '../../../shared/contract/define';
import * as ops from '../../../shared/contract/ops';
import { opsEndpoints } from '../../../shared/contract/ops';
import * as user from '../../../shared/contract/user';
import { parseDuration } from '../../../shared/time';
import { ledgerProblems } from '../domains/ledger/whole';
import {
  applyBodyMutations,
  applyQueryMutations,
  badSegment,
  bodyMutation,
  bodyRefused,
  databaseDigest,
  fillPath,
  jsonSchemaOf,
  longString,
  paramsRefused,
  plausible,
  plausibleObject,
  QUERY_TAILS,
  queryMutation,
  queryRefused,
  queryText,
  writeCount,
} from './bad-input';
import { freshIp, registerPlayer, testApp } from './helpers';

/**
 * Bad input: for every route the app registers, generated invalid requests (mutated bodies,
 * query strings and path params, raw non-JSON bodies, wrong content types) never answer a 5xx, always
 * answer a failure envelope without a stack trace, and change nothing in the database. Then
 * valid-shaped requests that fail business rules never answer a 5xx either.
 */

/**
 * Cases per route: at least 1,000 generated cases for every registered route on every run.
 * Three quarters go to a route's main property (bodies, query strings or path params), one quarter to
 * raw payloads (or more of the main one); path params, when there are others, get a quarter more. A
 * route without any input gets the whole 1,000 as ignored query strings.
 */
const CASES_PER_ROUTE = 1_000;

/** Codes of a request refused before any handler: validation, malformed JSON, too large, media type, bad URL. */
const REFUSED = new Set<number>([
  Code.VALIDATION,
  Code.MALFORMED_JSON,
  Code.BODY_TOO_LARGE,
  Code.UNSUPPORTED_MEDIA_TYPE,
  Code.BAD_REQUEST,
]);

const STACK_TRACE = /\n\s+at\s|node_modules|server\/src\/|\.ts:\d+|"stack"/;
const LANGUAGES = ['en-US', 'vi-VN', '', 'xx-XX', 'vi', '*'];
const CONTENT_TYPES = [
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'text/plain',
  'text/plain; charset=utf-8',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xx',
  'application/xml',
  'text/html',
  'application/octet-stream',
  'application/vnd.api+json',
  'application/json-patch+json',
  'image/png',
  '*/*',
  'application',
  ';',
];
const RAW_PAYLOADS = [
  '',
  ' ',
  '{',
  '}',
  '{"a":',
  '[1,]',
  "{'a':1}",
  '{"a":1}}',
  '{}{}',
  '{"a":1,}',
  '// comment\n{}',
  'NaN',
  'undefined',
  'nul',
  '\u0000',
  '\uFEFF{}',
  '"\\ud800"',
  '{"a":"\\u0000"}',
  'a=1&b=2',
  '<?xml version="1.0"?><a/>',
  '--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xx--',
  `{"a":"${'x'.repeat(70_000)}"}`,
];

/**
 * The fuzz test runs in FUZZ_SHARDS files (server/src/fuzz-<n>.test.ts), each with an app of its own, so
 * that the suite's longest file is shared by the workers: shard `n` takes every FUZZ_SHARDS-th route and
 * business plan from the n-th, in the contract's order. `fuzz-shards.test.ts` checks that the shards
 * together cover every registered route and plan once, and that each shard has its file.
 */
export const FUZZ_SHARDS = 3;

/** The registered endpoints of a shard (all of them without one). */
export function shardOf<T>(items: T[], shard?: number): T[] {
  return shard === undefined ? items : items.filter((_, index) => index % FUZZ_SHARDS === shard);
}

/** Every endpoint of the contract that `app` registers, in the contract's order. */
export const registeredEndpoints = (app: { hasRoute(route: { method: string; url: string }): boolean }) =>
  [...allEndpoints, ...opsEndpoints].filter((e: Endpoint) =>
    app.hasRoute({ method: e.method, url: e.path }),
  ) as Endpoint[];

/** Defines shard `shard` of the fuzz test (its routes' bad input, then its business plans) in the calling file. */
export async function fuzzShard(shard: number): Promise<void> {
  const app = await testApp();
  const allRegistered = registeredEndpoints(app);
  const registered = shardOf(allRegistered, shard);
  const RUNS = {
    main: Math.round(CASES_PER_ROUTE * 0.75),
    rawBody: Math.round(CASES_PER_ROUTE * 0.25),
    params: Math.round(CASES_PER_ROUTE * 0.25),
    ignored: CASES_PER_ROUTE,
  };

  let playerCookie = '';
  const limiterCalls = () =>
    [app.limiter.consume, app.limiter.record, app.limiter.retryAfter].reduce(
      (sum, fn) => sum + vi.mocked(fn).mock.calls.length,
      0,
    );

  beforeAll(async () => {
    const { client } = await registerPlayer(app);
    playerCookie = client.cookie;
    vi.spyOn(app.limiter, 'consume');
    vi.spyOn(app.limiter, 'record');
    vi.spyOn(app.limiter, 'retryAfter');
  });

  afterAll(async () => {
    expect(await ledgerProblems(app.db), 'the ledger is whole after all the cases').toEqual([]);
    vi.restoreAllMocks();
    await app.close();
  });

  interface Case {
    method: Endpoint['method'];
    url: string;
    language: string;
    contentType?: string | undefined;
    payload?: string;
    ip?: string;
  }

  function headersFor(endpoint: Endpoint, c: Case): Record<string, string> {
    return {
      requestfrom: 'H5',
      deviceid: 'fuzz-device',
      language: c.language,
      ...(endpoint.access === 'user' ? { cookie: playerCookie } : {}),
      ...(endpoint.access === 'ops' ? { authorization: `Bearer ${app.config.adminToken}` } : {}),
      ...(c.contentType !== undefined ? { 'content-type': c.contentType } : {}),
    };
  }

  const send = (endpoint: Endpoint, c: Case) =>
    app.inject({
      method: c.method,
      url: c.url,
      headers: headersFor(endpoint, c),
      ...(c.payload !== undefined ? { payload: c.payload } : {}),
      ...(c.ip ? { remoteAddress: c.ip } : {}),
    });

  interface Answer {
    success: boolean;
    code: number;
    msg: string;
    data: unknown;
  }

  /** Throws with the case and the answer when a check fails (plain checks: this runs tens of thousands of times). */
  function check(condition: boolean, problem: string, context: string): asserts condition {
    if (!condition) throw new Error(`${problem}\n  ${context}`);
  }

  /** Status below 500, a JSON envelope, no stack trace; returns the envelope. */
  function expectEnvelope(response: LightMyRequestResponse, what: string) {
    const context = `${what}\n  -> ${response.statusCode} ${response.body.slice(0, 300)}`;
    check(response.statusCode < 500, 'a 5xx answer', context);
    check(!STACK_TRACE.test(response.body), 'a stack trace in the answer', context);
    let body: Answer;
    try {
      body = JSON.parse(response.body) as Answer;
    } catch {
      throw new Error(`the answer is not JSON\n  ${context}`);
    }
    check(body !== null && typeof body === 'object', 'the answer is not an envelope', context);
    check(Object.keys(body).sort().join() === 'code,data,msg,success', 'the answer is not an envelope', context);
    check(typeof body.success === 'boolean', 'success is not a boolean', context);
    check(Number.isInteger(body.code), 'code is not an integer', context);
    check(typeof body.msg === 'string', 'msg is not a string', context);
    return { body, context };
  }

  /** A refused request: the failure envelope with a readable message and a pre-handler code. */
  function expectRefused(response: LightMyRequestResponse, what: string) {
    const { body, context } = expectEnvelope(response, what);
    check(body.success === false, 'an invalid request succeeded', context);
    check(body.msg.trim().length > 0, 'an empty msg', context);
    check(REFUSED.has(body.code), 'not refused as bad input (the request reached a handler)', context);
  }

  const describeCase = (c: Case) =>
    `${c.method} ${c.url.slice(0, 200)} [${c.contentType ?? 'no content-type'}] ${(c.payload ?? '').slice(0, 200)}`;

  // ----------------------------------------------------------------------------------------- generators

  const paramSchemaOf = (endpoint: Endpoint) => (endpoint.params ? jsonSchemaOf(endpoint.params) : {});

  /** Path segments: each either plausible or junk. */
  function segmentsArb(endpoint: Endpoint, mode: 'mixed' | 'bad'): fc.Arbitrary<Record<string, string>> {
    const properties = paramSchemaOf(endpoint).properties ?? {};
    const names = Object.keys(properties);
    if (!names.length) return fc.constant({});
    const good = (name: string) => plausible(properties[name] ?? {}).map((v) => encodeURIComponent(String(v)) || '1');
    const arbs = Object.fromEntries(
      names.map((name) => [
        name,
        mode === 'bad' ? badSegment : fc.oneof({ weight: 3, arbitrary: good(name) }, badSegment),
      ]),
    );
    const record = fc.record(arbs) as fc.Arbitrary<Record<string, string>>;
    return mode === 'bad' ? record.filter((s) => paramsRefused(endpoint, s)) : record;
  }

  const FALLBACK_UNKNOWN = 'balance';

  /** Mutated JSON bodies, each one checked to be invalid (repaired with an unknown field, then `[]`, if not). */
  function bodyCases(endpoint: Endpoint, segments: fc.Arbitrary<Record<string, string>>): fc.Arbitrary<Case> {
    const schema = jsonSchemaOf(endpoint.body!);
    const fields = Object.keys(schema.properties ?? {});
    const known = new Set(fields);
    return fc
      .record({
        base: plausibleObject(schema),
        mutations: fc.array(bodyMutation(fields, known), { minLength: 1, maxLength: 3 }),
        segments,
        language: fc.constantFrom(...LANGUAGES),
      })
      .map(({ base, mutations, segments, language }) => {
        const refused = (payload: string) => paramsRefused(endpoint, segments) || bodyRefused(endpoint, payload);
        let payload = applyBodyMutations(base, mutations);
        if (!refused(payload)) {
          payload = applyBodyMutations(base, [...mutations, { kind: 'extra', key: FALLBACK_UNKNOWN, value: 1 }]);
        }
        if (!refused(payload)) payload = '[]';
        if (!refused(payload)) throw new Error(`could not make an invalid body for ${endpoint.path}: ${payload}`);
        return {
          method: endpoint.method,
          url: fillPath(endpoint.path, segments),
          language,
          contentType: 'application/json',
          payload,
        };
      });
  }

  /** Raw payloads under every content type; a payload that could read as a valid body is spoiled first. */
  function rawBodyCases(endpoint: Endpoint, segments: fc.Arbitrary<Record<string, string>>): fc.Arbitrary<Case> {
    return fc
      .record({
        contentType: fc.constantFrom(...CONTENT_TYPES),
        payload: fc.oneof(
          fc.constantFrom(...RAW_PAYLOADS),
          fc.string({ unit: 'binary', maxLength: 80 }),
          longString,
          fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
        ),
        segments,
        language: fc.constantFrom(...LANGUAGES),
      })
      .map(({ contentType, payload, segments, language }) => {
        // An empty POST is read as {} (route.ts), and any payload may be read as JSON or as text.
        const readsAsValid = (p: string) =>
          !paramsRefused(endpoint, segments) &&
          ((p.trim() === '' && !bodyRefused(endpoint, '{}')) || !bodyRefused(endpoint, p));
        const safe = readsAsValid(payload) ? `${payload} x` : payload;
        return {
          method: endpoint.method,
          url: fillPath(endpoint.path, segments),
          language,
          contentType,
          payload: safe,
        };
      });
  }

  /** Mutated query strings, each one checked to be invalid (repaired with an unknown key if not). */
  function queryCases(endpoint: Endpoint, segments: fc.Arbitrary<Record<string, string>>): fc.Arbitrary<Case> {
    const schema = endpoint.query ? jsonSchemaOf(endpoint.query) : {};
    const fields = Object.keys(schema.properties ?? {});
    const known = new Set(fields);
    return fc
      .record({
        base: plausibleObject(schema),
        mutations: fc.array(queryMutation(fields, known), { minLength: 1, maxLength: 3 }),
        tail: fc.constantFrom(...QUERY_TAILS),
        segments,
        language: fc.constantFrom(...LANGUAGES),
      })
      .map(({ base, mutations, tail, segments, language }) => {
        const pairs = applyQueryMutations(base, mutations);
        let text = queryText(pairs, tail);
        const refused = (t: string) => paramsRefused(endpoint, segments) || queryRefused(endpoint, t);
        if (endpoint.query && !refused(text)) text = queryText([...pairs, ['zz_unknown', '1']], tail);
        if (endpoint.query && !refused(text)) throw new Error(`could not make an invalid query for ${endpoint.path}`);
        return { method: endpoint.method, url: `${fillPath(endpoint.path, segments)}?${text}`, language };
      });
  }

  // ----------------------------------------------------------------------------------------- properties

  interface Plan {
    name: string;
    runs: number;
    cases: fc.Arbitrary<Case>;
    /** Every case is invalid and refused; otherwise (a GET without a query schema) the query is ignored. */
    refused: boolean;
  }

  function plansFor(endpoint: Endpoint): Plan[] {
    const plans: Plan[] = [];
    const add = (name: string, runs: number, cases: fc.Arbitrary<Case>, refused = true) =>
      plans.push({ name, runs, cases, refused });
    const mixed = segmentsArb(endpoint, 'mixed');
    if (endpoint.body) {
      add('mutated JSON bodies', RUNS.main, bodyCases(endpoint, mixed));
      add('raw payloads and content types', RUNS.rawBody, rawBodyCases(endpoint, mixed));
      if (endpoint.params) add('bad path params', RUNS.params, bodyCases(endpoint, segmentsArb(endpoint, 'bad')));
    } else if (endpoint.query) {
      add('mutated query strings', RUNS.main + RUNS.rawBody, queryCases(endpoint, mixed));
      if (endpoint.params) add('bad path params', RUNS.params, queryCases(endpoint, segmentsArb(endpoint, 'bad')));
    } else if (endpoint.params) {
      add('bad path params', RUNS.main + RUNS.rawBody, queryCases(endpoint, segmentsArb(endpoint, 'bad')));
    } else {
      // No query, body or params: nothing can be invalid, and the route ignores a query string.
      add('ignored query strings', RUNS.ignored, queryCases(endpoint, fc.constant({})), false);
    }
    return plans;
  }

  describe(`bad input on every registered route (shard ${shard + 1} of ${FUZZ_SHARDS})`, () => {
    it('finds the registered routes in the contract', () => {
      expect(allRegistered.length).toBeGreaterThanOrEqual(26);
      expect(allRegistered.map((e) => e.path)).toContain('/api/user/login');
      expect(allRegistered.map((e) => e.path)).toContain('/ops/clock');
      expect(registered.length).toBeGreaterThan(0);
    });

    for (const endpoint of registered) {
      it(`${endpoint.method} ${endpoint.path} (${endpoint.access})`, async () => {
        const plans = plansFor(endpoint);
        // A route that takes no input at all is called plainly first: its answer is what every case must
        // get, and the call settles reads with side effects (events marked delivered) before the digest.
        const baseline = plans.some((p) => !p.refused)
          ? await send(endpoint, { method: endpoint.method, url: endpoint.path, language: 'en-US' })
          : undefined;
        const expected = baseline ? expectEnvelope(baseline, 'baseline').body : undefined;
        const before = await databaseDigest(app.db);
        const writes = await writeCount(app.db);
        const limiterBefore = limiterCalls();

        for (const plan of plans) {
          await fc.assert(
            fc.asyncProperty(plan.cases, async (c) => {
              const what = `${plan.name}: ${describeCase(c)}`;
              const response = await send(endpoint, c);
              if (plan.refused || !baseline || !expected) expectRefused(response, what);
              else {
                const { body, context } = expectEnvelope(response, what);
                const same =
                  response.statusCode === baseline.statusCode &&
                  body.success === expected.success &&
                  body.code === expected.code;
                check(same, `not the answer without a query (${baseline.statusCode}, code ${expected.code})`, context);
              }
              check((await writeCount(app.db)) === writes, 'the database was written', what);
            }),
            { numRuns: plan.runs },
          );
          expect(await databaseDigest(app.db), `database changed by ${plan.name}`).toBe(before);
        }

        // Refused requests never reach a handler, so no rate limit counted them (no 10006 can mask a check).
        expect(limiterCalls()).toBe(limiterBefore);
        const info = await send(user.userInfo, { method: 'GET', url: '/api/user/info', language: 'en-US' });
        expect(JSON.parse(info.body).success, 'the player session survived').toBe(true);
      });
    }
  });

  // --------------------------------------------------------------------------- valid shape, business refusal

  const md5Hex = fc.stringMatching(/^[a-f0-9]{32}$/);
  const registrationPhone = fc.stringMatching(/^9\d{9}$/);

  interface BusinessPlan {
    endpoint: Endpoint;
    runs: number;
    /** The codes a refusal may carry. */
    codes: number[];
    cases: () => fc.Arbitrary<{ body?: unknown; url?: string; ip: string }>;
  }

  describe(`valid-shaped input that business rules refuse (shard ${shard + 1} of ${FUZZ_SHARDS})`, () => {
    let victim = { username: '', phone: '', password: '' };
    /** Three client addresses per property, so one property's rate limits do not spill into the next. */
    const ips = () => fc.constantFrom(freshIp(), freshIp(), freshIp());
    const readExisting = async () => ({
      uids: new Set((await app.db.prepare('SELECT uid FROM users').pluck().all()) as number[]),
      phones: new Set(
        (await app.db.prepare('SELECT phone FROM users WHERE phone IS NOT NULL').pluck().all()) as string[],
      ),
      codes: new Set(
        ((await app.db.prepare('SELECT invitation_code FROM users').pluck().all()) as string[]).map((c) =>
          c.toUpperCase(),
        ),
      ),
    });
    /**
     * What the database holds, read before each property: the generators' filters are synchronous, and a
     * refused request adds nothing (each property checks the database is unchanged).
     */
    let existing: Awaited<ReturnType<typeof readExisting>> = { uids: new Set(), phones: new Set(), codes: new Set() };

    beforeAll(async () => {
      const { player } = await registerPlayer(app);
      victim = { username: player.username, phone: player.phone, password: md5(player.password) };
    });

    const unknownUid = () => fc.integer({ min: 1, max: 2 ** 31 }).filter((uid) => !existing.uids.has(uid));

    const plans: BusinessPlan[] = [
      {
        endpoint: user.login,
        runs: 80,
        codes: [Code.LOGIN_FAILED, Code.ACCOUNT_LOCKED, Code.RATE_LIMITED],
        cases: () =>
          fc.record({
            body: fc.record({
              username: fc.oneof(
                fc.constant(victim.username),
                fc.constant(victim.phone),
                fc.stringMatching(/^[A-Za-z0-9]{1,13}$/),
                registrationPhone,
              ),
              password: md5Hex.filter((p) => p !== victim.password),
            }),
            ip: ips(),
          }),
      },
      // sendResetLoginSms is not here: a number without an account is answered as any other (user.test.ts).
      {
        endpoint: user.resetLoginPassword,
        runs: 60,
        codes: [Code.SMS_CODE_INVALID, Code.RATE_LIMITED],
        cases: () =>
          fc.record({
            body: fc.record({
              phone: fc.oneof(fc.constant(victim.phone), registrationPhone),
              code: fc.stringMatching(/^\d{6}$/),
              password: md5Hex,
            }),
            ip: ips(),
          }),
      },
      {
        endpoint: user.bindSuperior,
        runs: 100,
        codes: [Code.INVITE_CODE_INVALID, Code.SUPERIOR_INVALID, Code.SUPERIOR_ALREADY_BOUND],
        cases: () =>
          fc.record({
            body: fc.record({
              inviteCode: fc.stringMatching(/^[A-Za-z0-9]{4,16}$/).filter((c) => !existing.codes.has(c.toUpperCase())),
            }),
            ip: ips(),
          }),
      },
      {
        endpoint: user.modifyLoginPassword,
        runs: 20,
        codes: [Code.OLD_PASSWORD_WRONG, Code.ACCOUNT_LOCKED],
        cases: () => fc.record({ body: fc.record({ oldPassword: md5Hex, newPassword: md5Hex }), ip: ips() }),
      },
      {
        endpoint: ops.getUser,
        runs: 200,
        codes: [Code.OPS_NOT_FOUND],
        cases: () => fc.record({ url: unknownUid().map((uid) => `/ops/users/${uid}`), ip: ips() }),
      },
      {
        endpoint: ops.setUserStatus,
        runs: 200,
        codes: [Code.OPS_NOT_FOUND],
        cases: () =>
          fc.record({
            url: unknownUid().map((uid) => `/ops/users/${uid}/status`),
            body: fc.record(
              { status: fc.constantFrom('active', 'suspended'), reason: fc.string({ maxLength: 200 }) },
              { requiredKeys: ['status'] },
            ),
            ip: ips(),
          }),
      },
      {
        endpoint: ops.revokeUserSessions,
        runs: 100,
        codes: [Code.OPS_NOT_FOUND],
        cases: () =>
          fc.record({
            url: unknownUid().map((uid) => `/ops/users/${uid}/sessions/revoke`),
            body: fc.constant({}),
            ip: ips(),
          }),
      },
      {
        endpoint: ops.setClock,
        runs: 200,
        codes: [Code.OPS_BAD_DURATION],
        cases: () =>
          fc.record({
            body: fc.record({
              advance: fc
                .oneof(
                  fc.string({ maxLength: 32 }),
                  fc.stringMatching(/^[\dshmdy ]{1,32}$/),
                  fc.constantFrom('1w', '-1d', '1.5h', `${'9'.repeat(30)}d`),
                )
                .filter((a) => a.length <= 32 && parseDuration(a) === undefined),
            }),
            ip: ips(),
          }),
      },
    ];

    const ownPlans = shardOf(
      plans.filter((p) => app.hasRoute({ method: p.endpoint.method, url: p.endpoint.path })),
      shard,
    );
    for (const plan of ownPlans) {
      it(`${plan.endpoint.method} ${plan.endpoint.path} never answers 5xx`, async () => {
        existing = await readExisting();
        const before = await databaseDigest(app.db);
        const writes = await writeCount(app.db);
        const limiterBefore = limiterCalls();
        await fc.assert(
          fc.asyncProperty(plan.cases(), async (c) => {
            const body = c.body ?? (plan.endpoint.body ? {} : undefined);
            if (plan.endpoint.body) {
              check(
                plan.endpoint.body.safeParse(body).success,
                'the generator made an invalid body',
                JSON.stringify(body),
              );
            }
            const request: Case = {
              method: plan.endpoint.method,
              url: c.url ?? plan.endpoint.path,
              language: 'en-US',
              ip: c.ip,
              ...(body !== undefined ? { contentType: 'application/json', payload: JSON.stringify(body) } : {}),
            };
            const response = await send(plan.endpoint, request);
            const { body: answer, context } = expectEnvelope(response, describeCase(request));
            check(answer.success === false, 'a business-invalid request succeeded', context);
            check(plan.codes.includes(answer.code), `a code outside ${plan.codes.join(', ')}`, context);
            check(answer.msg.trim().length > 0, 'an empty msg', context);
            check((await writeCount(app.db)) === writes, 'the database was written', context);
          }),
          { numRuns: plan.runs },
        );
        expect(await databaseDigest(app.db), 'database changed').toBe(before);
        if (plan.endpoint === user.login)
          expect(limiterCalls(), 'login attempts are counted').toBeGreaterThan(limiterBefore);
      });
    }
  });
}
