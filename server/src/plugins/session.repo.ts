import { param, prepareQuery } from '../db/builder';
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

const LIST_COLUMNS = [
  'id',
  'created_at',
  'last_seen_at',
  'expires_at',
  'revoked_at',
  'revoke_reason',
  'ip',
  'device_id',
  'user_agent',
] as const;

export function createSessionRepo(db: Db) {
  const insert = prepareQuery(db, (b) =>
    b
      .insertInto('sessions')
      .values({
        user_id: param<number>('userId'),
        token_hash: param<string>('tokenHash'),
        created_at: param<string>('now'),
        last_seen_at: param<string>('now'),
        expires_at: param<string>('expiresAt'),
        ip: param<string>('ip'),
        device_id: param<string>('deviceId'),
        user_agent: param<string>('userAgent'),
      })
      .returning('id'),
  );
  const byHash = prepareQuery(db, (b) =>
    b
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.user_id', 'u.uid', 'u.guest', 'u.status', 's.last_seen_at', 's.expires_at', 's.revoked_at'])
      .where('s.token_hash', '=', param<string>('hash')),
  );
  const touch = prepareQuery(db, (b) =>
    b
      .updateTable('sessions')
      .set({ last_seen_at: param<string>('now') })
      .where('id', '=', param<number>('id')),
  );
  const revokeOne = prepareQuery(db, (b) =>
    b
      .updateTable('sessions')
      .set({ revoked_at: param<string>('now'), revoke_reason: param<string>('reason') })
      .where('id', '=', param<number>('id'))
      .where('revoked_at', 'is', null),
  );
  const activeOfUser = prepareQuery(db, (b) =>
    b
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', param<number>('userId'))
      .where('revoked_at', 'is', null)
      .where('id', '!=', param<number>('exceptId')),
  );

  const ofUser = prepareQuery(db, (b) =>
    b
      .selectFrom('sessions')
      .select(LIST_COLUMNS)
      .where('user_id', '=', param<number>('userId'))
      .orderBy('id', 'desc')
      .limit(param<number>('limit')),
  );
  const oneOfUser = prepareQuery(db, (b) =>
    b
      .selectFrom('sessions')
      .select(LIST_COLUMNS)
      .where('user_id', '=', param<number>('userId'))
      .where('id', '=', param<number>('id')),
  );

  return {
    /** The user's sessions, newest first. */
    ofUser: (userId: number, limit: number): Promise<SessionListRow[]> => ofUser.all({ userId, limit }),
    oneOfUser: (userId: number, id: number): Promise<SessionListRow | undefined> => oneOfUser.get({ userId, id }),
    insert: async (row: {
      userId: number;
      tokenHash: string;
      now: string;
      expiresAt: string;
      ip: string;
      deviceId: string;
      userAgent: string;
    }) => (await insert.get(row))!.id,
    byTokenHash: (hash: string): Promise<SessionRow | undefined> => byHash.get({ hash }),
    touch: (id: number, now: string) => touch.run({ now, id }),
    revoke: async (id: number, now: string, reason: string) => (await revokeOne.run({ now, reason, id })).changes > 0,
    /** Ids of the user's live sessions other than `exceptId` (0 for all). */
    activeIdsOfUser: async (userId: number, exceptId = 0) =>
      (await activeOfUser.all({ userId, exceptId })).map((r) => r.id),
  };
}
