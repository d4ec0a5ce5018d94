import { dialect } from './dialect';
import type { SchemaMigration } from './index';

/**
 * The game provider's shared fishing ponds (issue 28 item 3).
 *
 * provider_ponds: one committed pond seed per fishing title, written once (insert-or-read), so every
 * process draws the same waves of fish from it on the server clock (docs/games.md, "Fishing").
 *
 * provider_pond_seats: who sits at a title's pond (the page polls about once a second): the player's masked
 * nickname, the bet level of their cannon, when they were last seen, their last shots (JSON, newest first:
 * the fish aimed at, caught or not, the win, and the page's shot id, which a replay reuses), and
 * `busy_until`, the claim of the one shot a player may have in flight (a conditional update, so two tabs or
 * two processes never fire two at once).
 */
export const fishingPond: SchemaMigration = {
  version: 63,
  name: '0063_fishing_pond',
  up: (engine) => {
    const { table, index, integer, text } = dialect(engine);
    return [
      table(
        'provider_ponds',
        (t) =>
          t
            .addColumn('title', text, (c) => c.primaryKey())
            .addColumn('seed', text, (c) => c.notNull())
            .addColumn('seed_hash', text, (c) => c.notNull())
            .addColumn('created_at', text, (c) => c.notNull()),
        { withoutRowid: true },
      ),
      table(
        'provider_pond_seats',
        (t) =>
          t
            .addColumn('title', text, (c) => c.notNull())
            .addColumn('player_id', integer, (c) => c.notNull())
            .addColumn('nickname', text, (c) => c.notNull())
            .addColumn('level', integer, (c) => c.notNull())
            .addColumn('seen_at', text, (c) => c.notNull())
            .addColumn('busy_until', text)
            .addColumn('shots', text, (c) => c.defaultTo('[]').notNull())
            .addPrimaryKeyConstraint('provider_pond_seats_pk', ['title', 'player_id']),
        { withoutRowid: true },
      ),
      index('provider_pond_seats_seen', 'provider_pond_seats').columns(['title', 'seen_at']).compile().sql,
    ];
  },
};
