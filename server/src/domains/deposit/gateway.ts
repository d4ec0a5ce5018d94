import type { FastifyInstance } from 'fastify';
import { signFields } from '../../lib/signature';

/** What the casino tells the gateway of a payment to create (amount: the total to pay, in centavos). */
export interface NewPayment {
  orderNo: string;
  amount: number;
  brand: string;
  merchantName: string;
  expiresAt: string;
  /** The casino's reference of the payer: the player's uid. */
  playerRef: string;
  /** The origin the player's browser uses: the sandbox is served by this same host. */
  origin: string;
}

/**
 * The casino's side of the payment gateway's API, as a merchant calls PayMongo or Xendit: server to server,
 * every body signed with the merchant secret (PAYMENT_SECRET, HMAC over the sorted fields, as the gateway
 * signs its webhook). The gateway here is the payment sandbox (server/src/sandbox/payment.ts), reached over
 * HTTP in-process (inject), so it needs no reachable address.
 */
export function paymentGatewayClient(app: FastifyInstance) {
  const signed = (fields: Record<string, string>) => ({
    ...fields,
    signature: signFields(fields, app.config.paymentSecret),
  });
  return {
    /** Creates the payment (idempotent on orderNo: the same payment, the same URL) and answers its checkout URL. */
    async open(p: NewPayment): Promise<string> {
      const answer = await app.inject({
        method: 'POST',
        url: '/sandbox/gateway/payments',
        payload: signed({ ...p, amount: String(p.amount) }),
      });
      if (answer.statusCode !== 200 && answer.statusCode !== 201) {
        throw new Error(`payment gateway refused ${p.orderNo}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      }
      return (answer.json() as { checkoutUrl: string }).checkoutUrl;
    },
    /**
     * Cancels the payment of an order the casino gives up, so its checkout can no longer pay it. Answers the
     * payment's status at the gateway after it ('cancelled', or 'paid' when the payer was first: the webhook
     * brings it), 'unknown' when the gateway never recorded the order; throws when the gateway cannot answer.
     */
    async cancel(orderNo: string): Promise<string> {
      const answer = await app.inject({
        method: 'POST',
        url: `/sandbox/gateway/payments/${orderNo}/cancel`,
        payload: signed({ orderNo, action: 'cancel' }),
      });
      if (answer.statusCode === 404) return 'unknown';
      if (answer.statusCode !== 200) {
        throw new Error(`payment gateway did not cancel ${orderNo}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      }
      return (answer.json() as { status: string }).status;
    },
    /**
     * The webhooks the gateway gave up on after its last try (a gateway's list of failed webhooks), the
     * latest first; throws when the gateway cannot answer.
     */
    async abandonedWebhooks(): Promise<AbandonedWebhook[]> {
      const answer = await app.inject({
        method: 'POST',
        url: '/sandbox/gateway/webhooks/abandoned',
        payload: signed({ list: 'abandoned' }),
      });
      if (answer.statusCode !== 200) {
        throw new Error(`payment gateway did not list its webhooks: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      }
      return (answer.json() as { abandoned: AbandonedWebhook[] }).abandoned;
    },
    /**
     * Asks the gateway to send an abandoned webhook of the order again (its "resend"): `resent` (with what the
     * try came to), or the delivery's status when it was not abandoned, `none` when it has no webhook of it.
     */
    async resendWebhook(orderNo: string): Promise<{ result: string; outcome?: string }> {
      const answer = await app.inject({
        method: 'POST',
        url: `/sandbox/gateway/webhooks/${orderNo}/resend`,
        payload: signed({ orderNo, action: 'resend' }),
      });
      if (answer.statusCode !== 200) {
        throw new Error(`payment gateway did not resend ${orderNo}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      }
      return answer.json() as { result: string; outcome?: string };
    },
  };
}

/** A webhook the gateway gave up on, as its merchant API lists it. */
export interface AbandonedWebhook {
  orderNo: string;
  /** SUCCESS or FAILED, as the webhook says. */
  status: string;
  tries: number;
  lastAnswer: string | null;
  createdAt: string;
  abandonedAt: string;
}

export type PaymentGatewayClient = ReturnType<typeof paymentGatewayClient>;
