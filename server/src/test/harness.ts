/**
 * The integration-test harness: the whole server (real migrations, an in-memory database, the virtual
 * clock frozen at a known instant) with helpers to build the world through its public routes.
 *
 *   import request from 'supertest';
 *   import { createTestApp } from './server/src/test/harness';
 *
 *   const t = await createTestApp();
 *   const maria = await t.register();                       // registered and logged in
 *   await t.deposit(maria, 500);                            // through the sandbox checkout
 *   const res = await request(t.server).get('/api/balance').set(t.headers(maria));
 *   // res.body.data.userAccountVO.balance === 500
 *   await t.close();
 *
 * `t.call` is the same transport the bench and the crash test use (server/src/test/world.ts).
 */
import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../app';
import type { Config } from '../config';
import { testConfig } from '../config';
import * as world from './world';

export type { Caller, Player } from './world';

/** The instant the harness's clock stands at unless told otherwise: Friday 20 Nov 2026, 10:00 in Manila. */
export const HARNESS_NOW = new Date('2026-11-20T02:00:00.000Z');

export interface TestAppOptions {
  /** Where the frozen clock stands (default HARNESS_NOW); `null` lets it run with real time. */
  now?: Date | null;
  /** Lift every rate limit (registrations per address, SMS, login failures...). Default true. */
  liftRateLimits?: boolean;
  /** Overrides of the test configuration (in-memory database, token `test-admin-token-0123456789`). */
  config?: Partial<Config>;
  /** Passed to buildApp (socket timings, serveClient...). */
  build?: Omit<BuildOptions, 'config' | 'frozenAt'>;
}

export interface TestApp {
  app: FastifyInstance;
  /** The Node server for supertest: `request(t.server)`. */
  server: Server;
  adminToken: string;
  /** In-process calls through app.inject (the bench's and crash test's transport). */
  call: world.Caller;
  /** The headers a player's browser sends: `requestFrom`, `language` and the session cookie. */
  headers(player?: Pick<world.Player, 'cookie'>): Record<string, string>;
  /** The operator's headers for `/ops`. */
  opsHeaders(): Record<string, string>;
  /** Registers a new player, logged in (their session cookie in `cookie`). */
  register(spec?: world.PlayerSpec): Promise<world.Player>;
  /** Logs an existing account in (a scenario's persona, say). */
  logIn(username: string, password?: string): Promise<world.Player>;
  /** A deposit through the sandbox checkout (paid unless `outcome` says otherwise). */
  deposit(player: world.Player, pesos: number, options?: world.DepositOptions): Promise<{ orderNo: string }>;
  /** Credits pesos through an operator adjustment. */
  fund(player: world.Player, pesos: number): Promise<void>;
  /** Transaction password, a bound wallet and a verified identity. */
  readyToWithdraw(player: world.Player): Promise<void>;
  /** A captcha of the player with its answer (withdrawals need one). */
  captcha(player: world.Player): Promise<{ token: string; answer: string }>;
  /** The withdrawal form's SMS code of the player: sent, then read from the outbox (withdrawals need one). */
  withdrawCode(player: world.Player): Promise<string>;
  /** Resets the database and builds a named scenario (server/src/domains/tooling/scenarios); its personas' password is Secret123. */
  loadScenario(name: string): ReturnType<typeof world.loadScenario>;
  /** SMS codes sent to a number, newest first. */
  smsCodes(phone: string): Promise<string[]>;
  /** Moves the virtual clock by `1d`, `3h`, `15m`, `30s` (or combined, `1d12h`). */
  advanceClock(duration: string): Promise<{ now: string }>;
  /** Sets the virtual clock to an instant. */
  setClock(at: Date | string): Promise<{ now: string }>;
  /** Lifts (or restores) every rate limit. */
  liftRateLimits(lifted?: boolean): void;
  close(): Promise<void>;
}

/** Builds and readies the app; nothing listens until supertest (or you) asks. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const now = options.now === undefined ? HARNESS_NOW : options.now;
  const app = await buildApp({
    ...options.build,
    config: testConfig(options.config),
    ...(now ? { frozenAt: now } : {}),
  });
  await app.ready();
  app.limiter.lifted = options.liftRateLimits ?? true;
  const call = world.injectCaller(app);
  const adminToken = app.config.adminToken;
  return {
    app,
    server: app.server,
    adminToken,
    call,
    headers: (player) => ({
      ...world.CLIENT_HEADERS,
      ...(player ? { cookie: player.cookie } : {}),
    }),
    opsHeaders: () => ({ authorization: `Bearer ${adminToken}` }),
    register: (spec) => world.newPlayer(call, spec),
    logIn: (username, password = 'Secret123') => world.logIn(call, username, password),
    deposit: (player, pesos, depositOptions) => world.deposit(call, player, pesos, depositOptions),
    fund: async (player, pesos) => {
      await world.fund(call, player.uid, pesos);
    },
    readyToWithdraw: (player) => world.makeWithdrawReady(call, player),
    captcha: (player) => world.solvedCaptcha(call, player),
    withdrawCode: (player) => world.withdrawCode(call, player),
    loadScenario: (name) => world.loadScenario(call, name),
    smsCodes: (phone) => world.smsCodes(call, phone),
    advanceClock: (duration) => world.moveClock(call, { advance: duration }),
    setClock: (at) => world.moveClock(call, { set: typeof at === 'string' ? at : at.toISOString() }),
    liftRateLimits: (lifted = true) => {
      app.limiter.lifted = lifted;
    },
    close: () => app.close(),
  };
}
