import type { KycIdType } from '../../../../shared/contract/kyc';
import type { Db } from '../../db/database';
import type { UserRow } from '../user/service';

export type KycStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

export interface KycRow {
  id: number;
  user_id: number;
  real_name: string;
  birth_date: string;
  id_type: KycIdType;
  id_number: string;
  status: Exclude<KycStatus, 'unverified'>;
  reason: string;
  submitted_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

/** A submission beside its player, for the operator's list. */
export interface KycListRow extends KycRow {
  uid: number;
  username: string;
  registered_at: string;
}

export interface KycFilter {
  status?: string;
  userId?: number;
  limit: number;
  offset: number;
}

const FILTER = '(k.status = @status OR @status IS NULL) AND (k.user_id = @userId OR @userId IS NULL)';
const filterParams = (f: KycFilter) => ({
  status: f.status ?? null,
  userId: f.userId ?? null,
  limit: f.limit,
  offset: f.offset,
});

export function createKycRepo(db: Db) {
  const latest = db.prepare('SELECT * FROM kyc_submissions WHERE user_id = ? ORDER BY id DESC LIMIT 1');
  // What the risk part of GET /api/balance needs, in one statement (it runs on every balance read).
  const riskFacts = db.prepare(
    `SELECT u.created_at, u.status AS user_status,
       (SELECT k.status FROM kyc_submissions k WHERE k.user_id = u.id ORDER BY k.id DESC LIMIT 1) AS kyc_status
     FROM users u WHERE u.id = ?`,
  );
  const insert = db.prepare(
    `INSERT INTO kyc_submissions (user_id, real_name, birth_date, id_type, id_number, status, submitted_at)
     VALUES (@userId, @realName, @birthDate, @idType, @idNumber, 'pending', @now)
     ON CONFLICT DO NOTHING`,
  );
  const decide = db.prepare(
    `UPDATE kyc_submissions SET status = @status, reason = @reason, decided_at = @now, decided_by = @actor
     WHERE id = @id AND status = 'pending'`,
  );
  const byId = db.prepare(
    `SELECT k.*, u.uid, u.username, u.created_at AS registered_at
     FROM kyc_submissions k JOIN users u ON u.id = k.user_id WHERE k.id = ?`,
  );
  const page = db.prepare(
    `SELECT k.*, u.uid, u.username, u.created_at AS registered_at
     FROM kyc_submissions k JOIN users u ON u.id = k.user_id WHERE ${FILTER}
     ORDER BY CASE WHEN @status = 'pending' THEN k.id ELSE -k.id END LIMIT @limit OFFSET @offset`,
  );
  const count = db.prepare(`SELECT COUNT(*) FROM kyc_submissions k WHERE ${FILTER}`).pluck();

  return {
    latest: (userId: number) => latest.get(userId) as Promise<KycRow | undefined>,
    riskFacts: async (userId: number) =>
      (await riskFacts.get(userId)) as
        | { created_at: string; user_status: UserRow['status']; kyc_status: KycRow['status'] | null }
        | undefined,
    /** Inserts a pending submission; false when the player already has a pending or verified one. */
    insert: async (s: {
      userId: number;
      realName: string;
      birthDate: string;
      idType: KycIdType;
      idNumber: string;
      now: string;
    }) => (await insert.run(s)).changes > 0,
    /** Decides a pending submission; false when it is no longer pending. */
    decide: async (d: { id: number; status: 'verified' | 'rejected'; reason: string; actor: string; now: string }) =>
      (await decide.run(d)).changes > 0,
    byId: (id: number) => byId.get(id) as Promise<KycListRow | undefined>,
    page: async (f: KycFilter) => (await page.all(filterParams(f))) as KycListRow[],
    count: async (f: KycFilter) => Number(await count.get(filterParams(f))),
  };
}

export type KycRepo = ReturnType<typeof createKycRepo>;
