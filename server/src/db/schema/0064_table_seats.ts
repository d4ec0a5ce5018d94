import { dialect } from './dialect';
import type { SchemaMigration } from './index';

/**
 * One bet per player per shared-table cycle, across processes (issue 28 item 2, found by the review): the
 * rule was a set in one process's memory, so with two processes a player could put heads on one and tails
 * on the other in the same cycle (hedged turnover for wagering, and past the per-draw stake cap). The bet's
 * transaction now inserts the player's seat for the cycle; a second bet of the same cycle, on any process,
 * finds it taken. A bet the wallet refused gives its seat back.
 */
export const tableSeats: SchemaMigration = {
  version: 64,
  name: '0064_table_seats',
  up: (engine) => {
    const { table, integer, text } = dialect(engine);
    return [
      table(
        'provider_table_seats',
        (t) =>
          t
            .addColumn('title', text, (c) => c.notNull())
            .addColumn('n', integer, (c) => c.notNull())
            .addColumn('player_id', integer, (c) => c.notNull())
            .addColumn('round_id', text, (c) => c.notNull())
            .addPrimaryKeyConstraint('provider_table_seats_pk', ['title', 'n', 'player_id']),
        { withoutRowid: true },
      ),
    ];
  },
};
