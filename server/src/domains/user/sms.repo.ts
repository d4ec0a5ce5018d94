import type { Selectable } from 'kysely';
import { type ColumnOf, param, prepareQuery, sql } from '../../db/builder';
import type { DB } from '../../db/builder/tables';
import type { Db } from '../../db/database';

export type SmsPurpose = 'bind' | 'resetLoginPwd' | 'resetTradePwd' | 'withdraw' | 'register';

export type SmsRow = Omit<Selectable<DB['sms_messages']>, 'purpose'> & { purpose: SmsPurpose };

export function createSmsRepo(db: Db) {
  const insert = prepareQuery(db, (b) =>
    b
      .insertInto('sms_messages')
      .values({
        phone: param<string>('phone'),
        purpose: param<ColumnOf<'sms_messages', 'purpose'>>('purpose'),
        user_id: param<number | null>('userId'),
        code: param<string>('code'),
        text: param<string>('text'),
        ip: param<string>('ip'),
        created_at: param<string>('now'),
        expires_at: param<string>('expiresAt'),
        session_id: param<number | null>('sessionId'),
      })
      .returning('id'),
  );
  const latest = prepareQuery(db, (b) =>
    b
      .selectFrom('sms_messages')
      .selectAll()
      .where('phone', '=', param<string>('phone'))
      .where('purpose', '=', param<ColumnOf<'sms_messages', 'purpose'>>('purpose'))
      .orderBy('id', 'desc')
      .limit(sql.lit(1))
      .$narrowType<{ purpose: SmsPurpose }>(),
  );
  const addAttempt = prepareQuery(db, (b) =>
    b
      .updateTable('sms_messages')
      .set((e) => ({ attempts: e('attempts', '+', sql.lit(1)) }))
      .where('id', '=', param<number>('id')),
  );
  const markUsed = prepareQuery(db, (b) =>
    b
      .updateTable('sms_messages')
      .set({ used_at: param<string>('now') })
      .where('id', '=', param<number>('id'))
      .where('used_at', 'is', null),
  );
  const recent = prepareQuery(db, (b) =>
    b
      .selectFrom('sms_messages')
      .selectAll()
      .where((e) => e.or([e(param<string>('phone'), '=', sql.lit('')), e('phone', '=', param<string>('phone'))]))
      .orderBy('id', 'desc')
      .limit(param<number>('limit'))
      .$narrowType<{ purpose: SmsPurpose }>(),
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
      sessionId: number | null;
    }) => (await insert.get(row))!.id,
    latest: (phone: string, purpose: SmsPurpose) => latest.get({ phone, purpose }),
    addAttempt: (id: number) => addAttempt.run({ id }),
    /** Marks a code used; false when it already was (a concurrent use). */
    markUsed: async (id: number, now: string) => (await markUsed.run({ now, id })).changes > 0,
    recent: (phone: string, limit: number) => recent.all({ phone, limit }),
  };
}
