import { param, prepareQuery } from '../db/builder';
import type { Db } from '../db/database';

/** The statements of operator sessions (migration 0058): read with the operator, so a disable counts at once. */
export function createOperatorSessionRepo(db: Db) {
  const insert = prepareQuery(db, (b) =>
    b
      .insertInto('operator_sessions')
      .values({
        operator_id: param<number>('operatorId'),
        token_hash: param<string>('tokenHash'),
        auth_version: param<number>('authVersion'),
        created_at: param<string>('now'),
        last_seen_at: param<string>('now'),
        expires_at: param<string>('expiresAt'),
        ip: param<string>('ip'),
      })
      .returning('id'),
  );
  const byHash = prepareQuery(db, (b) =>
    b
      .selectFrom('operator_sessions as s')
      .innerJoin('operators as o', 'o.id', 's.operator_id')
      .select([
        's.id',
        's.operator_id',
        's.auth_version as session_version',
        's.last_seen_at',
        's.expires_at',
        's.revoked_at',
        'o.name',
        'o.role',
        'o.disabled',
        'o.auth_version',
      ])
      .where('s.token_hash', '=', param<string>('hash')),
  );
  const touch = prepareQuery(db, (b) =>
    b
      .updateTable('operator_sessions')
      .set({ last_seen_at: param<string>('now') })
      .where('id', '=', param<number>('id')),
  );
  const revokeOne = prepareQuery(db, (b) =>
    b
      .updateTable('operator_sessions')
      .set({ revoked_at: param<string>('now'), revoke_reason: param<string>('reason') })
      .where('id', '=', param<number>('id'))
      .where('revoked_at', 'is', null),
  );
  const revokeAll = prepareQuery(db, (b) =>
    b
      .updateTable('operator_sessions')
      .set({ revoked_at: param<string>('now'), revoke_reason: param<string>('reason') })
      .where('operator_id', '=', param<number>('operatorId'))
      .where('revoked_at', 'is', null),
  );
  return {
    insert: async (row: {
      operatorId: number;
      tokenHash: string;
      authVersion: number;
      now: string;
      expiresAt: string;
      ip: string;
    }) => (await insert.get(row))!.id,
    byTokenHash: (hash: string) => byHash.get({ hash }),
    touch: (id: number, now: string) => touch.run({ now, id }),
    revoke: async (id: number, now: string, reason: string) => (await revokeOne.run({ now, reason, id })).changes > 0,
    revokeAll: async (operatorId: number, now: string, reason: string) =>
      (await revokeAll.run({ operatorId, now, reason })).changes,
  };
}
