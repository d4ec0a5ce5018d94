import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { DepositService } from '../domains/deposit/service';
import { checkoutPage, resultPage } from './checkout-page';
import { gatewayClient } from './gateway-client';

const checkoutScript = readFileSync(join(import.meta.dirname, 'checkout.js'), 'utf8');

const orderParams = z.object({ orderNo: z.string().regex(/^D\d{16}$/) });
const checkoutQuery = z.object({ token: z.string().max(64).default('') });
const submitBody = z.object({
  token: z.string().max(64).default(''),
  action: z.enum(['pay', 'cancel']).default('pay'),
  mobile: z.string().max(20).default(''),
  mpin: z.string().max(20).default(''),
});

/**
 * The e-wallet sandbox: a checkout page per order that looks like GCash or Maya. Paying (or cancelling)
 * makes the sandbox call the server's webhook exactly as a gateway would: an HTTP POST, HMAC-signed.
 */
export const paymentSandbox = fp(
  async (app: FastifyInstance, options: { deposits: DepositService }) => {
    const { deposits } = options;
    const gateway = gatewayClient(app);

    await app.register(async (sandbox) => {
      sandbox.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 4096 },
        (_req, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        },
      );

      const notFound = (reply: FastifyReply) =>
        reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send('<!doctype html><title>Not found</title><p>This checkout link is not valid.</p>');

      sandbox.get('/sandbox/checkout.js', (_request, reply) =>
        reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(checkoutScript),
      );

      /** The open order behind a checkout link, or the page that ends the request (not found, or already settled). */
      async function openOrder(reply: FastifyReply, orderNo: unknown, token: string) {
        await deposits.expireOverdue();
        const found = typeof orderNo === 'string' ? await deposits.checkout(orderNo, token) : undefined;
        if (!found) return { page: notFound(reply) };
        const { order } = found;
        const total = order.amount + order.fee;
        reply.type('text/html; charset=utf-8');
        if (order.status !== 0) {
          const status = order.status === 1 ? 'paid' : 'closed';
          return { page: reply.send(resultPage({ brand: order.channel, orderNo: order.order_no, status, total })) };
        }
        const form = (extra: { mobile?: string; error?: string } = {}) =>
          checkoutPage({
            brand: order.channel,
            orderNo: order.order_no,
            token,
            merchantName: found.merchantName,
            total,
            secondsLeft: Math.max(0, Math.round((Date.parse(order.expires_at) - app.clock.nowMs()) / 1000)),
            ...extra,
          });
        return { order, total, form };
      }

      sandbox.get('/sandbox/pay/:orderNo', async (request, reply) => {
        const params = orderParams.safeParse(request.params);
        const query = checkoutQuery.safeParse(request.query);
        if (!params.success || !query.success) return notFound(reply);
        const open = await openOrder(reply, params.data.orderNo, query.data.token);
        return open.page ?? reply.send(open.form());
      });

      sandbox.post('/sandbox/pay/:orderNo', async (request, reply) => {
        const params = orderParams.safeParse(request.params);
        const body = submitBody.safeParse(request.body ?? {});
        if (!params.success || !body.success) return notFound(reply);
        const open = await openOrder(reply, params.data.orderNo, body.data.token);
        if (open.page) return open.page;
        const { order, total } = open;
        const { action, mobile, mpin } = body.data;
        if (action === 'pay' && (!/^9\d{9}$/.test(mobile) || !/^\d{4}$/.test(mpin))) {
          return reply.send(
            open.form({ mobile, error: 'Enter your 10-digit mobile number (9xxxxxxxxx) and your 4-digit MPIN.' }),
          );
        }
        // A tester fault may decline the payment, hold the callback back, lose it or send it twice.
        const fault = action === 'pay' ? await app.services.tooling.depositFault(order.user_id) : undefined;
        const declined = action === 'cancel' || mpin === '0000' || fault?.kind === 'deposit.fail';
        const payload = gateway.callback(order, declined ? 'FAILED' : 'SUCCESS', action === 'pay' ? mobile : undefined);
        if (fault?.kind === 'deposit.late') app.services.tooling.held.hold(payload, fault.delaySeconds ?? 60);
        if (fault?.kind === 'deposit.late' || fault?.kind === 'deposit.timeout') {
          request.log.info({ orderNo: order.order_no, fault: fault.kind }, 'sandbox webhook held back by a fault');
          return reply.send(resultPage({ brand: order.channel, orderNo: order.order_no, status: 'processing', total }));
        }
        // The gateway's webhook, over HTTP like a real one (in-process, so it needs no reachable address).
        const webhook = await gateway.deliver(payload);
        if (fault?.kind === 'deposit.duplicate') await gateway.deliver(payload);
        const answer = webhook.json() as { success: boolean; data: { status: number } | null };
        request.log.info({ orderNo: order.order_no, webhook: answer }, 'sandbox webhook delivered');
        const status =
          answer.success && answer.data?.status === 1 ? 'paid' : action === 'cancel' ? 'cancelled' : 'failed';
        return reply.send(resultPage({ brand: order.channel, orderNo: order.order_no, status, total }));
      });
    });
  },
  { name: 'payment-sandbox', dependencies: ['domains'] },
);
