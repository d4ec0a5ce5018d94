import type { SqlBool } from 'kysely';
import { sql } from '../builder';
import { dialect } from './dialect';
import type { SchemaMigration } from './index';

/**
 * The demo provider's shared crash rounds (issue 28 item 2): one round per cycle for every player of a crash
 * title, on the server clock, kept here so every process reads the same round (sandbox/provider/crash-room.ts).
 *
 * provider_crash_rounds: one row per (title, n), written insert-or-read on that key, so two processes that
 * both open round n agree on its seed and times. Times are epoch milliseconds: the betting phase opens at
 * starts_at, the flight starts at flight_at, the flight ends at crash_at (derived from the seed, never sent
 * before it passed). `point` (hundredths, the flight's end) and `state` 'crashed' are written once the crash
 * is revealed.
 *
 * provider_crash_bets: one bet per player per round (unique), each tied to its provider round (the wallet's
 * bet and win); `state` moves pending -> placed -> settled by conditional writes, so a bet settles once.
 */
export const crashRounds: SchemaMigration = {
  version: 61,
  name: '0061_crash_rounds',
  up: (engine) => {
    const { table, index, integer, text, id } = dialect(engine);
    return [
      table('provider_crash_rounds', (t) =>
        t
          .addColumn('id', integer, id)
          .addColumn('title', text, (c) => c.notNull())
          .addColumn('n', integer, (c) => c.notNull())
          .addColumn('server_seed', text, (c) => c.notNull())
          .addColumn('server_seed_hash', text, (c) => c.notNull().unique())
          .addColumn('client_seed', text, (c) => c.notNull())
          .addColumn('starts_at', integer, (c) => c.notNull())
          .addColumn('flight_at', integer, (c) => c.notNull())
          .addColumn('crash_at', integer, (c) => c.notNull())
          .addColumn('point', integer)
          .addColumn('state', text, (c) => c.defaultTo('open').notNull().check(sql`state IN ('open', 'crashed')`))
          .addColumn('created_at', text, (c) => c.notNull())
          .addUniqueConstraint('provider_crash_rounds_title_n_key', ['title', 'n']),
      ),
      index('provider_crash_rounds_open', 'provider_crash_rounds')
        .columns(['crash_at'])
        .where(sql<SqlBool>`state = 'open'`)
        .compile().sql,
      table('provider_crash_bets', (t) =>
        t
          .addColumn('id', integer, id)
          .addColumn('crash_round_id', integer, (c) => c.notNull().references('provider_crash_rounds.id'))
          .addColumn('player_id', integer, (c) => c.notNull())
          .addColumn('nickname', text, (c) => c.notNull())
          .addColumn('round_id', text, (c) => c.notNull().unique())
          .addColumn('stake', integer, (c) => c.notNull())
          .addColumn('target', integer)
          .addColumn('cashed_at', integer)
          .addColumn('win', integer, (c) => c.defaultTo(0).notNull())
          .addColumn('state', text, (c) =>
            c.defaultTo('pending').notNull().check(sql`state IN ('pending', 'placed', 'settled')`),
          )
          .addColumn('created_at', text, (c) => c.notNull())
          .addColumn('settled_at', text)
          .addUniqueConstraint('provider_crash_bets_round_player_key', ['crash_round_id', 'player_id']),
      ),
      index('provider_crash_bets_placed', 'provider_crash_bets')
        .columns(['crash_round_id'])
        .where(sql<SqlBool>`state = 'placed'`)
        .compile().sql,
    ];
  },
};
