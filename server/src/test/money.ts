import type { FastifyInstance } from 'fastify';
import { hashed, opsClient, registerPlayer, type TestClient } from './helpers';

/** Test fixtures for money: a player ready to withdraw, captchas answered through /ops, funding. */

export const TRADE_PASSWORD = 'trade123';
export interface TestWallet {
  bank: 'gcash' | 'maya';
  name: string;
  account: string;
}
export const WALLET: TestWallet = { bank: 'gcash', name: 'Juan Dela Cruz', account: '9171234567' };
export const IDENTITY = {
  realName: 'Juan Dela Cruz',
  birthDate: '05/17/1990',
  idType: 'umid',
  idNumber: '0111-2345678-9',
} as const;

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

export async function setTradePassword(client: TestClient, typed = TRADE_PASSWORD) {
  const answer = await client.post('/api/user/modifyPasswordTrade', { newPassword: hashed(typed) });
  if (!answer.body.success) throw new Error(`trade password: ${JSON.stringify(answer.body)}`);
}

export async function bindWallet(client: TestClient, wallet: TestWallet = WALLET) {
  const answer = await client.post('/api/user/bankCard/create', { ...wallet, password: hashed(TRADE_PASSWORD) });
  if (!answer.body.success) throw new Error(`bind wallet: ${JSON.stringify(answer.body)}`);
}

export async function verifyIdentity(app: FastifyInstance, client: TestClient, uid: number) {
  const submitted = await client.post('/api/user/kyc/submit', IDENTITY);
  if (!submitted.body.success) throw new Error(`kyc submit: ${JSON.stringify(submitted.body)}`);
  const decided = await opsClient(app).post(`/ops/kyc/${uid}/decide`, { decision: 'verified' });
  if (!decided.body.success) throw new Error(`kyc decide: ${JSON.stringify(decided.body)}`);
}

/** Credits the balance through the journal, as an operator adjustment. */
export async function fund(app: FastifyInstance, uid: number, pesos: number) {
  const answer = await opsClient(app).post(`/ops/users/${uid}/adjust`, { amount: pesos, reason: 'test funding' });
  if (!answer.body.success) throw new Error(`fund: ${JSON.stringify(answer.body)}`);
}

/** A captcha of the player with its answer, read through the operator API as a tester would. */
export async function solvedCaptcha(app: FastifyInstance, client: TestClient) {
  const issued = await client.get<{ token: string; image: string; expiresAt: string }>('/api/captcha');
  const answer = await opsClient(app).get<{ answer: string }>(`/ops/captcha/${issued.body.data.token}`);
  return { token: issued.body.data.token, answer: answer.body.data.answer };
}

/** A registered player with a transaction password, a bound GCash wallet and a verified identity. */
export async function readyPlayer(app: FastifyInstance, options: { funds?: number; wallet?: TestWallet } = {}) {
  const registered = await registerPlayer(app);
  const { client, info } = registered;
  await setTradePassword(client);
  await bindWallet(client, options.wallet);
  await verifyIdentity(app, client, info.uid);
  if (options.funds) await fund(app, info.uid, options.funds);
  return { ...registered, uid: info.uid };
}

export async function withdraw(
  app: FastifyInstance,
  client: TestClient,
  amount: unknown,
  overrides: Record<string, unknown> = {},
) {
  const captcha = await solvedCaptcha(app, client);
  return client.post<WithdrawRecord>('/api/withdraw/create', {
    amount,
    password: hashed(TRADE_PASSWORD),
    captcha,
    ...overrides,
  });
}

/** Sets the daily limits of a VIP level and puts the player on it (test-only, straight in the database). */
export function setVipLimits(app: FastifyInstance, uid: number, level: number, dailyPesos: number, dailyCount: number) {
  app.db
    .prepare('UPDATE withdraw_limits SET daily_amount = ?, daily_count = ? WHERE vip_level = ?')
    .run(dailyPesos * 100, dailyCount, level);
  app.db.prepare('UPDATE users SET vip_level = ? WHERE uid = ?').run(level, uid);
}
