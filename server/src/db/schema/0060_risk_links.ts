import { sql } from '../builder';
import { dialect } from './dialect';
import type { SchemaMigration } from './index';

/**
 * Risk (issue 29 item 4): the sign-up's SMS code and the operators' flags and notes on players.
 *
 * `sms_messages` takes the purpose `register` (a code texted to the number a new account signs up with).
 * SQLite cannot change a CHECK in place: the small outbox table is rebuilt (nothing references it), as 0057
 * did; PostgreSQL swaps the column's named constraint.
 *
 * risk_settings: the risk domain's operator settings by key (`signUpSmsCode`, on unless set to 0).
 * player_flags: a flag set on a player by an operator with a reason, cleared later (who, when, why) but kept;
 * at most one flag of a kind in force per player (the partial unique index: two operators setting the same
 * flag at once give one row). player_notes: free-text notes, who and when, never edited.
 */
export const riskLinks: SchemaMigration = {
  version: 60,
  name: '0060_risk_links',
  up: (engine) => {
    const { table, index, integer, text, id, perEngine } = dialect(engine);
    const purposes = "purpose IN ('bind', 'resetLoginPwd', 'resetTradePwd', 'withdraw', 'register')";
    const columns =
      'id, phone, purpose, user_id, code, text, ip, attempts, created_at, expires_at, used_at, session_id';
    return [
      ...perEngine({
        sqlite: [
          table('sms_messages_new', (t) =>
            t
              .addColumn('id', integer, id)
              .addColumn('phone', text, (c) => c.notNull())
              .addColumn('purpose', text, (c) => c.notNull().check(sql.raw(purposes)))
              .addColumn('user_id', integer, (c) => c.references('users.id'))
              .addColumn('code', text, (c) => c.notNull())
              .addColumn('text', text, (c) => c.notNull())
              .addColumn('ip', text, (c) => c.defaultTo('').notNull())
              .addColumn('attempts', integer, (c) => c.defaultTo(0).notNull())
              .addColumn('created_at', text, (c) => c.notNull())
              .addColumn('expires_at', text, (c) => c.notNull())
              .addColumn('used_at', text)
              .addColumn('session_id', integer),
          ),
          `INSERT INTO sms_messages_new (${columns}) SELECT ${columns} FROM sms_messages`,
          'DROP TABLE sms_messages',
          'ALTER TABLE sms_messages_new RENAME TO sms_messages',
          index('sms_messages_phone', 'sms_messages').columns(['phone', 'purpose', 'created_at']).compile().sql,
        ],
        postgres: [
          'ALTER TABLE sms_messages DROP CONSTRAINT sms_messages_purpose_check',
          `ALTER TABLE sms_messages ADD CONSTRAINT sms_messages_purpose_check CHECK (${purposes})`,
        ],
      }),
      table('risk_settings', (t) =>
        t.addColumn('key', text, (c) => c.primaryKey()).addColumn('value', integer, (c) => c.notNull()),
      ),
      table('player_flags', (t) =>
        t
          .addColumn('id', integer, id)
          .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
          .addColumn('flag', text, (c) =>
            c.notNull().check(sql`flag IN ('bonus_abuse', 'multi_account', 'fraud', 'watch')`),
          )
          .addColumn('reason', text, (c) => c.notNull())
          .addColumn('set_by', text, (c) => c.notNull())
          .addColumn('set_at', text, (c) => c.notNull())
          .addColumn('cleared_by', text)
          .addColumn('cleared_at', text)
          .addColumn('clear_reason', text),
      ),
      index('player_flags_in_force', 'player_flags')
        .columns(['user_id', 'flag'])
        .unique()
        .where(sql.ref('cleared_at'), 'is', null)
        .compile().sql,
      table('player_notes', (t) =>
        t
          .addColumn('id', integer, id)
          .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
          .addColumn('body', text, (c) => c.notNull())
          .addColumn('operator', text, (c) => c.notNull())
          .addColumn('created_at', text, (c) => c.notNull()),
      ),
      index('player_notes_user', 'player_notes').columns(['user_id', 'id']).compile().sql,
      // The linked-accounts view looks players up by these facts.
      index('users_register_device', 'users').columns(['register_device']).compile().sql,
      index('users_register_ip', 'users').columns(['register_ip']).compile().sql,
      index('sessions_device', 'sessions').columns(['device_id']).compile().sql,
      index('sessions_ip', 'sessions').columns(['ip']).compile().sql,
      index('user_wallets_number', 'user_wallets').columns(['account']).compile().sql,
      index('withdrawals_wallet', 'withdrawals').columns(['wallet_account']).compile().sql,
      // Payee names are compared without case or outer spaces: the same expression, indexed.
      index('user_wallets_payee', 'user_wallets').expression(sql`lower(trim(name))`).compile().sql,
      index('withdrawals_payee', 'withdrawals').expression(sql`lower(trim(wallet_name))`).compile().sql,
      // A player's flags, in force and cleared (the Linked view's history).
      index('player_flags_user', 'player_flags').columns(['user_id', 'id']).compile().sql,
    ];
  },
};
