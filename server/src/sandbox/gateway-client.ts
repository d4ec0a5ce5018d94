import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { paymentCallback } from '../../../shared/contract/payment';
import { formatCentavos } from '../../../shared/money';
import { signFields } from '../lib/signature';

type PaymentCallback = z.input<typeof paymentCallback.body>;

/**
 * The sandbox gateway's side of the merchant webhook: it builds and signs a callback with the secret it
 * shares with the merchant (PAYMENT_SECRET), and delivers it over HTTP (in-process, so it needs no
 * reachable address). The deposit domain only verifies.
 */
export function gatewayClient(app: FastifyInstance) {
  return {
    /** The webhook of a payment of the sandbox's book (its amount is the total paid, in centavos). */
    callback(
      payment: { order_no: string; amount: number },
      status: 'SUCCESS' | 'FAILED',
      payerMobile?: string,
    ): PaymentCallback {
      const fields = {
        orderNo: payment.order_no,
        amount: formatCentavos(payment.amount).replaceAll(',', ''),
        status,
        gatewayRef: `SBX${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`,
        payerMobile,
        timestamp: app.clock.iso(),
      };
      return { ...fields, signature: signFields(fields, app.config.paymentSecret) };
    },
    deliver: (payload: PaymentCallback) => app.inject({ method: 'POST', url: paymentCallback.path, payload }),
  };
}
