import type { Db } from '../../db/database';
import type { LetterText } from './templates';

export type LetterType = 'system' | 'notice' | 'reward';

export interface LetterRow {
  id: number;
  user_id: number;
  type: LetterType;
  template: string;
  reference: string;
  send_id: number | null;
  title_en: string;
  title_vi: string;
  content_en: string;
  content_vi: string;
  rewards: string;
  read_at: string | null;
  claimed_at: string | null;
  deleted_at: string | null;
  created_at: string;
}

export interface SendRow {
  id: number;
  audience: 'player' | 'all';
  user_id: number | null;
  uid: number | null;
  type: LetterType;
  title_en: string;
  title_vi: string;
  content_en: string;
  content_vi: string;
  rewards: string;
  recipients: number;
  read: number;
  claimed: number;
  valid_until: string | null;
  created_at: string;
}

export interface NewLetter extends LetterText {
  userId: number;
  type: LetterType;
  template: string;
  reference: string;
  rewards: string;
  now: string;
}

const LIVE = 'user_id = @userId AND deleted_at IS NULL';

export function createInboxRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO letters (user_id, type, template, reference, title_en, title_vi, content_en, content_vi, rewards, created_at)
     VALUES (@userId, @type, @template, @reference, @titleEn, @titleVi, @contentEn, @contentVi, @rewards, @now)
     RETURNING id`,
  );
  const insertSend = db.prepare(
    `INSERT INTO letter_sends (audience, user_id, type, title_en, title_vi, content_en, content_vi, rewards, valid_until, created_at)
     VALUES (@audience, @userId, @type, @titleEn, @titleVi, @contentEn, @contentVi, @rewards, @validUntil, @now)
     RETURNING id`,
  );
  // A player who registers while a letter to all is valid receives it too (once; guests never).
  const lateFanOut = db.prepare(
    `INSERT INTO letters (user_id, type, template, send_id, title_en, title_vi, content_en, content_vi, rewards, created_at)
     SELECT u.id, s.type, 'ops', s.id, s.title_en, s.title_vi, s.content_en, s.content_vi, s.rewards, @now
     FROM letter_sends s JOIN users u ON u.id = @userId AND u.guest = 0
     WHERE s.audience = 'all' AND s.valid_until > @now
       AND NOT EXISTS (SELECT 1 FROM letters l WHERE l.send_id = s.id AND l.user_id = u.id)
     RETURNING send_id`,
  );
  const addRecipient = db.prepare('UPDATE letter_sends SET recipients = recipients + 1 WHERE id = ?');
  const fanOut = db.prepare(
    `INSERT INTO letters (user_id, type, template, send_id, title_en, title_vi, content_en, content_vi, rewards, created_at)
     SELECT u.id, s.type, 'ops', s.id, s.title_en, s.title_vi, s.content_en, s.content_vi, s.rewards, s.created_at
     FROM letter_sends s JOIN users u ON ((s.audience = 'all' AND u.guest = 0) OR u.id = s.user_id)
     WHERE s.id = ?`,
  );
  const recipientsOf = db.prepare('SELECT user_id FROM letters WHERE send_id = ?').pluck();
  const setRecipients = db.prepare('UPDATE letter_sends SET recipients = ? WHERE id = ?');
  const SEND_SELECT = `SELECT s.*, u.uid,
       (SELECT COUNT(*) FROM letters l WHERE l.send_id = s.id AND l.read_at IS NOT NULL) AS read,
       (SELECT COUNT(*) FROM letters l WHERE l.send_id = s.id AND l.claimed_at IS NOT NULL) AS claimed
     FROM letter_sends s LEFT JOIN users u ON u.id = s.user_id`;
  const sendById = db.prepare(`${SEND_SELECT} WHERE s.id = ?`);
  const SEND_FILTER = "(s.user_id = @userId OR s.audience = 'all' OR @userId IS NULL)";
  const sendPage = db.prepare(`${SEND_SELECT} WHERE ${SEND_FILTER} ORDER BY s.id DESC LIMIT @limit OFFSET @offset`);
  const sendCount = db.prepare(`SELECT COUNT(*) FROM letter_sends s WHERE ${SEND_FILTER}`).pluck();

  const byId = db.prepare(`SELECT * FROM letters WHERE id = @id AND ${LIVE}`);
  const page = db.prepare(
    `SELECT * FROM letters WHERE ${LIVE} AND (type = @type OR @type IS NULL) ORDER BY id DESC LIMIT @limit OFFSET @offset`,
  );
  const count = db.prepare(`SELECT COUNT(*) FROM letters WHERE ${LIVE} AND (type = @type OR @type IS NULL)`).pluck();
  const unread = db.prepare(`SELECT COUNT(*) FROM letters WHERE ${LIVE} AND read_at IS NULL`).pluck();
  const unreadByType = db.prepare(
    `SELECT type, COUNT(*) AS unread FROM letters WHERE ${LIVE} AND read_at IS NULL GROUP BY type`,
  );
  const markRead = db.prepare(`UPDATE letters SET read_at = @now WHERE id = @id AND ${LIVE} AND read_at IS NULL`);
  const markClaimed = db.prepare(
    `UPDATE letters SET claimed_at = @now, read_at = COALESCE(read_at, @now) WHERE id = @id AND ${LIVE} AND claimed_at IS NULL`,
  );
  const deleteOne = db.prepare(`UPDATE letters SET deleted_at = @now WHERE id = @id AND ${LIVE}`);
  // Every read letter whose rewards are claimed or absent; a letter still holding a reward stays.
  const deleteRead = db.prepare(
    `UPDATE letters SET deleted_at = @now
     WHERE ${LIVE} AND read_at IS NOT NULL AND (rewards = '[]' OR claimed_at IS NOT NULL)`,
  );

  return {
    insert: async (l: NewLetter) => ((await insert.get(l)) as { id: number }).id,
    /** Writes the send and one letter per recipient; returns the send id and the recipients' ids. */
    async send(
      s: Omit<NewLetter, 'userId' | 'template' | 'reference'> & {
        audience: 'player' | 'all';
        userId: number | null;
        validUntil: string | null;
      },
    ) {
      const id = ((await insertSend.get(s)) as { id: number }).id;
      await fanOut.run(id);
      const recipients = (await recipientsOf.all(id)) as number[];
      await setRecipients.run(recipients.length, id);
      return { id, recipients };
    },
    /** Gives a new player the letters to all still valid at `now`; returns how many. */
    async deliverValidSends(userId: number, now: string) {
      const sends = (await lateFanOut.pluck().all({ userId, now })) as number[];
      for (const id of sends) await addRecipient.run(id);
      return sends.length;
    },
    sendById: (id: number) => sendById.get(id) as Promise<SendRow | undefined>,
    sends: async (f: { userId: number | null; limit: number; offset: number }) => ({
      rows: (await sendPage.all(f)) as SendRow[],
      total: (await sendCount.get(f)) as number,
    }),
    byId: (userId: number, id: number) => byId.get({ userId, id }) as Promise<LetterRow | undefined>,
    page: async (f: { userId: number; type: string | null; limit: number; offset: number }) => ({
      rows: (await page.all(f)) as LetterRow[],
      total: (await count.get(f)) as number,
    }),
    unread: (userId: number) => unread.get({ userId }) as Promise<number>,
    unreadByType: async (userId: number) =>
      (await unreadByType.all({ userId })) as { type: LetterType; unread: number }[],
    markRead: async (userId: number, id: number, now: string) =>
      (await markRead.run({ userId, id, now })).changes === 1,
    markClaimed: async (userId: number, id: number, now: string) =>
      (await markClaimed.run({ userId, id, now })).changes === 1,
    deleteOne: async (userId: number, id: number, now: string) => (await deleteOne.run({ userId, id, now })).changes,
    deleteRead: async (userId: number, now: string) => (await deleteRead.run({ userId, now })).changes,
  };
}

export type InboxRepo = ReturnType<typeof createInboxRepo>;
