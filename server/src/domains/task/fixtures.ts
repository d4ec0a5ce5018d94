import type { FastifyInstance } from 'fastify';
import { opsClient, type TestClient } from '../../test/helpers';

/** Test fixtures for tasks and bonuses: real deposits through the gateway path, bets in the journal. */

/** A deposit the player builds and the gateway pays (through /ops, the signed callback path). */
export async function deposit(app: FastifyInstance, client: TestClient, pesos: number): Promise<string> {
  const built = await client.post<{ orderNo: string }>('/api/recharge/build', { channel: 'gcash', amount: pesos });
  if (!built.body.success) throw new Error(`deposit build: ${JSON.stringify(built.body)}`);
  const orderNo = built.body.data.orderNo;
  const settled = await opsClient(app).post(`/ops/deposits/${orderNo}/settle`, { status: 'SUCCESS' });
  if (!settled.body.success) throw new Error(`deposit settle: ${JSON.stringify(settled.body)}`);
  return orderNo;
}

/** A bet (and optionally its rollback) as the provider's seamless wallet writes it. */
export async function bet(app: FastifyInstance, userId: number, centavos: number, round: string, rolledBack = false) {
  const { ledger } = app.services;
  await app.db.transaction(async () => {
    await ledger.post(userId, { type: 'bet', amount: -centavos, turnoverDone: centavos, reference: round });
    if (rolledBack)
      await ledger.post(userId, { type: 'rollback', amount: centavos, turnoverDone: -centavos, reference: round });
  })();
}
