import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from './define';
import { gameRecords } from './game';
import { healthEndpoints } from './health';
import { allEndpoints } from './index';
import { POKER_DECK } from './mall';
import { paymentEndpoints } from './payment';
import { provablyFairEndpoints } from './provably-fair';
import { providerWalletEndpoints } from './provider-wallet';
import { deleteLetters } from './record';
import { userEndpoints } from './user';
import { bindWallet, createWithdrawal } from './withdraw';

/** Spec section 7, line by line; "(quiet)" as the spec marks it. The five game pairs count twice. */
const SPEC_LINES = `
POST /api/user/login
POST /api/user/custom/register
POST /api/user/register/flag
POST /api/user/bind
POST /api/user/sms/send/bind
POST /api/user/logout
POST /api/user/sms/send/resetLoginPwd
POST /api/reset/login/pwd
POST /api/user/modifyPasswordLogin
POST /api/user/modifyPasswordTrade
POST /api/user/sms/send/resetTradePwd
POST /api/reset/trade/pwd
GET /api/user/share
GET /api/user/follow
GET /api/user/info (quiet)
GET /api/balance (quiet)
GET /api/material/avatar
GET /api/badge/data
POST /api/user/modify
GET /api/user/base (quiet)
GET /api/config/fetch (quiet)
GET /api/app/version (quiet)
GET /api/app/faq (quiet)
GET /api/open/banner/info (quiet)
GET /api/open/notice/info (quiet)
GET /api/fb/event/fetch
GET /api/vip/card/fetch (quiet)
POST /api/vip/card/daily/rewards/claim
POST /api/vip/card/deposit/rewards/claim
POST /api/vip/card/rebate/rewards/claim
POST /api/vip/card/monthly/rewards/claim
GET /api/friend/card/fetch (quiet)
GET /api/friend/card/rewards/record (quiet)
POST /api/friend/card/deposit/rewards/claim
POST /api/friend/card/turnover/rewards/claim
GET /api/invite/rankings/fetch (quiet)
POST /api/invite/rankings/claim
GET /api/recharge/method (quiet)
GET /api/recharge/bank (quiet)
GET /api/recharge/amount (quiet)
POST /api/recharge/preCreate
POST /api/recharge/build
GET /api/recharge/fetch (quiet)
GET /api/coupon/fetch (quiet)
GET /api/user/bankCard/wallet/account (quiet)
POST /api/user/bankCard/create
POST /api/withdraw/create
GET /api/withdraw/fetch (quiet)
GET /api/game/type
GET /api/open/game/type
GET /api/manuf/fetch
GET /api/open/manuf/fetch
GET /api/game/fetch
GET /api/open/game/fetch
GET /api/game/fetch/hot
GET /api/open/game/fetch/hot
GET /api/game/fetch/live
GET /api/open/game/fetch/live
GET /api/open/game/search
GET /api/open/game/searchDiscover
GET /api/user/game/collect/fetch
GET /api/game/helper (quiet)
GET /api/game/record/{type}
POST /api/user/game/collect
POST /api/user/game/collect/del
POST /api/game/getUrl
GET /api/user/balanceJournal/fetch (quiet)
GET /api/user/balanceJournal/type (quiet)
GET /api/letter (quiet)
GET /api/letter/type (quiet)
POST /api/letter/read
POST /api/letter/delete
POST /api/letter/claim
GET /api/mallExchange/info (quiet)
POST /api/mallExchange/order
POST /api/redemption/code/use
GET /api/poker/fetch
GET /api/poker/message
POST /api/poker/draw
`
  .trim()
  .split('\n');

/** Spec section 6: what a visitor may call (besides the auth calls of user.ts). */
const VISITOR_PATHS = [
  '/api/open/game/type',
  '/api/open/manuf/fetch',
  '/api/open/game/fetch',
  '/api/open/game/fetch/hot',
  '/api/open/game/fetch/live',
  '/api/open/banner/info',
  '/api/open/notice/info',
  '/api/open/game/search',
  '/api/open/game/searchDiscover',
  '/api/config/fetch',
  '/api/app/version',
  '/api/app/faq',
];

const parseLine = (line: string) => {
  const match = /^(GET|POST|DELETE) (\S+)( \(quiet\))?$/.exec(line);
  if (!match) throw new Error(`Bad spec line: ${line}`);
  return { method: match[1]!, path: match[2]!.replace(/\{(\w+)\}/g, ':$1'), quiet: match[3] !== undefined };
};

const endpoints: readonly Endpoint[] = allEndpoints;
const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
const byKey = new Map(endpoints.map((e) => [key(e), e]));

describe('the contract covers spec section 7', () => {
  it('lists 79 calls', () => {
    expect(SPEC_LINES).toHaveLength(79);
    expect(new Set(SPEC_LINES).size).toBe(79);
  });

  it.each(SPEC_LINES)('%s', (line) => {
    const { method, path, quiet } = parseLine(line);
    const endpoint = byKey.get(`${method} ${path}`);
    expect(endpoint, `${method} ${path} is not in allEndpoints`).toBeDefined();
    expect(endpoint!.quiet ?? false).toBe(quiet);
  });

  it('defines no method and path twice', () => {
    const keys = endpoints.map(key);
    const repeated = keys.filter((k, i) => keys.indexOf(k) !== i);
    expect(repeated).toEqual([]);
  });

  it('uses body for POST and query for GET and DELETE, every path under /api (but the balancer probes)', () => {
    for (const e of endpoints) {
      // /health and /ready sit where load balancers and orchestrators look for them.
      if (!(healthEndpoints as readonly Endpoint[]).includes(e)) expect(e.path, key(e)).toMatch(/^\/api\//);
      if (e.method === 'POST') {
        expect(e.body, `${key(e)} has a body`).toBeDefined();
        expect(e.query, `${key(e)} has no query`).toBeUndefined();
      } else {
        expect(e.body, `${key(e)} has no body`).toBeUndefined();
      }
      const pathParams = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(Object.keys(e.params?.shape ?? {}), `${key(e)} params`).toEqual(pathParams);
    }
  });
});

describe('request schemas are strict', () => {
  const withInput = endpoints.flatMap((e) =>
    (['params', 'query', 'body'] as const).flatMap((part) => {
      const schema = e[part];
      return schema ? [{ name: `${key(e)} ${part}`, schema }] : [];
    }),
  );

  it.each(withInput)('$name refuses an unknown key', ({ schema }: { schema: z.ZodObject }) => {
    const result = schema.safeParse({ __extra: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.some((issue) => issue.code === 'unrecognized_keys')).toBe(true);
  });

  it('nested request objects are strict too (withdraw captcha)', () => {
    const body = {
      amount: 150,
      password: 'e10adc3949ba59abbe56e057f20f883e',
      captcha: { token: 't', answer: 'ab12', __extra: 1 },
    };
    expect(createWithdrawal.body.safeParse(body).success).toBe(false);
  });
});

describe('OpenAPI', () => {
  it.each(endpoints.map((e) => [key(e), e] as const))('%s converts to JSON Schema', (_name, e) => {
    for (const part of [e.params, e.query, e.body]) {
      if (part) expect(() => z.toJSONSchema(part, { io: 'input' })).not.toThrow();
    }
    expect(() => z.toJSONSchema(e.data, { io: 'output' })).not.toThrow();
  });
});

describe('access', () => {
  // Login and register (user.ts), the gateway webhook, the provider wallet (signed, server to server) and the
  // provably fair check (anyone may recompute a round) and the balancer's probes are open by design.
  const openByDesign = [
    ...healthEndpoints,
    ...userEndpoints,
    ...paymentEndpoints,
    ...providerWalletEndpoints,
    ...provablyFairEndpoints,
  ] as readonly Endpoint[];
  const own = endpoints.filter((e) => !openByDesign.includes(e));

  it.each(VISITOR_PATHS)('GET %s is open', (path) => {
    expect(byKey.get(`GET ${path}`)?.access).toBe('open');
  });

  it('every other endpoint needs a session', () => {
    const open = own.filter((e) => e.access === 'open').map((e) => e.path);
    expect(open.sort()).toEqual([...VISITOR_PATHS].sort());
    expect(own.filter((e) => e.access === 'ops')).toEqual([]);
  });
});

describe('marks read by the server', () => {
  it('signed endpoints are open POSTs whose body carries the signature; claim limits are on user POSTs', () => {
    const all = endpoints;
    for (const e of all.filter((x) => x.signed)) {
      expect([e.method, e.access], e.path).toEqual(['POST', 'open']);
      expect(Object.keys(e.body?.shape ?? {}), e.path).toContain('signature');
    }
    expect(all.filter((e) => e.signed).length).toBeGreaterThanOrEqual(6);
    for (const e of all.filter((x) => x.rateLimit)) expect([e.method, e.access], e.path).toEqual(['POST', 'user']);
  });
});

describe('request rules', () => {
  const md5 = 'e10adc3949ba59abbe56e057f20f883e';

  it('bind wallet: gcash and maya need 10 digits starting with 9 and a letters-only name', () => {
    const ok = { bank: 'gcash', name: ' Juan Dela Cruz ', account: '9171234567', password: md5 };
    expect(bindWallet.body.parse(ok).name).toBe('Juan Dela Cruz');
    expect(bindWallet.body.safeParse({ ...ok, bank: 'maya' }).success).toBe(true);
    expect(bindWallet.body.safeParse({ ...ok, account: '8171234567' }).success).toBe(false);
    expect(bindWallet.body.safeParse({ ...ok, account: '917123456' }).success).toBe(false);
    expect(bindWallet.body.safeParse({ ...ok, name: 'J' }).success).toBe(false);
    expect(bindWallet.body.safeParse({ ...ok, name: 'Juan 2' }).success).toBe(false);
    expect(bindWallet.body.safeParse({ ...ok, bank: 'bdo' }).success).toBe(false);
    expect(bindWallet.body.safeParse({ ...ok, password: 'plain123' }).success).toBe(false);
  });

  it('withdraw: pesos from 100 with at most two decimals, never a string, NaN or negative', () => {
    const base = { password: md5, captcha: { token: 't', answer: 'ab12' } };
    for (const amount of [100, 150.5, 1000.25]) {
      expect(createWithdrawal.body.safeParse({ ...base, amount }).success, String(amount)).toBe(true);
    }
    for (const amount of [99.5, 0, -100, 100.001, Number.NaN, Number.POSITIVE_INFINITY, 1e12, '150']) {
      expect(createWithdrawal.body.safeParse({ ...base, amount }).success, String(amount)).toBe(false);
    }
  });

  it('letter delete takes exactly one of id and allRead', () => {
    expect(deleteLetters.body.safeParse({ id: 3 }).success).toBe(true);
    expect(deleteLetters.body.safeParse({ allRead: true }).success).toBe(true);
    expect(deleteLetters.body.safeParse({}).success).toBe(false);
    expect(deleteLetters.body.safeParse({ id: 3, allRead: true }).success).toBe(false);
    expect(deleteLetters.body.safeParse({ allRead: false }).success).toBe(false);
  });

  it('query numbers arrive as text and are bounded; date ranges are ordered', () => {
    const q = gameRecords.query;
    expect(q.parse({})).toEqual({ page: 1, size: 20 });
    expect(q.parse({ page: '2', size: '50', from: '2025-01-01', to: '2025-01-31' })).toEqual({
      page: 2,
      size: 50,
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(q.safeParse({ size: '101' }).success).toBe(false);
    expect(q.safeParse({ page: 'x' }).success).toBe(false);
    expect(q.safeParse({ from: '2025-02-30' }).success).toBe(false);
    expect(q.safeParse({ from: '2025-02-01', to: '2025-01-01' }).success).toBe(false);
    expect(gameRecords.params.safeParse({ type: 'slot' }).success).toBe(true);
    expect(gameRecords.params.safeParse({ type: 'lottery' }).success).toBe(false);
  });
});

describe('poker deck', () => {
  it('has 54 distinct cards including 2 jokers', () => {
    expect(POKER_DECK).toHaveLength(54);
    expect(new Set(POKER_DECK).size).toBe(54);
    expect(POKER_DECK.slice(-2)).toEqual(['RJ', 'BJ']);
    expect(POKER_DECK.slice(0, 52).every((c) => /^(A|[2-9]|10|J|Q|K)[SHDC]$/.test(c))).toBe(true);
  });
});
