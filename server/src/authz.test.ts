import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../shared/codes';
import { allEndpoints } from '../../shared/contract';
import type { Endpoint } from '../../shared/contract/define';
import { opsEndpoints } from '../../shared/contract/ops';
import { may, ROLES } from '../../shared/roles';
import { signFields } from './lib/signature';
import { fillPath, jsonSchemaOf, plausibleObject } from './test/bad-input';
import { registerPlayer, TestClient, testApp } from './test/helpers';
import { readyPlayer, withdraw } from './test/money';
import { operatorClient } from './test/operators';

/**
 * The authorization matrix, enumerated from the contract so routes added later are covered:
 * every `user` route refuses a request without a valid session; every `/ops` route refuses player
 * sessions and wrong tokens; request schemas are strict, so balance, status or uid cannot be smuggled
 * in; and player B, using every id that belongs to player A (found generically: every row of every
 * table with a user_id column, plus A's uid and order numbers), never reads A's data nor changes it.
 */

const app = await testApp();
const registered = [...allEndpoints, ...opsEndpoints].filter((e: Endpoint) =>
  app.hasRoute({ method: e.method, url: e.path }),
) as Endpoint[];
const userRoutes = registered.filter((e) => e.access === 'user');
const opsRoutes = registered.filter((e) => e.access === 'ops');

afterAll(() => app.close());

/** A request with a plausible input for the endpoint (path params filled), as `client`. */
function plausibleRequest(endpoint: Endpoint, overrides: Record<string, unknown> = {}) {
  const sample = <T>(arb: fc.Arbitrary<T>) => fc.sample(arb, { numRuns: 1, seed: 7 })[0] as T;
  const params = endpoint.params ? sample(plausibleObject(jsonSchemaOf(endpoint.params))) : {};
  const segments = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, encodeURIComponent(String(overrides[k] ?? v))]),
  );
  const url = fillPath(endpoint.path, segments);
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
    const query = endpoint.query ? { ...sample(plausibleObject(jsonSchemaOf(endpoint.query))) } : {};
    for (const key of Object.keys(query)) if (key in overrides) query[key] = overrides[key];
    const text = new URLSearchParams(
      Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
    ).toString();
    return { method: endpoint.method, url: text ? `${url}?${text}` : url };
  }
  const body = endpoint.body ? { ...sample(plausibleObject(jsonSchemaOf(endpoint.body))) } : {};
  for (const key of Object.keys(body)) if (key in overrides) body[key] = overrides[key];
  return { method: endpoint.method, url, payload: body };
}

const send = (client: TestClient, request: ReturnType<typeof plausibleRequest>, headers: Record<string, string> = {}) =>
  client.request({ ...request, headers });

describe('user routes need a valid session', () => {
  it('finds the user and ops routes in the contract', () => {
    expect(userRoutes.length).toBeGreaterThanOrEqual(40);
    expect(opsRoutes.length).toBeGreaterThanOrEqual(15);
  });

  for (const endpoint of userRoutes) {
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      const visitor = new TestClient(app);
      const request = plausibleRequest(endpoint);
      for (const cookie of ['', 'sid=', 'sid=forged-token-0123456789', `sid=${'A'.repeat(43)}`, 'sid=../../etc']) {
        const answer = await send(visitor, request, cookie ? { cookie } : {});
        expect(answer.body, `${cookie || 'no cookie'}`).toMatchObject({ success: false, code: Code.SESSION_INVALID });
      }
    });
  }

  it('a logged-out session is refused everywhere', async () => {
    const { client } = await registerPlayer(app);
    const cookie = client.cookie;
    await client.post('/api/user/logout');
    for (const endpoint of userRoutes) {
      const answer = await send(new TestClient(app), plausibleRequest(endpoint), { cookie });
      expect(answer.body.code, `${endpoint.method} ${endpoint.path}`).toBe(Code.SESSION_INVALID);
    }
  });
});

describe('ops routes need the operator token', () => {
  let player: TestClient;
  beforeAll(async () => {
    player = (await registerPlayer(app)).client;
  });

  for (const endpoint of opsRoutes) {
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      const request = plausibleRequest(endpoint);
      const token = app.config.adminToken;
      const wrong: Record<string, string>[] = [
        {},
        { authorization: `Bearer ${token}x` },
        { authorization: `Bearer ${token.slice(0, -1)}` },
        { authorization: `bearer ${token}` },
        { authorization: token },
        { authorization: `Basic ${Buffer.from(`ops:${token}`).toString('base64')}` },
        { authorization: 'Bearer ' },
      ];
      for (const headers of wrong) {
        const answer = await send(player, request, headers);
        expect(answer.status, JSON.stringify(headers)).toBe(401);
        expect(answer.body).toMatchObject({ success: false, code: Code.OPS_UNAUTHORIZED });
      }
    });
  }
});

describe('the role matrix (shared/roles.ts) on every /ops route', () => {
  it('every /ops endpoint names a permission', () => {
    for (const endpoint of opsRoutes) expect(endpoint.permission, `${endpoint.method} ${endpoint.path}`).toBeDefined();
  });

  for (const role of ROLES) {
    it(`a ${role} is refused (403, before any handler) every route the role does not hold`, async () => {
      const { client } = await operatorClient(app, role);
      const refused = opsRoutes.filter((e) => e.permission && !may(role, e.permission));
      for (const endpoint of refused) {
        const answer = await send(client, plausibleRequest(endpoint));
        expect(answer.status, `${endpoint.method} ${endpoint.path}`).toBe(403);
        expect(answer.body.code, `${endpoint.method} ${endpoint.path}`).toBe(Code.OPS_FORBIDDEN);
      }
      // Still signed in: a refusal is no sign-out.
      expect((await client.get('/ops/auth/me')).body.data).toMatchObject({ role });
    });
  }
});

describe('request schemas are strict', () => {
  const SMUGGLED = ['balance', 'status', 'uid', 'userId', 'user_id', 'vip', 'frozen', 'role', 'isAdmin'];
  const withInput = registered.filter((e) => e.body || e.query);

  it('every request object refuses unknown keys', () => {
    for (const endpoint of withInput) {
      for (const schema of [endpoint.body, endpoint.query]) {
        if (!schema) continue;
        const shape = Object.keys(schema.shape);
        for (const key of SMUGGLED.filter((k) => !shape.includes(k))) {
          const parsed = schema.safeParse({ [key]: 1 });
          expect(parsed.success, `${endpoint.path} accepts ${key}`).toBe(false);
          const issues = parsed.error?.issues ?? [];
          expect(
            issues.some((i) => i.code === 'unrecognized_keys'),
            `${endpoint.path} does not name ${key} as unknown`,
          ).toBe(true);
        }
      }
    }
  });

  it('the server refuses them over HTTP before any handler', async () => {
    const { client } = await registerPlayer(app);
    for (const endpoint of withInput) {
      const schema = endpoint.body ?? endpoint.query;
      if (!schema) continue;
      const key = SMUGGLED.find((k) => !Object.keys(schema.shape).includes(k)) ?? 'balance';
      const request = plausibleRequest(endpoint);
      const smuggled: ReturnType<typeof plausibleRequest> =
        'payload' in request && request.payload
          ? { ...request, payload: { ...request.payload, [key]: 1 } }
          : { ...request, url: `${request.url}${request.url.includes('?') ? '&' : '?'}${key}=1` };
      const headers: Record<string, string> =
        endpoint.access === 'ops' ? { authorization: `Bearer ${app.config.adminToken}` } : {};
      const answer = await send(client, smuggled, headers);
      expect(answer.body, `${endpoint.method} ${endpoint.path} with ${key}`).toMatchObject({
        success: false,
        code: Code.VALIDATION,
      });
    }
  });
});

describe("player B with player A's ids", () => {
  /** Names of input fields that carry an id of something a player owns. */
  const ID_FIELD = /(^id$|Id$|Ids$|^ids$|orderNo|^uid$|^sid$|roundId|transactionId|token)/;
  let a: Awaited<ReturnType<typeof readyPlayer>>;
  let b: TestClient;
  let aUserId = 0;
  let secrets: string[] = [];
  let candidates: (string | number)[] = [];

  /** Everything stored about A: every row of every table with a user_id column. */
  const columnsOf = async (table: string) =>
    ((await app.db.prepare(`PRAGMA table_info(${table})`).all()) as { name: string }[]).map((c) => c.name);
  const tablesWithUser = async () => {
    const tables = (await app.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .pluck()
      .all()) as string[];
    const withUser: string[] = [];
    for (const t of tables) if ((await columnsOf(t)).includes('user_id')) withUser.push(t);
    return withUser;
  };
  const digestOfA = async () => {
    // Rows sorted as text: some tables are WITHOUT ROWID, and the digest only needs a stable order.
    const rowsOfA: string[][] = [];
    for (const t of await tablesWithUser()) {
      const rows = await app.db.prepare(`SELECT * FROM ${t} WHERE user_id = ?`).all(aUserId);
      rowsOfA.push(rows.map((row) => JSON.stringify(row)).sort());
    }
    return JSON.stringify(rowsOfA);
  };

  beforeAll(async () => {
    a = await readyPlayer(app, { funds: 5000 });
    aUserId = (await app.services.users.byUid(a.uid))?.id ?? 0;
    const deposit = await a.client.post<{ orderNo: string }>('/api/recharge/build', { channel: 'gcash', amount: 600 });
    expect(deposit.body.success).toBe(true);
    const withdrawal = await withdraw(app, a.client, 200);
    expect(withdrawal.body.success).toBe(true);
    const game = (await app.db
      .prepare("SELECT id FROM games WHERE provider_game = 'house-fiesta-reels'")
      .pluck()
      .get()) as number;
    expect((await a.client.post('/api/user/game/collect', { gameId: game })).body.success).toBe(true);
    const launched = await a.client.post<{ playUrl: string }>('/api/game/getUrl', { gameId: game });
    const launchToken = new URL(launched.body.data.playUrl).searchParams.get('token') ?? '';
    const secret = app.config.providerSecret;
    const auth = await app.inject({
      method: 'POST',
      url: '/api/provider/wallet/authenticate',
      payload: { launchToken, signature: signFields({ launchToken }, secret) },
    });
    const sessionToken = auth.json().data.sessionToken as string;
    const bet = { sessionToken, transactionId: 'authz-bet-1', roundId: 'authz-round-1', amount: '5.00' };
    const placed = await app.inject({
      method: 'POST',
      url: '/api/provider/wallet/bet',
      payload: { ...bet, signature: signFields(bet, secret) },
    });
    expect(placed.json().success).toBe(true);

    const player = await app.services.users.byId(aUserId);
    secrets = [
      deposit.body.data.orderNo,
      withdrawal.body.data.orderNo,
      String(a.uid),
      player?.username ?? '',
      player?.invitation_code ?? '',
      'authz-round-1',
    ];
    const rowIds: number[] = [];
    for (const t of await tablesWithUser()) {
      if (!(await columnsOf(t)).includes('id')) continue;
      rowIds.push(
        ...((await app.db.prepare(`SELECT id FROM ${t} WHERE user_id = ?`).pluck().all(aUserId)) as number[]),
      );
    }
    candidates = [...new Set<string | number>([...secrets, ...rowIds, game])];
    b = (await registerPlayer(app)).client;
  });

  it("reads as B never show A's order numbers, uid, username or rounds", async () => {
    const checked: string[] = [];
    for (const endpoint of userRoutes.filter((e) => e.method === 'GET')) {
      const fields = [endpoint.params, endpoint.query].flatMap((s) => (s ? Object.keys(s.shape) : []));
      const idFields = fields.filter((f) => ID_FIELD.test(f));
      const attempts = idFields.length
        ? idFields.flatMap((field) => candidates.map((value) => ({ [field]: value })))
        : [{}];
      for (const overrides of attempts) {
        const answer = await send(b, plausibleRequest(endpoint, overrides));
        const text = JSON.stringify(answer.body.data ?? null);
        for (const secret of secrets) {
          expect(text.includes(secret), `${endpoint.path} ${JSON.stringify(overrides)} shows ${secret}`).toBe(false);
        }
      }
      checked.push(endpoint.path);
    }
    expect(checked).toContain('/api/withdraw/fetch');
    // The same reads as A do show them: the check above can fail.
    const own = JSON.stringify((await a.client.get('/api/withdraw/fetch')).body.data);
    expect(own).toContain(secrets[1]);
    expect(checked).toContain('/api/recharge/fetch');
  });

  it("writes as B with A's ids change nothing of A's", async () => {
    const before = await digestOfA();
    for (const endpoint of userRoutes.filter((e) => e.method !== 'GET')) {
      const fields = [endpoint.params, endpoint.body].flatMap((s) => (s ? Object.keys(s.shape) : []));
      const idFields = fields.filter((f) => ID_FIELD.test(f));
      for (const field of idFields) {
        for (const value of candidates) {
          const answer = await send(b, plausibleRequest(endpoint, { [field]: value }));
          const text = JSON.stringify(answer.body);
          for (const secret of secrets) expect(text.includes(secret), `${endpoint.path} shows ${secret}`).toBe(false);
        }
      }
    }
    // B logging out, binding or resetting never touches A; A's rows are byte for byte the same.
    expect(await digestOfA()).toBe(before);
  });

  it("B's session cannot open A's socket", async () => {
    await expect(app.injectWS(`/webSocket/${a.uid}`, { headers: { cookie: b.cookie } })).rejects.toThrow();
    const mine = (await app.services.users.byId(aUserId))?.uid;
    expect(mine).toBe(a.uid);
    // A's own cookie opens it: the refusal above is about the owner, not the route.
    const ws = await app.injectWS(`/webSocket/${a.uid}`, { headers: { cookie: a.client.cookie } });
    ws.close();
  });
});
