import type { FastifyInstance } from 'fastify';
import { hashed, registerPlayer, type TestClient } from './helpers';
import { inDb } from './in-db';
import * as world from './world';

/**
 * Test fixtures for money, for tests written with TestClient: each step is the world-builder's
 * (server/src/test/world.ts, shared with the harness, the bench and the crash test) on that client.
 */

export const { TRADE_PASSWORD, WALLET, IDENTITY } = world;
export type TestWallet = world.Wallet;

/** The world-builder's view of a TestClient: its cookie and client address, in-process. */
const asPlayer = (client: TestClient) => ({ cookie: client.cookie, ip: client.ip });

export type WithdrawRecord = {
  orderNo: string;
  amount: number;
  fee: number;
  bank: string;
  account: string;
  status: number;
  remark: string;
  createdAt: string;
  updatedAt: string;
};

export type AccountVO = {
  allAmount: number;
  balance: number;
  withdrawalAmount: number;
  deposit: number;
  point: number;
  surplus: number;
};

export const balanceOf = async (client: TestClient) =>
  (await client.get<{ userAccountVO: AccountVO }>('/api/balance')).body.data.userAccountVO;

/** Runs a world-builder step as this client; a step that rotates the session leaves the client the new cookie. */
async function asClient<T>(client: TestClient, step: (p: { cookie: string; ip: string }) => Promise<T>): Promise<T> {
  const player = asPlayer(client);
  try {
    return await step(player);
  } finally {
    client.cookie = player.cookie;
  }
}

export const setTradePassword = (client: TestClient, typed = TRADE_PASSWORD) =>
  asClient(client, (p) => world.setTradePassword(world.injectCaller(client.app), p, typed));

export const bindWallet = (client: TestClient, wallet: TestWallet = WALLET) =>
  world.bindWallet(world.injectCaller(client.app), asPlayer(client), wallet);

export const verifyIdentity = (app: FastifyInstance, client: TestClient, uid: number) =>
  world.verifyIdentity(world.injectCaller(app), { uid, ...asPlayer(client) });

/** Uploads the three KYC photos a submission needs (a 1x1 PNG each). */
export const uploadDocuments = (client: TestClient) =>
  world.uploadDocuments(world.injectCaller(client.app), asPlayer(client));

/** Credits the balance through the journal, as an operator adjustment. */
export async function fund(app: FastifyInstance, uid: number, pesos: number) {
  await world.fund(world.injectCaller(app), uid, pesos);
}

/** A captcha of the player with its answer, read through the operator API as a tester would. */
export const solvedCaptcha = (app: FastifyInstance, client: TestClient) =>
  world.solvedCaptcha(world.injectCaller(app), asPlayer(client));

/** A registered player with a transaction password, a bound GCash wallet and a verified identity. */
export async function readyPlayer(app: FastifyInstance, options: { funds?: number; wallet?: TestWallet } = {}) {
  const registered = await registerPlayer(app);
  const { client, info } = registered;
  const call = world.injectCaller(app);
  const player = { uid: info.uid, ...asPlayer(client) };
  await world.makeWithdrawReady(call, player, options.wallet ?? WALLET);
  client.cookie = player.cookie; // the transaction password rotated the session
  if (options.funds) await world.fund(call, info.uid, options.funds);
  return { ...registered, uid: info.uid };
}

/** The withdrawal form's SMS code of the player, sent and read from the outbox as a tester would. */
export const withdrawCode = (app: FastifyInstance, client: TestClient) =>
  world.withdrawCode(world.injectCaller(app), asPlayer(client));

/** A withdrawal as the form sends it: a solved captcha and a fresh SMS code (unless `overrides` gives one). */
export async function withdraw(
  app: FastifyInstance,
  client: TestClient,
  amount: unknown,
  overrides: Record<string, unknown> = {},
) {
  const captcha = await solvedCaptcha(app, client);
  const smsCode = 'smsCode' in overrides ? overrides.smsCode : await withdrawCode(app, client);
  return client.post<WithdrawRecord>('/api/withdraw/create', {
    amount,
    password: hashed(TRADE_PASSWORD),
    captcha,
    smsCode,
    ...overrides,
  });
}

/** Sets the daily limits of a VIP level and puts the player on it (test-only, straight in the database). */
export async function setVipLimits(
  app: FastifyInstance,
  uid: number,
  level: number,
  dailyPesos: number,
  dailyCount: number,
) {
  const db = inDb(app.db);
  await db.run`UPDATE withdraw_limits SET daily_amount = ${dailyPesos * 100}, daily_count = ${dailyCount} WHERE vip_level = ${level}`;
  await db.run`UPDATE users SET vip_level = ${level} WHERE uid = ${uid}`;
}

/**
 * Turns the withdrawal's SMS code off (or on again) through the operator API. For tests of other rules that
 * fire many withdrawals of one player at once (a code confirms one withdrawal): the code's own races are
 * tested in withdraw/sms-code.test.ts.
 */
export async function setWithdrawSmsCode(app: FastifyInstance, on: boolean) {
  await world.must(
    world.injectCaller(app)('POST', '/ops/withdraw-settings', { ops: true, body: { smsCode: on } }),
    'withdraw settings',
  );
}
