import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { OPERATOR_HEADER } from '../../../shared/contract/ops-audit';
import { listFaults, takeDepositFault } from '../../../shared/contract/ops-tooling';
import type { Envelope } from '../../../shared/envelope';

type Fault = NonNullable<z.output<typeof takeDepositFault.data>['fault']>;

/** Who the audit trail names for the sandbox's calls (X-Operator). */
const OPERATOR = 'payment-sandbox';

/**
 * The tester's deposit faults, as the payment sandbox reaches them: over HTTP, on the casino's /ops API
 * with the operator token it has in app.config (in-process through inject, so it needs no reachable
 * address), like the provider's wallet client.
 *
 * Why ask at payment time rather than have the casino hand the fault over when it creates the payment:
 * a fault acts on the next payment the player makes (as before), so one switched on while a checkout is
 * already open still acts, and reopening a checkout (an idempotent creation) uses up nothing. A webhook a
 * fault holds back (deposit.late) is the gateway's own: a row of its outbox (webhook.ts `hold`), which
 * GET /ops/faults lists from the gateway's delivery log.
 */
export function testerClient(app: FastifyInstance) {
  const headers = { authorization: `Bearer ${app.config.adminToken}`, [OPERATOR_HEADER]: OPERATOR };
  async function call<T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
    const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const answer = response.json() as Envelope<T>;
    if (!answer.success) throw new Error(`${method} ${url}: ${answer.code} ${answer.msg}`);
    return answer.data as T;
  }
  type Listed = z.output<typeof listFaults.data>;

  return {
    /**
     * The deposit fault that acts on this payment, taken (used once), or undefined. Without /ops no fault
     * can be switched on; a payment of a player no fault names asks nothing more than the list, so the
     * audit trail records only the faults the sandbox really took.
     */
    async depositFault(playerRef: string): Promise<Fault | undefined> {
      if (!app.config.opsEnabled) return undefined;
      const uid = /^\d+$/.test(playerRef) ? Number(playerRef) : null;
      const { faults } = await call<Listed>('GET', listFaults.path);
      if (!faults.some((f) => f.kind.startsWith('deposit.') && (f.uid === null || f.uid === uid))) return undefined;
      const { fault } = await call<{ fault: Fault | null }>('POST', takeDepositFault.path, { uid });
      return fault ?? undefined;
    },
  };
}
