import type { Db } from '../../db/database';

export type SmsPurpose = 'bind' | 'resetLoginPwd' | 'resetTradePwd';

export interface SmsRow {
  id: number;
  phone: string;
  purpose: SmsPurpose;
  user_id: number | null;
  code: string;
  text: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export function createSmsRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO sms_messages (phone, purpose, user_id, code, text, ip, created_at, expires_at)
     VALUES (@phone, @purpose, @userId, @code, @text, @ip, @now, @expiresAt)
     RETURNING id`,
  );
  const latest = db.prepare('SELECT * FROM sms_messages WHERE phone = ? AND purpose = ? ORDER BY id DESC LIMIT 1');
  const addAttempt = db.prepare('UPDATE sms_messages SET attempts = attempts + 1 WHERE id = ?');
  const markUsed = db.prepare('UPDATE sms_messages SET used_at = ? WHERE id = ? AND used_at IS NULL');
  const recent = db.prepare(
    `SELECT * FROM sms_messages WHERE (@phone = '' OR phone = @phone) ORDER BY id DESC LIMIT @limit`,
  );

  return {
    insert: async (row: {
      phone: string;
      purpose: SmsPurpose;
      userId: number | null;
      code: string;
      text: string;
      ip: string;
      now: string;
      expiresAt: string;
    }) => ((await insert.get(row)) as { id: number }).id,
    latest: (phone: string, purpose: SmsPurpose) => latest.get(phone, purpose) as Promise<SmsRow | undefined>,
    addAttempt: (id: number) => addAttempt.run(id),
    /** Marks a code used; false when it already was (a concurrent use). */
    markUsed: async (id: number, now: string) => (await markUsed.run(now, id)).changes > 0,
    recent: (phone: string, limit: number) => recent.all({ phone, limit }) as Promise<SmsRow[]>,
  };
}
