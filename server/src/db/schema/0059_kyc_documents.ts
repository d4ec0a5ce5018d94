import { sql } from '../builder';
import { dialect } from './dialect';
import type { SchemaMigration } from './index';

/**
 * KYC documents and deadline reminders (issue 29 item 2).
 *
 * kyc_documents: the player's current photo of each kind (ID front, ID back, selfie): the bytes themselves
 * (SQLite BLOB, PostgreSQL bytea), the content type read from their magic bytes, their size and sha256. One
 * row per player and kind (the unique key): a new upload replaces it while the identity is not verified.
 *
 * kyc_reminders: one row per reminder letter sent before the 7-day deadline (`kind` '3d' or '1d'). The
 * primary key is what makes a reminder go out once: two processes ticking at once both try the insert, one
 * wins, and only the winner writes the letter in the same transaction.
 */
export const kycDocuments: SchemaMigration = {
  version: 59,
  name: '0059_kyc_documents',
  up: (engine) => {
    const { table, index, integer, text, id } = dialect(engine);
    const bytes = engine === 'sqlite' ? 'blob' : 'bytea';
    return [
      table('kyc_documents', (t) =>
        t
          .addColumn('id', integer, id)
          .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
          .addColumn('kind', text, (c) => c.notNull().check(sql`kind IN ('idFront', 'idBack', 'selfie')`))
          .addColumn('content_type', text, (c) =>
            c.notNull().check(sql`content_type IN ('image/jpeg', 'image/png', 'image/webp')`),
          )
          .addColumn('bytes', bytes, (c) => c.notNull())
          .addColumn('size', integer, (c) => c.notNull())
          .addColumn('sha256', text, (c) => c.notNull())
          .addColumn('uploaded_at', text, (c) => c.notNull())
          .addUniqueConstraint('kyc_documents_user_kind', ['user_id', 'kind']),
      ),
      table(
        'kyc_reminders',
        (t) =>
          t
            .addColumn('user_id', integer, (c) => c.notNull().references('users.id'))
            .addColumn('kind', text, (c) => c.notNull().check(sql`kind IN ('3d', '1d')`))
            .addColumn('sent_at', text, (c) => c.notNull())
            .addPrimaryKeyConstraint('kyc_reminders_pkey', ['user_id', 'kind']),
        { withoutRowid: true },
      ),
      // The reminders look for players registered in a window of days (kyc repo's unremindedSince).
      index('users_created', 'users').columns(['created_at']).compile().sql,
    ];
  },
};
