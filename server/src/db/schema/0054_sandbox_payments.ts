import { sql } from '../builder';
import { dialect } from './dialect';
import type { SchemaMigration } from './index';

/**
 * The payment sandbox's own book (server/src/sandbox/payment-repo.ts): one row per payment the casino
 * created through the gateway API (POST /sandbox/gateway/payments), read by the checkout page instead of
 * the casino's deposits, as a real gateway keeps its own records. Amounts in centavos (the total to pay);
 * `expired` is never stored: an open payment past `expires_at` on the app clock is shown expired.
 */
export const sandboxPayments: SchemaMigration = {
  version: 54,
  name: '0054_sandbox_payments',
  up: (engine) => {
    const { table, integer, text, id } = dialect(engine);
    return [
      table('sandbox_payments', (t) =>
        t
          .addColumn('id', integer, id)
          .addColumn('order_no', text, (c) => c.notNull().unique())
          .addColumn('amount', integer, (c) => c.notNull().check(sql`amount > 0`))
          .addColumn('brand', text, (c) => c.notNull().check(sql`brand IN ('gcash', 'maya')`))
          .addColumn('merchant_name', text, (c) => c.notNull())
          .addColumn('player_ref', text, (c) => c.notNull())
          .addColumn('token', text, (c) => c.notNull())
          .addColumn('status', text, (c) =>
            c.defaultTo('open').notNull().check(sql`status IN ('open', 'paid', 'failed', 'cancelled')`),
          )
          .addColumn('expires_at', text, (c) => c.notNull())
          .addColumn('created_at', text, (c) => c.notNull())
          .addColumn('updated_at', text, (c) => c.notNull()),
      ),
    ];
  },
};
