import type { Selectable } from 'kysely';
import { param, prepareQuery, sql } from '../db/builder';
import type { DB } from '../db/builder/tables';
import type { Db } from '../db/database';

export type SandboxWebhook = Selectable<DB['sandbox_webhooks']>;
/** Where a delivery ends: answered, refused for good by the casino, or given up after the last try. */
export type WebhookEnd = 'delivered' | 'refused' | 'abandoned';

/**
 * The payment sandbox's webhook outbox (table sandbox_webhooks, migration 0065): every webhook is written
 * before its first try and tried again until the casino answers it (webhook.ts). A try is claimed by a
 * conditional update on `attempts`: of two processes (or a retry and the request's own first try) only one
 * sends each try.
 */
export function createSandboxWebhookRepo(db: Db) {
  const insert = prepareQuery(db, (b) =>
    b
      .insertInto('sandbox_webhooks')
      .values({
        order_no: param<string>('orderNo'),
        payload: param<string>('payload'),
        next_at: param<string>('nextAt'),
        created_at: param<string>('now'),
        updated_at: param<string>('now'),
      })
      .returning('id'),
  );
  const byId = prepareQuery(db, (b) =>
    b.selectFrom('sandbox_webhooks').selectAll().where('id', '=', param<number>('id')),
  );
  const due = prepareQuery(db, (b) =>
    b
      .selectFrom('sandbox_webhooks')
      .selectAll()
      .where('status', '=', sql.lit('pending'))
      .where('next_at', '<=', param<string>('now'))
      .orderBy('next_at')
      .limit(50),
  );
  const pending = prepareQuery(db, (b) =>
    b.selectFrom('sandbox_webhooks').selectAll().where('status', '=', sql.lit('pending')).orderBy('next_at'),
  );
  // A try is ours when the row is still pending at the attempt count we read: the count moves on with the
  // claim, and `next_at` moves past the try (so a crash during it is tried again then, not at once).
  const claim = prepareQuery(db, (b) =>
    b
      .updateTable('sandbox_webhooks')
      .set((e) => ({
        attempts: e('attempts', '+', sql.lit(1)),
        next_at: param<string>('nextAt'),
        updated_at: param<string>('now'),
      }))
      .where('id', '=', param<number>('id'))
      .where('status', '=', sql.lit('pending'))
      .where('attempts', '=', param<number>('attempts')),
  );
  const abandoned = prepareQuery(db, (b) =>
    b
      .selectFrom('sandbox_webhooks')
      .selectAll()
      .where('status', '=', sql.lit('abandoned'))
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(200),
  );
  const latestOf = prepareQuery(db, (b) =>
    b
      .selectFrom('sandbox_webhooks')
      .selectAll()
      .where('order_no', '=', param<string>('orderNo'))
      .orderBy('id', 'desc')
      .limit(1),
  );
  // A resend takes an abandoned delivery back: pending again, its first new try claimed by this very update
  // (attempts 1), so of two presses (or two processes) only one sends it.
  const revive = prepareQuery(db, (b) =>
    b
      .updateTable('sandbox_webhooks')
      .set({
        status: sql.lit('pending'),
        attempts: sql.lit(1),
        next_at: param<string>('nextAt'),
        updated_at: param<string>('now'),
      })
      .where('id', '=', param<number>('id'))
      .where('status', '=', sql.lit('abandoned')),
  );
  const note = prepareQuery(db, (b) =>
    b
      .updateTable('sandbox_webhooks')
      .set({ last_answer: param<string>('answer'), updated_at: param<string>('now') })
      .where('id', '=', param<number>('id')),
  );
  const end = prepareQuery(db, (b) =>
    b
      .updateTable('sandbox_webhooks')
      .set({
        status: param<WebhookEnd>('status'),
        last_answer: param<string>('answer'),
        updated_at: param<string>('now'),
      })
      .where('id', '=', param<number>('id'))
      .where('status', '=', sql.lit('pending')),
  );

  return {
    /** Writes a webhook to deliver, its first try claimed already (attempts 1, next try at `nextAt`). */
    async add(p: { orderNo: string; payload: string; nextAt: string; now: string }): Promise<SandboxWebhook> {
      const row = await insert.get(p);
      const id = Number(row?.id);
      await claim.run({ id, attempts: 0, nextAt: p.nextAt, now: p.now });
      const stored = await byId.get({ id });
      if (!stored) throw new Error(`sandbox webhook of ${p.orderNo} was not stored`);
      return stored;
    },
    /**
     * Writes a webhook whose first try waits until `dueAt` (fault deposit.late): the retries send it when due,
     * claimed like any try, so a restart or a second process neither loses nor doubles it.
     */
    async hold(p: { orderNo: string; payload: string; dueAt: string; now: string }): Promise<SandboxWebhook> {
      // Pending with no try yet: the row as `add` writes it, without the claim of its first try.
      const row = await insert.get({ orderNo: p.orderNo, payload: p.payload, nextAt: p.dueAt, now: p.now });
      const stored = await byId.get({ id: Number(row?.id) });
      if (!stored) throw new Error(`sandbox webhook of ${p.orderNo} was not stored`);
      return stored;
    },
    due: (now: string) => due.all({ now }),
    pending: () => pending.all({}),
    /** Claims the next try of a delivery read at `attempts`; false when another process (or try) has it. */
    claim: async (id: number, attempts: number, nextAt: string, now: string) =>
      (await claim.run({ id, attempts, nextAt, now })).changes === 1,
    /** The deliveries given up after the last try, the latest first (at most 200). */
    abandoned: () => abandoned.all({}),
    /** The latest delivery of an order (a duplicate makes two), or undefined. */
    latestOf: (orderNo: string) => latestOf.get({ orderNo }),
    /** Takes an abandoned delivery back for a resend, its first try claimed; false when it was not abandoned. */
    revive: async (id: number, nextAt: string, now: string) => (await revive.run({ id, nextAt, now })).changes === 1,
    /** Records what the casino answered a try that will be tried again. */
    note: (id: number, answer: string, now: string) => note.run({ id, answer, now }),
    /** Ends a pending delivery; false when it had ended already. */
    end: async (id: number, status: WebhookEnd, answer: string, now: string) =>
      (await end.run({ id, status, answer, now })).changes === 1,
  };
}

export type SandboxWebhookRepo = ReturnType<typeof createSandboxWebhookRepo>;
