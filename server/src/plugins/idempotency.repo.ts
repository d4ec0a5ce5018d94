import type { Db } from '../db/database';

export interface IdempotencyRow {
  endpoint: string;
  request_hash: string;
  state: 'pending' | 'done';
  status: number | null;
  response: string | null;
}

/** The table idempotency_keys (db/migrations/0048): one row per player and key. */
export function createIdempotencyRepo(db: Db) {
  // A row past its keeping time counts as none: the upsert takes it over as a fresh reservation.
  const reserve = db.prepare(
    `INSERT INTO idempotency_keys (user_id, key, endpoint, request_hash, state, created_at)
     VALUES (@userId, @key, @endpoint, @requestHash, 'pending', @now)
     ON CONFLICT (user_id, key) DO UPDATE SET endpoint = excluded.endpoint, request_hash = excluded.request_hash,
       state = 'pending', status = NULL, response = NULL, created_at = excluded.created_at
     WHERE idempotency_keys.created_at < @expiredBefore`,
  );
  const find = db.prepare(
    'SELECT endpoint, request_hash, state, status, response FROM idempotency_keys WHERE user_id = ? AND key = ?',
  );
  const complete = db.prepare(
    `UPDATE idempotency_keys SET state = 'done', status = ?, response = ?
      WHERE user_id = ? AND key = ? AND state = 'pending'`,
  );
  const release = db.prepare("DELETE FROM idempotency_keys WHERE user_id = ? AND key = ? AND state = 'pending'");
  const purge = db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?');

  return {
    /** Reserves the key (pending) unless a row younger than `expiredBefore` holds it; true when reserved. */
    reserve: async (row: {
      userId: number;
      key: string;
      endpoint: string;
      requestHash: string;
      now: string;
      expiredBefore: string;
    }) => (await reserve.run(row)).changes > 0,
    find: async (userId: number, key: string) => {
      const row = (await find.get(userId, key)) as IdempotencyRow | undefined;
      return row && { ...row, status: row.status === null ? null : Number(row.status) };
    },
    complete: (userId: number, key: string, status: number, response: string) =>
      complete.run(status, response, userId, key),
    release: (userId: number, key: string) => release.run(userId, key),
    /** Deletes the rows created before `before`; answers how many. */
    purge: async (before: string) => (await purge.run(before)).changes,
  };
}
