import { sql } from '../builder';
import { dialect } from './dialect';
import type { SchemaMigration } from './index';

/**
 * Responsible gaming, the rest of issue 29 item 3 (docs/responsible-gaming.md): loss and wager limits per
 * Manila day, week and month (one row per player, kind and period, the same change rule as deposit_limits),
 * and the player's reality-check interval (responsible_settings: 0 off, 15, 30 or 60 minutes).
 *
 * The bet's launch query (play/repo.ts launchSelect) asks whether the player has any play_limits row in the
 * same statement (an EXISTS on this primary key's prefix): a player without such a limit costs the bet no
 * extra statement; only a limited player's bet reads the limits and the period's rounds.
 *
 * break_reminders: one row per break whose end was announced in the inbox (a few hours before a cool-off
 * ends), so each is sent once whatever the clock does; play_breaks stays never updated. play_breaks_until
 * finds the breaks ending soon without reading them all.
 */
export const playLimits: SchemaMigration = {
  version: 56,
  name: '0056_play_limits',
  up: (engine) => {
    const { table, index, integer, text } = dialect(engine);
    return [
      table('play_limits', (t) =>
        t
          .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
          .addColumn('kind', text, (c) => c.notNull().check(sql`kind IN ('loss', 'wager')`))
          .addColumn('period', text, (c) => c.notNull().check(sql`period IN ('day', 'week', 'month')`))
          .addColumn('amount', integer, (c) => c.check(sql`amount IS NULL OR amount > 0`))
          .addColumn('pending_amount', integer, (c) => c.check(sql`pending_amount IS NULL OR pending_amount > 0`))
          .addColumn('pending_at', text)
          .addColumn('updated_at', text, (c) => c.notNull())
          .addPrimaryKeyConstraint('play_limits_pkey', ['user_id', 'kind', 'period']),
      ),
      table('responsible_settings', (t) =>
        t
          .addColumn('user_id', integer, (c) => c.primaryKey().references('users.id'))
          .addColumn('reality_check_minutes', integer, (c) =>
            c.defaultTo(0).notNull().check(sql`reality_check_minutes IN (0, 15, 30, 60)`),
          )
          .addColumn('updated_at', text, (c) => c.notNull()),
      ),
      table('break_reminders', (t) =>
        t
          .addColumn('break_id', integer, (c) => c.primaryKey().references('play_breaks.id'))
          .addColumn('sent_at', text, (c) => c.notNull()),
      ),
      index('play_breaks_until', 'play_breaks').columns(['until']).compile().sql,
    ];
  },
};
