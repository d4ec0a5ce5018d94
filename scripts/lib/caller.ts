/**
 * One way for the bench and the crash test to call the server, through app.inject (in the server's own
 * process, where a different client address per player keeps per-address limits apart) or over HTTP.
 * Players are made through the real routes only, as a tester would: nothing is written to the database.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { md5 } from 'js-md5';
import { signFields } from '../../server/src/lib/signature';

export interface Answer<T = unknown> {
  status: number;
  body: { success: boolean; code: number; msg: string; data: T };
  sid?: string;
}

export interface CallOptions {
  body?: unknown;
  cookie?: string;
  ops?: boolean;
  ip?: string;
}

export type Caller = <T = unknown>(method: string, url: string, options?: CallOptions) => Promise<Answer<T>>;

const CLIENT_HEADERS = { requestfrom: 'H5', language: 'en-US', deviceid: 'harness' };

const sidOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .map((line) => /^sid=([^;]+)/.exec(line)?.[1])
    .find(Boolean);

export function injectCaller(app: FastifyInstance): Caller {
  return async (method, url, options = {}) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      remoteAddress: options.ip ?? '127.0.0.1',
      headers: {
        ...CLIENT_HEADERS,
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.ops ? { authorization: `Bearer ${app.config.adminToken}` } : {}),
      },
      ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
    });
    return { status: response.statusCode, body: response.json(), sid: sidOf(response.headers['set-cookie']) };
  };
}

export function httpCaller(base: string, adminToken: string): Caller {
  return async (method, url, options = {}) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...CLIENT_HEADERS,
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.ops ? { authorization: `Bearer ${adminToken}` } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    let body: Answer['body'];
    try {
      body = JSON.parse(text);
    } catch {
      body = { success: false, code: -1, msg: text.slice(0, 200), data: null };
    }
    return { status: response.status, body: body as never, sid: sidOf(response.headers.getSetCookie()) };
  };
}

async function must<T>(answer: Promise<Answer<T>>, what: string): Promise<Answer<T>> {
  const a = await answer;
  if (!a.body.success) throw new Error(`${what}: ${a.status} ${JSON.stringify(a.body)}`);
  return a;
}

export const TRADE_PASSWORD = md5('trade123');

export interface Player {
  uid: number;
  cookie: string;
  ip: string;
}

let addresses = 0;
const nextIp = () => {
  addresses += 1;
  return `10.77.${(addresses >> 8) & 255}.${addresses & 255}`;
};

export async function newPlayer(call: Caller, prefix = 'h'): Promise<Player> {
  const ip = nextIp();
  const username = `${prefix}${randomInt(100_000_000)}`.slice(0, 13);
  const phone = `9${String(randomInt(1_000_000_000)).padStart(9, '0')}`;
  const answer = await must(
    call<{ uid: number }>('POST', '/api/user/custom/register', {
      ip,
      body: { username, password: md5('harness1'), phone, agree: true },
    }),
    'register',
  );
  if (!answer.sid) throw new Error('register set no session cookie');
  return { uid: answer.body.data.uid, cookie: `sid=${answer.sid}`, ip };
}

/** Credits the balance through the operator's adjustment (a journal row). */
export const fund = (call: Caller, uid: number, pesos: number) =>
  must(
    call('POST', `/ops/users/${uid}/adjust`, { ops: true, body: { amount: pesos, reason: 'harness funding' } }),
    'fund',
  );

/** Transaction password, a bound GCash wallet and a verified identity: the player may withdraw. */
export async function makeWithdrawReady(call: Caller, p: Player): Promise<void> {
  const as = { cookie: p.cookie, ip: p.ip };
  await must(call('POST', '/api/user/modifyPasswordTrade', { ...as, body: { newPassword: TRADE_PASSWORD } }), 'trade');
  await must(
    call('POST', '/api/user/bankCard/create', {
      ...as,
      body: {
        bank: 'gcash',
        name: 'Juan Dela Cruz',
        account: `917${String(randomInt(10_000_000)).padStart(7, '0')}`,
        password: TRADE_PASSWORD,
      },
    }),
    'bind wallet',
  );
  await must(
    call('POST', '/api/user/kyc/submit', {
      ...as,
      body: { realName: 'Juan Dela Cruz', birthDate: '05/17/1990', idType: 'umid', idNumber: '0111-2345678-9' },
    }),
    'kyc submit',
  );
  await must(call('POST', `/ops/kyc/${p.uid}/decide`, { ops: true, body: { decision: 'verified' } }), 'kyc decide');
}

/** A captcha of the player, answered through the operator API. */
export async function solvedCaptcha(call: Caller, p: Player) {
  const issued = await must(call<{ token: string }>('GET', '/api/captcha', { cookie: p.cookie, ip: p.ip }), 'captcha');
  const token = issued.body.data.token;
  const answer = await must(call<{ answer: string }>('GET', `/ops/captcha/${token}`, { ops: true }), 'captcha answer');
  return { token, answer: answer.body.data.answer };
}

/** A game session at the demo provider: launch a playable house game and exchange the launch token. */
export async function providerSession(call: Caller, p: Player, providerSecret: string): Promise<string> {
  const playable: number[] = [];
  for (const page of [1, 2]) {
    const games = await must(
      call<{ list: { id: number; playable: boolean }[] }>(
        'GET',
        `/api/open/game/fetch?type=default&page=${page}&size=100`,
      ),
      'games',
    );
    playable.push(...games.body.data.list.filter((g) => g.playable).map((g) => g.id));
  }
  for (const gameId of playable) {
    const url = await call<{ playUrl: string }>('POST', '/api/game/getUrl', {
      cookie: p.cookie,
      ip: p.ip,
      body: { gameId },
    });
    const launchToken = url.body.success
      ? new URL(url.body.data.playUrl, 'http://localhost').searchParams.get('token')
      : null;
    if (!launchToken) continue;
    const auth = await call<{ sessionToken: string }>('POST', '/api/provider/wallet/authenticate', {
      body: { launchToken, signature: signFields({ launchToken }, providerSecret) },
    });
    if (auth.body.success) return auth.body.data.sessionToken;
  }
  throw new Error('no game of the demo provider could be launched');
}

/** A signed provider wallet body. */
export const signed = (fields: Record<string, string>, secret: string) => ({
  ...fields,
  signature: signFields(fields, secret),
});

/**
 * Reward claims that other areas add; the first one this build registers is the one measured (the
 * crash test and the bench take `--claim METHOD:PATH` to choose another).
 */
export const CLAIM_CANDIDATES = [
  'POST:/api/vip/card/daily/rewards/claim',
  'POST:/api/vip/card/monthly/rewards/claim',
  'POST:/api/letter/claim',
  'POST:/api/invite/rankings/claim',
];
