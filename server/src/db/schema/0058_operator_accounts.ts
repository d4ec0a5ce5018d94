import { sql } from '../builder';
import { dialect } from './dialect';
import type { SchemaMigration } from './index';

/**
 * Named operator accounts (issue 29 item 1) and their back-office sessions, separate from players'.
 *
 * operators: an argon2id password hash, a TOTP secret (RFC 6238, base32) that counts only once
 * `totp_enrolled` (the first sign-in proves one code), the last TOTP step used (a code is good once: a
 * replay within its 30 s is refused; the update is conditional on a smaller step, so two racing sign-ins
 * with the same code cannot both pass), a role, a disabled flag, and `auth_version`, raised by a password or
 * 2FA reset so every session started before it ends.
 *
 * operator_sessions: opaque tokens stored as sha256, with idle (last_seen_at) and absolute (expires_at)
 * time-outs; a session is good only while its operator is enabled and its auth_version is the operator's.
 */
export const operatorAccounts: SchemaMigration = {
  version: 58,
  name: '0058_operator_accounts',
  up: (engine) => {
    const { table, index, integer, text, id } = dialect(engine);
    return [
      table('operators', (t) =>
        t
          .addColumn('id', integer, id)
          .addColumn('name', text, (c) => c.notNull().unique())
          .addColumn('password_hash', text, (c) => c.notNull())
          .addColumn('totp_secret', text, (c) => c.notNull())
          .addColumn('totp_enrolled', integer, (c) => c.defaultTo(0).notNull())
          .addColumn('totp_last_step', integer, (c) => c.defaultTo(0).notNull())
          .addColumn('role', text, (c) =>
            c.notNull().check(sql`role IN ('support', 'cashier', 'risk', 'admin', 'tester')`),
          )
          .addColumn('disabled', integer, (c) => c.defaultTo(0).notNull())
          .addColumn('auth_version', integer, (c) => c.defaultTo(1).notNull())
          .addColumn('created_at', text, (c) => c.notNull())
          .addColumn('last_login_at', text),
      ),
      // Names are unique whatever their case: "Ana" cannot be created beside "ana".
      index('operators_name_nocase', 'operators').expression(sql`lower(name)`).unique().compile().sql,
      table('operator_sessions', (t) =>
        t
          .addColumn('id', integer, id)
          .addColumn('operator_id', integer, (c) => c.notNull().references('operators.id'))
          .addColumn('token_hash', text, (c) => c.notNull().unique())
          .addColumn('auth_version', integer, (c) => c.notNull())
          .addColumn('created_at', text, (c) => c.notNull())
          .addColumn('last_seen_at', text, (c) => c.notNull())
          .addColumn('expires_at', text, (c) => c.notNull())
          .addColumn('revoked_at', text)
          .addColumn('revoke_reason', text)
          .addColumn('ip', text, (c) => c.defaultTo('').notNull()),
      ),
      index('operator_sessions_operator', 'operator_sessions').columns(['operator_id', 'revoked_at']).compile().sql,
    ];
  },
};
