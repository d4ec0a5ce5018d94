import type { FastifyInstance } from 'fastify';
import type { Envelope } from '../../../../shared/envelope';
import { signFields } from '../../lib/signature';

/**
 * How the provider reaches the casino's seamless wallet: signed HTTP POSTs. They run in-process through
 * Fastify's inject, so the provider needs no reachable address, yet each call crosses the full HTTP stack.
 */
export function walletClient(app: FastifyInstance) {
  async function call<T>(name: string, fields: Record<string, string>): Promise<Envelope<T>> {
    const payload = { ...fields, signature: signFields(fields, app.config.providerSecret) };
    const response = await app.inject({ method: 'POST', url: `/api/provider/wallet/${name}`, payload });
    return response.json() as Envelope<T>;
  }
  type Answer = { balance: number; currency: 'PHP' };
  return {
    authenticate: (launchToken: string) =>
      call<{ sessionToken: string; playerId: number; nickname: string; gameCode: string; language: string } & Answer>(
        'authenticate',
        { launchToken },
      ),
    balance: (sessionToken: string) => call<Answer>('balance', { sessionToken }),
    bet: (f: { sessionToken: string; transactionId: string; roundId: string; amount: string; turnover?: string }) =>
      call<Answer>('bet', f),
    /** A further stake on the round's open round (double, split, insurance). */
    raise: (f: { sessionToken: string; transactionId: string; roundId: string; amount: string; turnover?: string }) =>
      call<Answer>('raise', f),
    win: (f: { transactionId: string; roundId: string; amount: string; result: string }) => call<Answer>('win', f),
    rollback: (f: { transactionId: string; betTransactionId: string }) => call<Answer>('rollback', f),
  };
}

export type WalletClient = ReturnType<typeof walletClient>;
