import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { verifyFields } from '../lib/signature';
import { checkoutPage, type ResultStatus, resultPage } from './checkout-page';
import { gatewayClient } from './gateway-client';
import { createSandboxPaymentRepo, type SandboxPayment } from './payment-repo';
import { testerClient } from './tester-client';
import { type WebhookDeliveries, webhookDeliveries } from './webhook';
import { createSandboxWebhookRepo } from './webhook-repo';

const checkoutScript = readFileSync(join(import.meta.dirname, 'checkout.js'), 'utf8');

const ORDER_NO = /^D\d{16}$/;
/** How often (real time) the webhook retries due on the app clock are looked for. */
const RETRY_CHECK_MS = 5_000;
const orderParams = z.object({ orderNo: z.string().regex(ORDER_NO) });
const checkoutQuery = z.object({ token: z.string().max(64).default('') });
const submitBody = z.object({
  token: z.string().max(64).default(''),
  action: z.enum(['pay', 'cancel']).default('pay'),
  mobile: z.string().max(20).default(''),
  mpin: z.string().max(20).default(''),
});

/**
 * The gateway API's "create a payment" (server to server, as PayMongo's or Xendit's): every field text,
 * signed like the webhook (HMAC-SHA256 hex over the sorted key=value pairs, with PAYMENT_SECRET).
 */
const createBody = z.strictObject({
  orderNo: z.string().regex(ORDER_NO),
  /** The total the payer pays, in centavos. */
  amount: z.string().regex(/^[1-9]\d{0,13}$/),
  brand: z.enum(['gcash', 'maya']),
  merchantName: z.string().min(1).max(80),
  expiresAt: z.iso.datetime({ offset: true }),
  /** The merchant's reference of the payer (the casino's player uid). */
  playerRef: z.string().min(1).max(40),
  /** Where the payer reaches this sandbox: it is served by the casino's own host, under the origin the player used. */
  origin: z.string().regex(/^https?:\/\/[^/?#\s]+$/),
  signature: z.string().max(128),
});
/**
 * A merchant's call about one order names what it asks (`action`), under the signature: a signed cancel is
 * then not also a signed resend (or the other way round) for whoever sees it pass.
 */
const orderActionBody = <A extends string>(action: A) =>
  z.strictObject({ orderNo: z.string().regex(ORDER_NO), action: z.literal(action), signature: z.string().max(128) });
const orderActionBodies = { cancel: orderActionBody('cancel'), resend: orderActionBody('resend') };
/** The merchant's list of abandoned webhooks: a signed body naming what it asks for. */
const abandonedBody = z.strictObject({ list: z.literal('abandoned'), signature: z.string().max(128) });

type PaymentStatus = SandboxPayment['status'] | 'expired';

/**
 * The e-wallet sandbox, an outside party that reaches the casino only over HTTP: a gateway API the casino
 * calls to create (and cancel) a payment, its own book of payments (sandbox_payments), and a checkout page
 * per payment that looks like GCash or Maya. Paying (or cancelling) makes the sandbox call the casino's
 * webhook exactly as a gateway would: an HTTP POST, HMAC-signed. Tester faults come over HTTP too
 * (tester-client.ts).
 */
export const paymentSandbox = fp(
  async (app: FastifyInstance) => {
    const payments = createSandboxPaymentRepo(app.db);
    const gateway = gatewayClient(app);
    const tester = testerClient(app);
    const webhooks = webhookDeliveries(app, { repo: createSandboxWebhookRepo(app.db), gateway });
    app.decorate('paymentSandbox', { webhooks });

    // Webhooks the casino did not take are tried again when due: on every clock move (a tester's time
    // travel drives the back-off) and every few seconds, on the process holding the scheduler lease (each
    // try is claimed in the outbox anyway, so two processes never send the same one).
    const retryDue = app.cluster.scheduled(() => webhooks.retryDue(), 'sandbox webhook retries');
    app.clock.onChange(retryDue);
    const retries = setInterval(retryDue, RETRY_CHECK_MS);
    retries.unref();
    app.addHook('onClose', async () => clearInterval(retries));

    /** What a payment is now: an open one past its own expiresAt, on the app clock, has expired. */
    const statusOf = (p: SandboxPayment): PaymentStatus =>
      p.status === 'open' && Date.parse(p.expires_at) <= app.clock.nowMs() ? 'expired' : p.status;
    const checkoutUrl = (p: SandboxPayment, origin: string) => `${origin}/sandbox/pay/${p.order_no}?token=${p.token}`;
    const tokenMatches = (p: SandboxPayment, token: string) => {
      const given = Buffer.from(token);
      const expected = Buffer.from(p.token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    };
    const signedBy = (body: Record<string, string>) => {
      const { signature, ...fields } = body;
      return /^[a-f0-9]{64}$/.test(signature ?? '') && verifyFields(fields, signature ?? '', app.config.paymentSecret);
    };
    const refuse = (reply: FastifyReply, status: number, error: string, message: string) =>
      reply.status(status).send({ error, message });
    /**
     * A merchant's signed call about the order of its path (cancel, resend): the order number, or null once
     * the refusal is sent (a malformed call 400, one whose signature does not cover this action 401).
     */
    const orderCall = (action: 'cancel' | 'resend', request: FastifyRequest, reply: FastifyReply) => {
      const params = orderParams.safeParse(request.params);
      const body = orderActionBodies[action].safeParse(request.body ?? {});
      if (!params.success || !body.success || body.data.orderNo !== params.data.orderNo) {
        refuse(reply, 400, 'invalid_request', `The ${action} request is malformed.`);
        return null;
      }
      if (!signedBy(body.data)) {
        refuse(reply, 401, 'invalid_signature', 'The signature does not match.');
        return null;
      }
      return params.data.orderNo;
    };

    await app.register(async (sandbox) => {
      sandbox.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 4096 },
        (_req, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        },
      );

      // ------------------------------------------------------------------ the gateway API (server to server)

      /**
       * Creates a payment and answers its checkout URL. Idempotent on orderNo: the casino reopening a Pending
       * order gets the same payment and the same URL (whatever has become of it since).
       */
      sandbox.post('/sandbox/gateway/payments', { bodyLimit: 4096 }, async (request, reply) => {
        const body = createBody.safeParse(request.body ?? {});
        if (!body.success) return refuse(reply, 400, 'invalid_request', 'The payment request is malformed.');
        if (!signedBy(body.data)) return refuse(reply, 401, 'invalid_signature', 'The signature does not match.');
        const p = body.data;
        const amount = Number(p.amount);
        const { payment, created } = await payments.open({
          orderNo: p.orderNo,
          amount,
          brand: p.brand,
          merchantName: p.merchantName,
          playerRef: p.playerRef,
          token: randomBytes(16).toString('hex'),
          expiresAt: new Date(p.expiresAt).toISOString(),
          now: app.clock.iso(),
        });
        if (!created && payment.amount !== amount) {
          return refuse(reply, 409, 'conflict', 'A payment of this order number exists with another amount.');
        }
        return reply.status(created ? 201 : 200).send({
          orderNo: payment.order_no,
          status: statusOf(payment),
          amount: String(payment.amount),
          expiresAt: payment.expires_at,
          checkoutUrl: checkoutUrl(payment, p.origin),
        });
      });

      /** The merchant cancels a payment (the player gave up the order, a break closed it): open no more. */
      sandbox.post('/sandbox/gateway/payments/:orderNo/cancel', { bodyLimit: 1024 }, async (request, reply) => {
        const orderNo = orderCall('cancel', request, reply);
        if (orderNo === null) return reply;
        await payments.settle(orderNo, 'cancelled', app.clock.iso());
        const payment = await payments.byOrderNo(orderNo);
        if (!payment) return refuse(reply, 404, 'not_found', 'No payment of this order number.');
        return reply.send({ orderNo, status: statusOf(payment) });
      });

      /**
       * The gateway's delivery log for the merchant (a tester): the webhooks still to be tried, with their
       * tries, the next try's time on the app clock and the casino's last answer. Read with the operator
       * token, as the sandbox is the casino's own tool.
       */
      sandbox.get('/sandbox/gateway/webhooks', async (request, reply) => {
        const given = Buffer.from(String(request.headers.authorization ?? ''));
        const expected = Buffer.from(`Bearer ${app.config.adminToken}`);
        if (given.length !== expected.length || !timingSafeEqual(given, expected))
          return refuse(reply, 401, 'unauthorized', 'The operator token is required.');
        const pending = await webhooks.pending();
        return reply.send({
          pending: pending.map((w) => ({
            orderNo: w.order_no,
            status: (JSON.parse(w.payload) as { status: string }).status,
            tries: w.attempts,
            nextAt: w.next_at,
            lastAnswer: w.last_answer,
          })),
        });
      });

      /**
       * The merchant's view of the webhooks the gateway gave up on (after WEBHOOK_MAX_TRIES), server to server
       * and signed like every merchant call, as a real gateway's dashboard or API lists failed webhooks: the
       * casino's back office shows them (GET /ops/deposits/abandoned-callbacks).
       */
      sandbox.post('/sandbox/gateway/webhooks/abandoned', { bodyLimit: 1024 }, async (request, reply) => {
        const body = abandonedBody.safeParse(request.body ?? {});
        if (!body.success) return refuse(reply, 400, 'invalid_request', 'The request is malformed.');
        if (!signedBy(body.data)) return refuse(reply, 401, 'invalid_signature', 'The signature does not match.');
        const rows = await webhooks.abandoned();
        return reply.send({
          abandoned: rows.map((w) => ({
            orderNo: w.order_no,
            status: (JSON.parse(w.payload) as { status: string }).status,
            tries: w.attempts,
            lastAnswer: w.last_answer,
            createdAt: w.created_at,
            abandonedAt: w.updated_at,
          })),
        });
      });

      /** The merchant asks for an abandoned webhook again (webhook.ts `resend`): sent at once, then retried. */
      sandbox.post('/sandbox/gateway/webhooks/:orderNo/resend', { bodyLimit: 1024 }, async (request, reply) => {
        const orderNo = orderCall('resend', request, reply);
        if (orderNo === null) return reply;
        const resent = await webhooks.resend(orderNo);
        return reply.send({ orderNo, ...resent });
      });

      // ------------------------------------------------------------------ the checkout page (the payer)

      const notFound = (reply: FastifyReply) =>
        reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send('<!doctype html><title>Not found</title><p>This checkout link is not valid.</p>');

      sandbox.get('/sandbox/checkout.js', (_request, reply) =>
        reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(checkoutScript),
      );

      const result = (reply: FastifyReply, payment: SandboxPayment, status: ResultStatus) =>
        reply.send(resultPage({ brand: payment.brand, orderNo: payment.order_no, status, total: payment.amount }));

      /** The open payment behind a checkout link, or the page that ends the request (not found, or no longer open). */
      async function openPayment(reply: FastifyReply, orderNo: string, token: string) {
        const payment = await payments.byOrderNo(orderNo);
        if (!payment || !tokenMatches(payment, token)) return { page: notFound(reply) };
        reply.type('text/html; charset=utf-8');
        const status = statusOf(payment);
        if (status !== 'open') {
          return {
            page: result(reply, payment, status === 'paid' ? 'paid' : status === 'expired' ? 'expired' : 'closed'),
          };
        }
        const form = (extra: { mobile?: string; error?: string } = {}) =>
          checkoutPage({
            brand: payment.brand,
            orderNo: payment.order_no,
            token,
            merchantName: payment.merchant_name,
            total: payment.amount,
            secondsLeft: Math.max(0, Math.round((Date.parse(payment.expires_at) - app.clock.nowMs()) / 1000)),
            ...extra,
          });
        return { payment, form };
      }

      sandbox.get('/sandbox/pay/:orderNo', async (request, reply) => {
        const params = orderParams.safeParse(request.params);
        const query = checkoutQuery.safeParse(request.query);
        if (!params.success || !query.success) return notFound(reply);
        const open = await openPayment(reply, params.data.orderNo, query.data.token);
        return open.page ?? reply.send(open.form());
      });

      sandbox.post('/sandbox/pay/:orderNo', async (request, reply) => {
        const params = orderParams.safeParse(request.params);
        const body = submitBody.safeParse(request.body ?? {});
        if (!params.success || !body.success) return notFound(reply);
        const open = await openPayment(reply, params.data.orderNo, body.data.token);
        if (open.page) return open.page;
        const { payment } = open;
        const { action, mobile, mpin } = body.data;
        if (action === 'pay' && (!/^9\d{9}$/.test(mobile) || !/^\d{4}$/.test(mpin))) {
          return reply.send(
            open.form({ mobile, error: 'Enter your 10-digit mobile number (9xxxxxxxxx) and your 4-digit MPIN.' }),
          );
        }
        // A tester fault may decline the payment, hold the webhook back, lose it or send it twice.
        const fault = action === 'pay' ? await tester.depositFault(payment.player_ref) : undefined;
        const declined = action === 'cancel' || mpin === '0000' || fault?.kind === 'deposit.fail';
        // The wallet's own book first, once: a second submit of the same checkout finds it settled.
        const settled = action === 'cancel' ? 'cancelled' : declined ? 'failed' : 'paid';
        if (!(await payments.settle(payment.order_no, settled, app.clock.iso()))) {
          const now = await payments.byOrderNo(payment.order_no);
          return result(reply, payment, now?.status === 'paid' ? 'paid' : 'closed');
        }
        const payload = gateway.callback(
          payment,
          declined ? 'FAILED' : 'SUCCESS',
          action === 'pay' ? mobile : undefined,
        );
        // A late webhook is an outbox row whose first try waits (webhooks.hold): it survives a restart and is
        // sent once by whichever process runs the retries, through the same claim as every try.
        if (fault?.kind === 'deposit.late') await webhooks.hold(payload, fault.delaySeconds ?? 60);
        if (fault?.kind === 'deposit.late' || fault?.kind === 'deposit.timeout') {
          request.log.info({ orderNo: payment.order_no, fault: fault.kind }, 'sandbox webhook held back by a fault');
          return result(reply, payment, 'processing');
        }
        // The gateway's webhook, over HTTP like a real one (in-process, so it needs no reachable address),
        // kept in the outbox and tried again while the casino does not take it (webhook.ts).
        const webhook = await webhooks.send(payload);
        // The duplicate is a second outbox row of the same webhook, tried (and retried) as the first is.
        if (fault?.kind === 'deposit.duplicate') await webhooks.send(payload);
        // What the merchant answered decides the page, as a real wallet shows the merchant's verdict; one
        // it has not taken yet shows the payment processing (the retries will settle it).
        if (webhook.outcome === 'retry') return result(reply, payment, 'processing');
        const answer = webhook.answer;
        const status =
          answer?.success && answer.data?.status === 1 ? 'paid' : action === 'cancel' ? 'cancelled' : 'failed';
        return result(reply, payment, status);
      });
    });
  },
  { name: 'payment-sandbox', dependencies: ['domains'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment sandbox's webhook deliveries (tests and the retry view). */
    paymentSandbox: { webhooks: WebhookDeliveries };
  }
}
