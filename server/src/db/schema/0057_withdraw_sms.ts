import { sql } from '../builder';
import { dialect } from './dialect';
import type { SchemaMigration } from './index';

/**
 * The withdrawal's SMS code (issue 29 item 6): `sms_messages` takes the purpose `withdraw`, and
 * `session_id`, the session that asked for a code bound to it (a withdrawal code is good only in the
 * session that asked for it: a session ended, a password changed (the session rotates) or another device
 * leaves the code dead). SQLite cannot change a CHECK in place: the small outbox table is rebuilt
 * (nothing references it); PostgreSQL swaps the column's named constraint.
 */
export const withdrawSms: SchemaMigration = {
  version: 57,
  name: '0057_withdraw_sms',
  up: (engine) => {
    const { table, index, integer, text, id, perEngine } = dialect(engine);
    const purposes = "purpose IN ('bind', 'resetLoginPwd', 'resetTradePwd', 'withdraw')";
    const columns = 'id, phone, purpose, user_id, code, text, ip, attempts, created_at, expires_at, used_at';
    return perEngine({
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
        'ALTER TABLE sms_messages ADD COLUMN session_id bigint',
      ],
    });
  },
};
