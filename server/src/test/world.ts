/**
 * The one world-builder: how tests, the bench, the crash test and the harness make "a player", "a funded
 * player", "a player ready to withdraw" and "a paid deposit". Every step goes through the public routes
 * (`/api`, `/ops`, the sandbox checkout), as a tester or an outside client would: nothing is written to the
 * database, so a world built here is a world the product could have built itself.
 *
 * A `Caller` is the transport: `injectCaller(app)` (in-process, each player on its own client address so
 * per-address limits stay apart) or `httpCaller(url, adminToken)` against a running server.
 * The recipes themselves (who a player is, what each step sends, what "ready to withdraw" takes) are
 * server/src/world/recipes.ts: the scenarios (server/src/domains/tooling/scenarios/kit.ts) run the same ones through the services.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { md5 } from 'js-md5';
import { Code } from '../../../shared/codes';
import * as recipes from '../world/recipes';
import { registerBody, tradePasswordBody, WALLET, type Wallet, walletBody } from '../world/recipes';

export interface Answer<T = unknown> {
  status: number;
  body: { success: boolean; code: number; msg: string; data: T };
  /** The session cookie's value when the answer set one. */
  sid?: string;
}

export interface CallOptions {
  /** A JSON body, or a string sent as `application/x-www-form-urlencoded` (the sandbox checkout form). */
  body?: unknown;
  cookie?: string;
  /** Sends `Authorization: Bearer <ADMIN_TOKEN>`. */
  ops?: boolean;
  /** The client address (in-process calls only). */
  ip?: string;
  headers?: Record<string, string>;
}

export type Caller = <T = unknown>(method: string, url: string, options?: CallOptions) => Promise<Answer<T>>;

/** What the real client sends on every call (`requestFrom` is required on mutating `/api` calls). */
export const CLIENT_HEADERS = { requestfrom: 'H5', language: 'en-US', deviceid: 'harness' };

const sidOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .map((line) => /^sid=([^;]+)/.exec(line)?.[1])
    .find(Boolean);

function requestParts(options: CallOptions, adminToken: string) {
  const form = typeof options.body === 'string';
  return {
    headers: {
      ...CLIENT_HEADERS,
      ...(options.body !== undefined
        ? { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }
        : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.ops ? { authorization: `Bearer ${adminToken}` } : {}),
      ...options.headers,
    },
    payload: options.body === undefined ? undefined : form ? (options.body as string) : JSON.stringify(options.body),
  };
}

/** Answers that are not an envelope (the sandbox's HTML pages) read as `{ success: false, code: -1 }`. */
function envelopeOf(text: string): Answer['body'] {
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'success' in parsed) return parsed;
  } catch {}
  return { success: false, code: -1, msg: text.slice(0, 200), data: null };
}

export function injectCaller(app: FastifyInstance): Caller {
  return async (method, url, options = {}) => {
    const { headers, payload } = requestParts(options, app.config.adminToken);
    const response = await app.inject({
      method: method as 'GET',
      url,
      remoteAddress: options.ip ?? '127.0.0.1',
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    return {
      status: response.statusCode,
      body: envelopeOf(response.body) as never,
      sid: sidOf(response.headers['set-cookie']),
    };
  };
}

export function httpCaller(base: string, adminToken: string): Caller {
  return async (method, url, options = {}) => {
    const { headers, payload } = requestParts(options, adminToken);
    const response = await fetch(`${base}${url}`, {
      method,
      // The player's own address reaches a server that trusts this loopback as its proxy (TRUST_PROXY), so
      // per-address limits stay apart as in-process; any other server ignores the header.
      headers: options.ip ? { 'x-forwarded-for': options.ip, ...headers } : headers,
      ...(payload !== undefined ? { body: payload } : {}),
    });
    return {
      status: response.status,
      body: envelopeOf(await response.text()) as never,
      sid: sidOf(response.headers.getSetCookie()),
    };
  };
}

/** Throws with the answer when the call did not succeed. */
export async function must<T>(answer: Promise<Answer<T>>, what: string): Promise<Answer<T>> {
  const a = await answer;
  if (!a.body.success) throw new Error(`${what}: ${a.status} ${JSON.stringify(a.body)}`);
  return a;
}

/** The typed password of every player made here (the API receives its md5). */
export const PASSWORD = 'harness1';
export { IDENTITY, TRADE_PASSWORD, WALLET, type Wallet } from '../world/recipes';

/** A logged-in player: send `cookie` (and `ip` in-process) with their calls. */
export interface Player {
  uid: number;
  username: string;
  phone: string;
  /** What the player typed; the API receives `md5(password)`. */
  password: string;
  cookie: string;
  ip: string;
}

let addresses = 0;
/** A fresh client address per player, so per-address limits of one do not reach another. */
export const nextIp = () => {
  addresses += 1;
  return `10.77.${(addresses >> 8) & 255}.${addresses & 255}`;
};

export interface PlayerSpec {
  username?: string;
  phone?: string;
  password?: string;
  inviteCode?: string;
  /** Prefix of a generated username. */
  prefix?: string;
}

/** Registers a player through `/api/user/custom/register` (which logs them in). */
export async function newPlayer(call: Caller, spec: PlayerSpec | string = {}): Promise<Player> {
  const s = typeof spec === 'string' ? { prefix: spec } : spec;
  const ip = nextIp();
  const username = s.username ?? `${s.prefix ?? 'h'}${randomInt(100_000_000)}`.slice(0, 13);
  const phone = s.phone ?? `9${String(randomInt(1_000_000_000)).padStart(9, '0')}`;
  const password = s.password ?? PASSWORD;
  const smsCode = await signUpCode(call, phone, ip);
  const answer = await must(
    call<{ uid: number }>('POST', '/api/user/custom/register', {
      ip,
      body: { ...registerBody({ username, password, phone, inviteCode: s.inviteCode }), smsCode },
    }),
    'register',
  );
  if (!answer.sid) throw new Error('register set no session cookie');
  return { uid: answer.body.data.uid, username, phone, password, cookie: `sid=${answer.sid}`, ip };
}

/**
 * The sign-up's SMS code, as a tester gets it: the form asks for it from the player's address
 * (`POST /api/user/sms/send/register`) and the code is read from the outbox (`/ops/sms`). Within the
 * cool-down the code already sent is read again.
 */
export async function signUpCode(call: Caller, phone: string, ip: string): Promise<string> {
  const sent = await call('POST', '/api/user/sms/send/register', { ip, body: { phone } });
  if (!sent.body.success && sent.body.code !== Code.SMS_COOLDOWN)
    throw new Error(`sign-up code: ${sent.status} ${JSON.stringify(sent.body)}`);
  const outbox = await must(
    call<{ code: string; purpose: string }[]>('GET', `/ops/sms?phone=${encodeURIComponent(phone)}`, { ops: true }),
    'sms outbox',
  );
  const sms = outbox.body.data.find((m) => m.purpose === 'register');
  if (!sms) throw new Error(`no sign-up code for ${phone}`);
  return sms.code;
}

/** Logs an existing account in through `/api/user/login`, as the login form does. */
export async function logIn(call: Caller, username: string, password: string): Promise<Player> {
  const ip = nextIp();
  const answer = await must(
    call<{ uid: number }>('POST', '/api/user/login', { ip, body: { username, password: md5(password) } }),
    'login',
  );
  if (!answer.sid) throw new Error('login set no session cookie');
  const info = await must(
    call<{ uid: number; phone: string }>('GET', '/api/user/info', { cookie: `sid=${answer.sid}`, ip }),
    'user info',
  );
  return { uid: info.body.data.uid, username, phone: info.body.data.phone, password, cookie: `sid=${answer.sid}`, ip };
}

/** Credits the balance through the operator's adjustment (a journal row). */
export const fund = (call: Caller, uid: number, pesos: number) =>
  must(
    call('POST', `/ops/users/${uid}/adjust`, { ops: true, body: { amount: pesos, reason: 'harness funding' } }),
    'fund',
  );

type Held = Pick<Player, 'uid' | 'cookie' | 'ip'>;

/** The recipes' steps over the public routes. A security change rotates the session: `p.cookie` follows. */
const httpSteps = (call: Caller): recipes.WorldSteps<Held> => ({
  async setTradePassword(p, body) {
    const answer = await must(
      call('POST', '/api/user/modifyPasswordTrade', { cookie: p.cookie, ip: p.ip, body }),
      'trade password',
    );
    if (answer.sid) p.cookie = `sid=${answer.sid}`;
  },
  async bindWallet(p, body) {
    await must(call('POST', '/api/user/bankCard/create', { cookie: p.cookie, ip: p.ip, body }), 'bind wallet');
  },
  async uploadDocument(p, body) {
    await must(call('POST', '/api/user/kyc/documents', { cookie: p.cookie, ip: p.ip, body }), 'kyc document');
  },
  async submitIdentity(p, body) {
    await must(call('POST', '/api/user/kyc/submit', { cookie: p.cookie, ip: p.ip, body }), 'kyc submit');
  },
  async verifyIdentity(p) {
    await must(call('POST', `/ops/kyc/${p.uid}/decide`, { ops: true, body: { decision: 'verified' } }), 'kyc decide');
  },
});

/** Sets the transaction password. A security change rotates the session: `p.cookie` follows the new one. */
export async function setTradePassword(call: Caller, p: Pick<Player, 'cookie' | 'ip'>, typed?: string) {
  await httpSteps(call).setTradePassword(p as Held, tradePasswordBody(typed));
}

export async function bindWallet(call: Caller, p: Pick<Player, 'cookie' | 'ip'>, wallet: Wallet = WALLET) {
  await httpSteps(call).bindWallet(p as Held, walletBody(wallet));
}

/** Submits the identity and has the operator verify it. */
export const verifyIdentity = (call: Caller, p: Held) => recipes.verifiedIdentity(httpSteps(call), p);

/** Uploads the three KYC photos (ID front, ID back, selfie) as the player. */
export async function uploadDocuments(call: Caller, p: Pick<Player, 'cookie' | 'ip'>) {
  for (const body of recipes.documentBodies()) await httpSteps(call).uploadDocument(p as Held, body);
}

/** Transaction password, a bound GCash wallet and a verified identity: the player may withdraw. */
export const makeWithdrawReady = (
  call: Caller,
  p: Held,
  wallet: Wallet = { ...WALLET, account: `917${String(randomInt(10_000_000)).padStart(7, '0')}` },
): Promise<void> => recipes.makeWithdrawReady(httpSteps(call), p, wallet);

/** A captcha of the player, answered through the operator API. */
export async function solvedCaptcha(call: Caller, p: Pick<Player, 'cookie' | 'ip'>) {
  const issued = await must(call<{ token: string }>('GET', '/api/captcha', { cookie: p.cookie, ip: p.ip }), 'captcha');
  const token = issued.body.data.token;
  const answer = await must(call<{ answer: string }>('GET', `/ops/captcha/${token}`, { ops: true }), 'captcha answer');
  return { token, answer: answer.body.data.answer };
}

export interface DepositOptions {
  channel?: 'gcash' | 'maya';
  couponId?: number;
  /** `pay` (MPIN 1234), `decline` (MPIN 0000) or `pending` (the checkout is never submitted). */
  outcome?: 'pay' | 'decline' | 'pending';
}

/**
 * A deposit the way a player makes one: `/api/recharge/build`, then the sandbox checkout page submitted
 * with a mobile number and MPIN, whose signed webhook settles the order. Answers the order number.
 */
export async function deposit(
  call: Caller,
  p: Pick<Player, 'cookie' | 'ip'>,
  pesos: number,
  options: DepositOptions = {},
): Promise<{ orderNo: string }> {
  const built = await must(
    call<{ orderNo: string; payUrl: string }>('POST', '/api/recharge/build', {
      cookie: p.cookie,
      ip: p.ip,
      body: {
        channel: options.channel ?? 'gcash',
        amount: pesos,
        ...(options.couponId ? { couponId: options.couponId } : {}),
      },
    }),
    'deposit build',
  );
  const { orderNo, payUrl } = built.body.data;
  if (options.outcome === 'pending') return { orderNo };
  const token = new URL(payUrl, 'http://localhost').searchParams.get('token') ?? '';
  const form = new URLSearchParams({
    token,
    action: 'pay',
    mobile: '9171234567',
    mpin: options.outcome === 'decline' ? '0000' : '1234',
  });
  const checkout = await call('POST', `/sandbox/pay/${orderNo}`, { ip: p.ip, body: form.toString() });
  if (checkout.status !== 200) throw new Error(`sandbox checkout of ${orderNo}: ${checkout.status}`);
  return { orderNo };
}

/** The SMS verification codes sent to a number, newest first (the simulated outbox, `/ops/sms`). */
export async function smsCodes(call: Caller, phone: string): Promise<string[]> {
  const outbox = await must(
    call<{ code: string }[]>('GET', `/ops/sms?phone=${encodeURIComponent(phone)}`, { ops: true }),
    'sms outbox',
  );
  return outbox.body.data.map((sms) => sms.code);
}

/**
 * The withdrawal form's SMS code, as a tester gets it: the player asks for it
 * (`POST /api/user/sms/send/withdraw`, good in this session only), the tester reads the bound number
 * (`/ops/users/:uid`) and the code from the outbox (`/ops/sms`). While the last code is unused (a refused
 * withdrawal keeps it) the send is in its cool-down and the player types the code they have. A player who
 * cannot be sent one (a guest, no bound phone) gets 000000, for the withdrawal to be refused on its own.
 */
export async function withdrawCode(call: Caller, p: { cookie: string; ip: string; uid?: number }): Promise<string> {
  const sent = await call('POST', '/api/user/sms/send/withdraw', { cookie: p.cookie, ip: p.ip, body: {} });
  if (!sent.body.success && sent.body.code !== Code.SMS_COOLDOWN) return '000000';
  const uid =
    p.uid ??
    (await must(call<{ uid: number }>('GET', '/api/user/info', { cookie: p.cookie, ip: p.ip }), 'user info')).body.data
      .uid;
  const user = await must(call<{ phoneNumber: string }>('GET', `/ops/users/${uid}`, { ops: true }), 'ops user');
  const outbox = await must(
    call<{ code: string; purpose: string; usedAt: string | null }[]>(
      'GET',
      `/ops/sms?phone=${encodeURIComponent(user.body.data.phoneNumber)}&limit=10`,
      { ops: true },
    ),
    'sms outbox',
  );
  const sms = outbox.body.data.find((m) => m.purpose === 'withdraw');
  if (!sms || sms.usedAt !== null) throw new Error(`no withdrawal code to use for the player ${uid}`);
  return sms.code;
}

/** Moves the virtual clock: a duration such as `1d`, `3h`, `15m` or an ISO instant to set. */
export async function moveClock(call: Caller, to: { advance: string } | { set: string }) {
  return (await must(call<{ now: string }>('POST', '/ops/clock', { ops: true, body: to }), 'clock')).body.data;
}

/** Loads a named scenario (server/src/domains/tooling/scenarios): a fresh install rebuilt; every session ends. */
export async function loadScenario(call: Caller, name: string) {
  return (
    await must(
      call<{ name: string; personas: { username: string; password: string; role: string }[]; clock: string }>(
        'POST',
        `/ops/scenarios/${encodeURIComponent(name)}`,
        { ops: true, body: {} },
      ),
      `scenario ${name}`,
    )
  ).body.data;
}
