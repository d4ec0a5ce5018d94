import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signedBody } from '../world/recipes';
import { opsClient, registerPlayer, type TestClient } from './helpers';
import { inDb } from './in-db';

/** Test fixtures that go through the real money paths: a paid e-wallet deposit, bets through the provider wallet. */

export interface Player {
  client: TestClient;
  uid: number;
  userId: number;
  username: string;
  invitationCode: string;
}

export async function player(app: FastifyInstance, inviteCode?: string): Promise<Player> {
  const registered = await registerPlayer(app, inviteCode ? { inviteCode } : {});
  const row = await app.services.users.byUid(registered.info.uid);
  if (!row) throw new Error('registered player not found');
  return {
    client: registered.client,
    uid: row.uid,
    userId: row.id,
    username: row.username,
    invitationCode: row.invitation_code,
  };
}

/** A deposit the gateway reports paid (split in orders within the channel maximum of 50,000). */
export async function deposit(app: FastifyInstance, client: TestClient, pesos: number): Promise<string[]> {
  const orders: string[] = [];
  let left = pesos;
  while (left > 0) {
    const amount = Math.min(left, 50_000);
    const built = await client.post<{ orderNo: string }>('/api/recharge/build', { channel: 'gcash', amount });
    if (!built.body.success) throw new Error(`deposit build: ${JSON.stringify(built.body)}`);
    const settled = await opsClient(app).post(`/ops/deposits/${built.body.data.orderNo}/settle`, { status: 'SUCCESS' });
    if (!settled.body.success) throw new Error(`deposit settle: ${JSON.stringify(settled.body)}`);
    orders.push(built.body.data.orderNo);
    left = Math.round((left - amount) * 100) / 100;
  }
  return orders;
}

async function wallet(app: FastifyInstance, name: string, fields: Record<string, string>) {
  const payload = signedBody(fields, app.config.providerSecret);
  const response = await app.inject({ method: 'POST', url: `/api/provider/wallet/${name}`, payload });
  const body = response.json() as { success: boolean; data: { sessionToken?: string } };
  if (!body.success) throw new Error(`wallet ${name}: ${JSON.stringify(body)}`);
  return body.data;
}

/** Opens a game session of the player as the provider's page does. */
export async function gameSession(app: FastifyInstance, client: TestClient): Promise<string> {
  const gameId = (await inDb(app.db)
    .value<number>`SELECT id FROM games WHERE provider_game = 'house-fiesta-reels'`) as number;
  const launched = await client.post<{ playUrl: string }>('/api/game/getUrl', { gameId });
  const launchToken = new URL(launched.body.data.playUrl).searchParams.get('token') ?? '';
  return (await wallet(app, 'authenticate', { launchToken })).sessionToken ?? '';
}

/**
 * Places one bet of `pesos`, a lost round, or left open (`settle: false`) so it can be rolled back;
 * returns its transaction id.
 */
export async function bet(app: FastifyInstance, sessionToken: string, pesos: number, settle = true): Promise<string> {
  const transactionId = randomUUID();
  const roundId = randomUUID();
  await wallet(app, 'bet', { sessionToken, transactionId, roundId, amount: pesos.toFixed(2) });
  if (settle) await wallet(app, 'win', { transactionId: randomUUID(), roundId, amount: '0.00', result: 'Lost' });
  return transactionId;
}

export async function rollback(app: FastifyInstance, betTransactionId: string) {
  return wallet(app, 'rollback', { transactionId: randomUUID(), betTransactionId });
}

/** The player's balance in centavos, and whether the journal sums to it. */
export async function ledgerOf(app: FastifyInstance, userId: number) {
  const balance = (await inDb(app.db).value<number>`SELECT balance FROM accounts WHERE user_id = ${userId}`) as number;
  const journal = (await inDb(app.db)
    .value<number>`SELECT COALESCE(SUM(amount), 0) FROM balance_journal WHERE user_id = ${userId}`) as number;
  return { balance, journal };
}
