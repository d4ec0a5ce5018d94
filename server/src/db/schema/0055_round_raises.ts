import { sql } from '../builder';
import { dialect } from './dialect';
import type { SchemaMigration } from './index';

/**
 * A second stake on an open round (`POST /api/provider/wallet/raise`: blackjack's double, split and
 * insurance): one row per raise, so a rollback of the raise refunds exactly it and a rollback of the round's
 * bet finds every raise the round still holds (index by round). The raise's wallet transaction is recorded
 * in wallet_transactions as kind 'bet' (a debit on the round): widening that table's CHECK would rebuild
 * SQLite's largest table, and this row tells a raise from the bet that opened its round.
 *
 * The provider's side: `provider_rounds.raise_pending`, the transaction id of a raise sent to the wallet
 * whose action is not written yet. One at a time per round (the claim is conditional on none), no other
 * action is written meanwhile, and `recover` rolls back a raise a crash left pending: no stake is kept for
 * an action that was not applied.
 */
export const roundRaises: SchemaMigration = {
  version: 55,
  name: '0055_round_raises',
  up: (engine) => {
    const { table, index, integer, text, id } = dialect(engine);
    return [
      table('round_raises', (t) =>
        t
          .addColumn('id', integer, id)
          .addColumn('transaction_id', text, (c) => c.notNull().unique())
          .addColumn('round_id', text, (c) => c.notNull())
          .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
          .addColumn('amount', integer, (c) => c.notNull().check(sql`amount > 0`))
          // What it counted toward wagering and rewards: its rollback takes back exactly this.
          .addColumn('turnover', integer, (c) => c.notNull().check(sql`turnover >= 0`))
          .addColumn('status', text, (c) => c.defaultTo('taken').notNull().check(sql`status IN ('taken', 'refunded')`))
          .addColumn('created_at', text, (c) => c.notNull())
          .addColumn('refunded_at', text),
      ),
      index('round_raises_round', 'round_raises').columns(['round_id']).compile().sql,
      'ALTER TABLE provider_rounds ADD COLUMN raise_pending text',
    ];
  },
};
