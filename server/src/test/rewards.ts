import type { FastifyInstance } from 'fastify';
import { assertLedgerWhole } from '../domains/ledger/whole';
import { opsClient, type TestClient } from './helpers';
import { inDb } from './in-db';

/** Test fixtures for the poker event, codes and the mall. */

export const userIdOf = async (app: FastifyInstance, uid: number) =>
  (await inDb(app.db).value<number>`SELECT id FROM users WHERE uid = ${uid}`) as number;

/** Gives points through the grants service, as any reward would. */
export async function givePoints(
  app: FastifyInstance,
  uid: number,
  points: number,
  key = `test.points:${Math.random()}`,
) {
  await app.services.grants.grant(await userIdOf(app, uid), {
    key,
    source: 'test',
    rewards: [{ type: 'point', amount: points }],
  });
}

export const setVip = (app: FastifyInstance, uid: number, level: number) =>
  inDb(app.db).run`UPDATE users SET vip_level = ${level} WHERE uid = ${uid}`;

/** A deposit paid in full: built by the player, settled SUCCESS by the gateway (through /ops). */
export async function deposit(app: FastifyInstance, client: TestClient, amount: number) {
  const built = await client.post<{ orderNo: string }>('/api/recharge/build', { channel: 'gcash', amount });
  if (!built.body.success) throw new Error(`deposit build: ${JSON.stringify(built.body)}`);
  const settled = await opsClient(app).post(`/ops/deposits/${built.body.data.orderNo}/settle`, { status: 'SUCCESS' });
  if (!settled.body.success) throw new Error(`deposit settle: ${JSON.stringify(settled.body)}`);
  return built.body.data.orderNo;
}

/** The ledger's invariants hold (ledger/whole.ts). */
export const expectLedgerExact = (app: FastifyInstance) => assertLedgerWhole(app.db);
