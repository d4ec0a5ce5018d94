import type { FastifyInstance } from 'fastify';
import { Code } from '../../../shared/codes';
import type { gatewayClient } from './gateway-client';
import type { SandboxWebhook, SandboxWebhookRepo, WebhookEnd } from './webhook-repo';

/**
 * The waits before each retry of a webhook the casino did not take, in seconds of the app clock (so a
 * tester's clock drives them): 10 s, 30 s, 2 min, 10 min, 1 h, then hourly until the last try.
 */
export const WEBHOOK_RETRY_SECONDS = [10, 30, 120, 600, 3600] as const;
/** Tries in all (the first included): the schedule, then hourly, about a day after the first try. */
export const WEBHOOK_MAX_TRIES = 30;

/** What a try came to: the casino took it, refused it for good, or may take it later (tried again). */
export type TryOutcome = 'delivered' | 'refused' | 'retry';

/** Envelope codes that say "not now" rather than "no": the webhook is tried again. */
const TRANSIENT = new Set<number>([Code.INTERNAL, Code.SERVICE_UNAVAILABLE, Code.RATE_LIMITED]);

type Gateway = ReturnType<typeof gatewayClient>;
type Payload = Parameters<Gateway['deliver']>[0];
type Answer = { success?: unknown; code?: unknown; data?: { status?: number } | null };

/** The wait after try `tries` (1 = the first) before the next one. */
export const retryDelaySeconds = (tries: number) =>
  WEBHOOK_RETRY_SECONDS[Math.min(tries, WEBHOOK_RETRY_SECONDS.length) - 1] ?? 3600;

/**
 * Reads the casino's answer as a gateway does: its envelope's success is delivered; a business refusal
 * (unknown order, wrong amount or signature, bad fields: an envelope failure below HTTP 500) is final; a
 * 5xx, a rate limit, a body that is not the envelope, or no answer at all is tried again.
 */
export function outcomeOf(status: number | undefined, answer: Answer | undefined): TryOutcome {
  if (status === undefined || answer === undefined || typeof answer.success !== 'boolean') return 'retry';
  if (status >= 500 || status === 429) return 'retry';
  if (answer.success) return 'delivered';
  return TRANSIENT.has(Number(answer.code)) ? 'retry' : 'refused';
}

/**
 * The gateway's webhook deliveries with retries (docs/money.md, "Webhook retries"). Each webhook is written
 * to the sandbox's outbox (sandbox_webhooks) before its first try, so one the casino did not take survives a
 * restart; `retryDue` sends the tries that came due, each claimed first (a conditional update on the row's
 * attempt count) so two processes, or a retry and a late first try, never send the same try twice. The
 * casino's webhook is idempotent on the order anyway: a second delivery of a settled order moves nothing.
 */
export function webhookDeliveries(app: FastifyInstance, deps: { repo: SandboxWebhookRepo; gateway: Gateway }) {
  const { repo, gateway } = deps;
  const nextAt = (tries: number) => new Date(app.clock.nowMs() + retryDelaySeconds(tries) * 1000).toISOString();

  /** Sends try number `tries` of a delivery already claimed, and records where it stands. */
  async function attempt(row: Pick<SandboxWebhook, 'id' | 'order_no' | 'payload'>, tries: number) {
    let status: number | undefined;
    let answer: Answer | undefined;
    let text = '';
    try {
      const response = await gateway.deliver(JSON.parse(row.payload) as Payload);
      status = response.statusCode;
      text = response.body.slice(0, 500);
      answer = response.json() as Answer;
    } catch (err) {
      text ||= `no answer: ${(err as Error).message}`.slice(0, 500);
    }
    const outcome = outcomeOf(status, answer);
    const now = app.clock.iso();
    const recorded = `${status ?? '-'} ${text}`;
    if (outcome === 'retry' && tries < WEBHOOK_MAX_TRIES) await repo.note(row.id, recorded, now);
    else {
      const end: WebhookEnd = outcome === 'retry' ? 'abandoned' : outcome;
      await repo.end(row.id, end, recorded, now);
    }
    app.log[outcome === 'delivered' ? 'info' : 'warn'](
      { orderNo: row.order_no, tries, outcome, status },
      'sandbox webhook try',
    );
    return { outcome, answer };
  }

  let running: Promise<unknown> = Promise.resolve();
  async function retryOnce() {
    let sent = 0;
    for (const row of await repo.due(app.clock.iso())) {
      const tries = row.attempts + 1;
      if (!(await repo.claim(row.id, row.attempts, nextAt(tries), app.clock.iso()))) continue;
      sent += 1;
      await attempt(row, tries);
    }
    return sent;
  }

  return {
    /**
     * The webhook's first try, written to the outbox first: answers what the casino said (undefined when it
     * said nothing usable) and whether it will be tried again.
     */
    async send(payload: Payload) {
      const row = await repo.add({
        orderNo: payload.orderNo,
        payload: JSON.stringify(payload),
        nextAt: nextAt(1),
        now: app.clock.iso(),
      });
      return attempt(row, 1);
    },
    /**
     * Holds the webhook back (fault deposit.late): written to the outbox with no try yet, its first try due
     * `delaySeconds` of the app clock from now, then sent and retried as any other.
     */
    async hold(payload: Payload, delaySeconds: number) {
      const row = await repo.hold({
        orderNo: payload.orderNo,
        payload: JSON.stringify(payload),
        dueAt: new Date(app.clock.nowMs() + delaySeconds * 1000).toISOString(),
        now: app.clock.iso(),
      });
      return { orderNo: row.order_no, status: payload.status, dueAt: row.next_at };
    },
    /** Sends every try that came due (runs of this process one after another); answers how many it sent. */
    retryDue(): Promise<number> {
      const run = running.then(retryOnce);
      running = run.catch(() => undefined);
      return run;
    },
    /** The deliveries given up after the last try (WEBHOOK_MAX_TRIES), the latest first. */
    abandoned: () => repo.abandoned(),
    /**
     * The merchant asks for an abandoned webhook again (a gateway's "resend" button): the order's latest
     * delivery, when abandoned, is taken back (claimed by one update: of two presses only one sends), tried
     * at once and, if the casino still does not take it, retried on the schedule from the start. Answers what
     * became of it: `resent` with the try's outcome, or the delivery's status when it was not abandoned
     * (pressed twice: `delivered` or `pending`), or `none` when the order has no webhook at all.
     */
    async resend(
      orderNo: string,
    ): Promise<{ result: 'resent' | SandboxWebhook['status'] | 'none'; outcome?: TryOutcome }> {
      const row = await repo.latestOf(orderNo);
      if (!row) return { result: 'none' };
      if (row.status !== 'abandoned' || !(await repo.revive(row.id, nextAt(1), app.clock.iso())))
        return { result: (await repo.latestOf(orderNo))?.status ?? row.status };
      const { outcome } = await attempt(row, 1);
      return { result: 'resent', outcome };
    },
    /** The deliveries still to be tried, soonest first. */
    pending: () => repo.pending(),
  };
}

export type WebhookDeliveries = ReturnType<typeof webhookDeliveries>;
