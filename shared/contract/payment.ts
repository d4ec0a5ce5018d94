import { z } from 'zod';
import { Code } from '../codes';
import { defineEndpoint } from './define';
import { depositStatusSchema } from './recharge';

/**
 * The payment gateway's webhook (not in spec section 7: the gateway calls it, not the client).
 * Signed with HMAC-SHA256 over `amount=…&gatewayRef=…&orderNo=…&status=…&timestamp=…` (keys sorted),
 * hex, with the merchant secret. Idempotent on orderNo: a replay answers the first answer and moves nothing.
 */
export const paymentCallback = defineEndpoint({
  method: 'POST',
  path: '/api/payment/callback',
  access: 'open',
  signed: true,
  summary: 'Gateway webhook: the result of a deposit payment (HMAC-signed)',
  body: z.strictObject({
    orderNo: z.string().min(1).max(40),
    amount: z
      .string()
      .regex(/^\d{1,13}\.\d{2}$/)
      .describe('Paid amount in pesos with exactly two decimals, as text'),
    status: z.enum(['SUCCESS', 'FAILED']),
    gatewayRef: z.string().min(1).max(64),
    payerMobile: z.string().max(16).optional(),
    timestamp: z.string().max(40),
    signature: z.string().regex(/^[a-f0-9]{64}$/),
  }),
  data: z.object({ orderNo: z.string(), status: depositStatusSchema }),
  codes: [Code.INSUFFICIENT_BALANCE, Code.ORDER_NOT_FOUND, Code.SIGNATURE_INVALID, Code.CALLBACK_AMOUNT_MISMATCH],
});

export const paymentEndpoints = [paymentCallback] as const;
