import type { Db } from '../db/database';

export interface SessionRow {
  id: number;
  user_id: number;
  uid: number;
  guest: number;
  status: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** A session as the back office lists it (no token hash). */
export interface SessionListRow {
  id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoke_reason: string | null;
  ip: string;
  device_id: string;
  user_agent: string;
}

export function createSessionRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO sessions (user_id, token_hash, created_at, last_seen_at, expires_at, ip, device_id, user_agent)
     VALUES (@userId, @tokenHash, @now, @now, @expiresAt, @ip, @deviceId, @userAgent)
     RETURNING id`,
  );
  const byHash = db.prepare(
    `SELECT s.id, s.user_id, u.uid, u.guest, u.status, s.last_seen_at, s.expires_at, s.revoked_at
       FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`,
  );
  const touch = db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?');
  const revokeOne = db.prepare(
    'UPDATE sessions SET revoked_at = ?, revoke_reason = ? WHERE id = ? AND revoked_at IS NULL',
  );
  const activeOfUser = db.prepare('SELECT id FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND id != ?');

  const ofUser = db.prepare(
    `SELECT id, created_at, last_seen_at, expires_at, revoked_at, revoke_reason, ip, device_id, user_agent
       FROM sessions WHERE user_id = ? ORDER BY id DESC LIMIT ?`,
  );
  const oneOfUser = db.prepare(
    'SELECT id, created_at, last_seen_at, expires_at, revoked_at, revoke_reason, ip, device_id, user_agent FROM sessions WHERE user_id = ? AND id = ?',
  );

  return {
    /** The user's sessions, newest first. */
    ofUser: (userId: number, limit: number) => ofUser.all(userId, limit) as Promise<SessionListRow[]>,
    oneOfUser: (userId: number, id: number) => oneOfUser.get(userId, id) as Promise<SessionListRow | undefined>,
    insert: async (row: {
      userId: number;
      tokenHash: string;
      now: string;
      expiresAt: string;
      ip: string;
      deviceId: string;
      userAgent: string;
    }) => ((await insert.get(row)) as { id: number }).id,
    byTokenHash: (hash: string) => byHash.get(hash) as Promise<SessionRow | undefined>,
    touch: (id: number, now: string) => touch.run(now, id),
    revoke: async (id: number, now: string, reason: string) => (await revokeOne.run(now, reason, id)).changes > 0,
    /** Ids of the user's live sessions other than `exceptId` (0 for all). */
    activeIdsOfUser: async (userId: number, exceptId = 0) =>
      (await activeOfUser.pluck().all(userId, exceptId)) as number[],
  };
}
