import type { Selectable } from 'kysely';
import { param, prepareQuery, sql } from '../db/builder';
import type { DB } from '../db/builder/tables';
import type { Db } from '../db/database';

export type SandboxPayment = Selectable<DB['sandbox_payments']>;
/** What a payment may become from open: the wallet paid or declined it, the payer or the merchant cancelled it. */
export type SettledStatus = 'paid' | 'failed' | 'cancelled';

/**
 * The payment sandbox's own book (table sandbox_payments, migration 0054): the payments the casino created
 * through the gateway API, as a real gateway keeps its records apart from the merchant's. The checkout page
 * reads only these rows.
 */
export function createSandboxPaymentRepo(db: Db) {
  // Idempotent on the order number: a second creation of the same order keeps the first row (and its token).
  const insert = prepareQuery(db, (b) =>
    b
      .insertInto('sandbox_payments')
      .values({
        order_no: param<string>('orderNo'),
        amount: param<number>('amount'),
        brand: param<SandboxPayment['brand']>('brand'),
        merchant_name: param<string>('merchantName'),
        player_ref: param<string>('playerRef'),
        token: param<string>('token'),
        expires_at: param<string>('expiresAt'),
        created_at: param<string>('now'),
        updated_at: param<string>('now'),
      })
      .onConflict((oc) => oc.column('order_no').doNothing()),
  );
  const byOrderNo = prepareQuery(db, (b) =>
    b.selectFrom('sandbox_payments').selectAll().where('order_no', '=', param<string>('orderNo')),
  );
  // Only an open payment moves, once: two submits of one checkout cannot both pay it; nor one past its own
  // expiry (the page checked it, but a slow submit may cross it after the check).
  const settle = prepareQuery(db, (b) =>
    b
      .updateTable('sandbox_payments')
      .set({ status: param<SettledStatus>('status'), updated_at: param<string>('now') })
      .where('order_no', '=', param<string>('orderNo'))
      .where('status', '=', sql.lit('open'))
      .where('expires_at', '>', param<string>('now')),
  );

  return {
    /** Creates the payment unless one of this order number exists; answers the stored one either way. */
    async open(p: {
      orderNo: string;
      amount: number;
      brand: SandboxPayment['brand'];
      merchantName: string;
      playerRef: string;
      token: string;
      expiresAt: string;
      now: string;
    }): Promise<{ payment: SandboxPayment; created: boolean }> {
      const created = (await insert.run(p)).changes === 1;
      const payment = await byOrderNo.get({ orderNo: p.orderNo });
      if (!payment) throw new Error(`sandbox payment ${p.orderNo} was not stored`);
      return { payment, created };
    },
    byOrderNo: (orderNo: string): Promise<SandboxPayment | undefined> => byOrderNo.get({ orderNo }),
    /** Moves an open payment to `status`; false when it was no longer open. */
    settle: async (orderNo: string, status: SettledStatus, now: string) =>
      (await settle.run({ orderNo, status, now })).changes === 1,
  };
}

export type SandboxPaymentRepo = ReturnType<typeof createSandboxPaymentRepo>;
