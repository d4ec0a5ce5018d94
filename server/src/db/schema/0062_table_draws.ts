import { dialect } from './dialect';
import type { SchemaMigration } from './index';

/**
 * The demo provider's shared dealer tables keep their draws (issue 28 item 2): one row per table title and
 * cycle `n` (the server clock's 20 s cycle number). The row is written insert-or-ignore when the cycle is
 * first needed, with a fresh server seed whose hash is the cycle's commitment, so every process takes the
 * seed from the row and two processes never draw a cycle differently; the draw (`draw`, the record line,
 * and `facts`, the outcome the pages need as JSON) is written once, conditional on `drawn_at` being null,
 * when the cycle's bets close. The seed is shown only once drawn. `has_bets` marks a cycle a bet was placed
 * on (set in the bet's own transaction, refused once drawn): pruning to the last draws per table keeps
 * those rows, whose seeds verify the rounds.
 */
export const tableDraws: SchemaMigration = {
  version: 62,
  name: '0062_table_draws',
  up: (engine) => {
    const { table, index, integer, text } = dialect(engine);
    return [
      table(
        'provider_table_draws',
        (t) =>
          t
            .addColumn('title', text, (c) => c.notNull())
            .addColumn('n', integer, (c) => c.notNull())
            .addColumn('server_seed', text, (c) => c.notNull())
            .addColumn('server_seed_hash', text, (c) => c.notNull())
            .addColumn('client_seed', text, (c) => c.notNull())
            .addColumn('nonce', integer, (c) => c.notNull())
            .addColumn('draw', text)
            .addColumn('facts', text)
            .addColumn('has_bets', integer, (c) => c.defaultTo(0).notNull())
            .addColumn('opened_at', text, (c) => c.notNull())
            .addColumn('drawn_at', text)
            .addPrimaryKeyConstraint('provider_table_draws_pk', ['title', 'n']),
        { withoutRowid: true },
      ),
      index('provider_table_draws_seed', 'provider_table_draws').columns(['server_seed_hash']).compile().sql,
    ];
  },
};
