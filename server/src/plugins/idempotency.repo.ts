import { param, prepareQuery, sql } from '../db/builder';
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
  const reserve = prepareQuery(db, (b) =>
    b
      .insertInto('idempotency_keys')
      .values({
        user_id: param<number>('userId'),
        key: param<string>('key'),
        endpoint: param<string>('endpoint'),
        request_hash: param<string>('requestHash'),
        state: sql.lit('pending'),
        created_at: param<string>('now'),
      })
      .onConflict((c) =>
        c
          .columns(['user_id', 'key'])
          .doUpdateSet((u) => ({
            endpoint: u.ref('excluded.endpoint'),
            request_hash: u.ref('excluded.request_hash'),
            state: sql.lit('pending'),
            status: sql.lit(null),
            response: sql.lit(null),
            created_at: u.ref('excluded.created_at'),
          }))
          .where('idempotency_keys.created_at', '<', param<string>('expiredBefore')),
      ),
  );
  const find = prepareQuery(db, (b) =>
    b
      .selectFrom('idempotency_keys')
      .select(['endpoint', 'request_hash', 'state', 'status', 'response'])
      .where('user_id', '=', param<number>('userId'))
      .where('key', '=', param<string>('key'))
      .$narrowType<{ state: IdempotencyRow['state'] }>(),
  );
  const complete = prepareQuery(db, (b) =>
    b
      .updateTable('idempotency_keys')
      .set({ state: sql.lit('done'), status: param<number>('status'), response: param<string>('response') })
      .where('user_id', '=', param<number>('userId'))
      .where('key', '=', param<string>('key'))
      .where('state', '=', sql.lit('pending')),
  );
  const release = prepareQuery(db, (b) =>
    b
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', param<number>('userId'))
      .where('key', '=', param<string>('key'))
      .where('state', '=', sql.lit('pending')),
  );
  const purge = prepareQuery(db, (b) =>
    b.deleteFrom('idempotency_keys').where('created_at', '<', param<string>('before')),
  );

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
    find: async (userId: number, key: string): Promise<IdempotencyRow | undefined> => {
      const row = await find.get({ userId, key });
      return row && { ...row, status: row.status === null ? null : Number(row.status) };
    },
    complete: (userId: number, key: string, status: number, response: string) =>
      complete.run({ status, response, userId, key }),
    release: (userId: number, key: string) => release.run({ userId, key }),
    /** Deletes the rows created before `before`; answers how many. */
    purge: async (before: string) => (await purge.run({ before })).changes,
  };
}
