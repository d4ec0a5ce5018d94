import type { FastifyInstance } from 'fastify';
import { Code } from '../../../../shared/codes';
import type { Envelope } from '../../../../shared/envelope';
import { signFields } from '../../lib/signature';

/**
 * A wallet call's answer. `unknown` marks one whose outcome the provider cannot know: the call failed in
 * transit (no answer, a cut connection, a body that is not the envelope) or the casino answered a 5xx (its
 * database away, an unhandled fault). The casino may have committed the move before the answer was lost,
 * so a bet answered so is rolled back, never just forgotten (engine.ts, `rollBackInTransit`).
 */
export type WalletAnswer<T> = Envelope<T> & { unknown?: true };

const lost = <T>(): WalletAnswer<T> => ({
  success: false,
  code: Code.SERVICE_UNAVAILABLE,
  msg: 'The casino’s wallet did not answer: try again in a moment.',
  data: null as T,
  unknown: true,
});

/**
 * How the provider reaches the casino's seamless wallet: signed HTTP POSTs. They run in-process through
 * Fastify's inject, so the provider needs no reachable address, yet each call crosses the full HTTP stack.
 * A call never throws: what did not come back as the casino's envelope is answered `unknown`.
 */
export function walletClient(app: FastifyInstance) {
  async function call<T>(name: string, fields: Record<string, string>): Promise<WalletAnswer<T>> {
    const payload = { ...fields, signature: signFields(fields, app.config.providerSecret) };
    let answer: WalletAnswer<T>;
    try {
      const response = await app.inject({ method: 'POST', url: `/api/provider/wallet/${name}`, payload });
      answer = response.json() as WalletAnswer<T>;
      if (typeof answer?.success !== 'boolean') return lost();
      if (response.statusCode >= 500) answer.unknown = true;
    } catch (err) {
      app.log.warn({ err, call: name, transactionId: fields.transactionId }, 'provider: a wallet call got no answer');
      return lost();
    }
    return answer;
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

/**
 * After a bet answered `unknown`: the round's rollback, sent at once. True when the casino now holds no
 * stake of the bet (rolled back, or TRANSACTION_UNKNOWN: it never saw the bet); false when the rollback did
 * not get through either, so the round stays `betting` for `recover` to roll back later.
 */
export async function rollBackInTransit(wallet: WalletClient, roundId: string, betTransactionId: string) {
  return holdsNothing(await wallet.rollback({ transactionId: `${roundId}-rb`, betTransactionId }));
}

/** A rollback's answer that leaves the casino holding none of the bet: rolled back, or never seen. */
export const holdsNothing = (answer: WalletAnswer<unknown>) =>
  answer.success || answer.code === Code.TRANSACTION_UNKNOWN;
