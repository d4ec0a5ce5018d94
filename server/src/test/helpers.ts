import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { md5 } from 'js-md5';
import pg from 'pg';
import { Code } from '../../../shared/codes';
import type { Envelope } from '../../../shared/envelope';
import { type BuildOptions, buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { databaseUrl } from '../db/postgres/open';

/** The instant every test app's clock is frozen at, unless told otherwise: a Manila mid-morning. */
export const TEST_NOW = new Date('2026-11-20T02:00:00.000Z');

export const testApp = (options: BuildOptions = {}) => buildApp({ frozenAt: TEST_NOW, ...options });

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, unknown>;
}

let nextAddress = 1;
/** A fresh client address, so per-address limits of one test do not leak into another. */
export const freshIp = () => {
  const n = nextAddress++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** A player's browser: keeps the session cookie and sends the headers the real client sends. */
export class TestClient {
  cookie = '';

  constructor(
    readonly app: FastifyInstance,
    readonly ip = freshIp(),
    readonly headers: Record<string, string> = {},
  ) {}

  async request<T = unknown>(options: InjectOptions): Promise<Answer<T>> {
    const response = await this.app.inject({
      remoteAddress: this.ip,
      ...options,
      headers: {
        requestfrom: 'H5',
        language: 'en-US',
        deviceid: 'test-device',
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...this.headers,
        ...(options.headers ?? {}),
      },
    });
    const setCookie = response.headers['set-cookie'];
    for (const line of [setCookie].flat()) {
      // The player's session (sid) and an operator's back-office session (osid), each kept as a browser would.
      const match = line && /^(sid|osid)=([^;]*)/.exec(line);
      if (!match) continue;
      const jar = new Map(
        this.cookie
          .split('; ')
          .filter(Boolean)
          .map((c) => c.split('=', 2) as [string, string]),
      );
      if (match[2]) jar.set(match[1] as string, match[2]);
      else jar.delete(match[1] as string);
      this.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    return { status: response.statusCode, body: response.json() as Envelope<T>, headers: response.headers };
  }

  get<T = unknown>(url: string, query?: Record<string, string | number>) {
    return this.request<T>({ method: 'GET', url, query: query as Record<string, string> });
  }

  post<T = unknown>(url: string, body: unknown = {}) {
    return this.request<T>({ method: 'POST', url, payload: body as object });
  }
}

let serial = 0;
/** A unique valid registration: username, typed password, phone. */
export function newPlayer(overrides: Partial<{ username: string; password: string; phone: string }> = {}) {
  serial += 1;
  const n = String(serial + Math.floor(Math.random() * 1000) * 1000).padStart(6, '0');
  return {
    username: `player${n}`.slice(0, 13),
    password: 'secret123',
    phone: `9${String(100_000_000 + serial * 7919 + Math.floor(Math.random() * 1000)).slice(-9)}`,
    ...overrides,
  };
}

export const hashed = (typed: string) => md5(typed);

/**
 * The sign-up's SMS code for `phone`, as a tester gets it: the sign-up form asks for it
 * (`POST /api/user/sms/send/register` from `client`'s address) and the code is read from the outbox
 * (`/ops/sms`). Within the cool-down, the code already sent is read again.
 */
export async function signUpCode(app: FastifyInstance, phone: string, client: TestClient = new TestClient(app)) {
  const sent = await client.post('/api/user/sms/send/register', { phone });
  if (!sent.body.success && sent.body.code !== Code.SMS_COOLDOWN)
    throw new Error(`sign-up code: ${JSON.stringify(sent.body)}`);
  const outbox = await opsClient(app).get<{ code: string; purpose: string }[]>(`/ops/sms?phone=${phone}`);
  const sms = outbox.body.data.find((m) => m.purpose === 'register');
  if (!sms) throw new Error(`no sign-up code for ${phone}`);
  return sms.code;
}

/** Registers a new player and returns their logged-in client and what they typed. */
export async function registerPlayer(
  app: FastifyInstance,
  overrides: Partial<{ username: string; password: string; phone: string; inviteCode: string }> = {},
) {
  const player = newPlayer(overrides);
  const client = new TestClient(app);
  const answer = await client.post<{ uid: number; invitationCode: string }>('/api/user/custom/register', {
    username: player.username,
    password: hashed(player.password),
    phone: player.phone,
    agree: true,
    smsCode: await signUpCode(app, player.phone, client),
    ...(overrides.inviteCode ? { inviteCode: overrides.inviteCode } : {}),
  });
  if (!answer.body.success) throw new Error(`register failed: ${JSON.stringify(answer.body)}`);
  return { client, player, info: answer.body.data };
}

/** A client holding the operator token. */
export const opsClient = (app: FastifyInstance) =>
  new TestClient(app, '127.0.0.1', { authorization: `Bearer ${app.config.adminToken}` });

/**
 * A test config whose database outlives an app, to test a restart: the SQLite file `dir`/casino.db, or,
 * under TEST_STORE=postgres, a database copied from the template once that every start opens again (and
 * seeds, as a real start does). `drop()` removes that database once the apps are closed.
 */
export async function restartableConfig(
  dir: string,
  overrides: Partial<Config> = {},
): Promise<{ config: Config; drop(): Promise<void> }> {
  const base = testConfig(overrides);
  if (!base.databaseUrl || !base.databaseTemplate)
    return { config: testConfig({ dbFile: join(dir, 'casino.db'), ...overrides }), drop: async () => {} };
  const name = `r_${process.pid}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl(base.databaseUrl, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${base.databaseTemplate}"`);
  return {
    config: {
      ...base,
      databaseUrl: databaseUrl(base.databaseUrl, name),
      databaseTemplate: undefined,
      databaseTemplateReady: false,
    },
    drop: async () => {
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
      } finally {
        await admin.end();
      }
    },
  };
}
