import { expressionBuilder, type Selectable } from 'kysely';
import type { KycIdType } from '../../../../shared/contract/kyc';
import { type Builder, type Engine, param, prepareQuery, sql, typedParam } from '../../db/builder';
import type { DB } from '../../db/builder/tables';
import type { Db } from '../../db/database';
import type { UserRow } from '../user/service';

export type KycStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

type KycNarrow = { id_type: KycIdType; status: Exclude<KycStatus, 'unverified'> };
export type KycRow = Omit<Selectable<DB['kyc_submissions']>, keyof KycNarrow> & KycNarrow;

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

/** `(k.col = @x OR @x IS NULL) AND ...`: each filter is off when its value is null. */
function filter(engine: Engine) {
  const e = expressionBuilder<{ k: DB['kyc_submissions'] }, 'k'>();
  return e.and([
    e.or([e('k.status', '=', param<KycStatus>('status')), e(typedParam(engine, 'status', 'text'), 'is', null)]),
    e.or([e('k.user_id', '=', param<number>('userId')), e(typedParam(engine, 'userId', 'bigint'), 'is', null)]),
  ]);
}

const filterParams = (f: KycFilter) => ({
  status: f.status ?? null,
  userId: f.userId ?? null,
  limit: f.limit,
  offset: f.offset,
});

const listSelect = (b: Builder) =>
  b
    .selectFrom('kyc_submissions as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .selectAll('k')
    .select(['u.uid', 'u.username', 'u.created_at as registered_at'])
    .$narrowType<KycNarrow>();

export function createKycRepo(db: Db) {
  const latest = prepareQuery(db, (b) =>
    b
      .selectFrom('kyc_submissions')
      .selectAll()
      .where('user_id', '=', param<number>('userId'))
      .orderBy('id', 'desc')
      .limit(sql.lit(1))
      .$narrowType<KycNarrow>(),
  );
  // What the risk part of GET /api/balance needs, in one statement (it runs on every balance read).
  const riskFacts = prepareQuery(db, (b) =>
    b
      .selectFrom('users as u')
      .select((e) => [
        'u.created_at',
        'u.status as user_status',
        e
          .selectFrom('kyc_submissions as k')
          .select('k.status')
          .whereRef('k.user_id', '=', 'u.id')
          .orderBy('k.id', 'desc')
          .limit(sql.lit(1))
          .as('kyc_status'),
      ])
      .where('u.id', '=', param<number>('userId'))
      .$narrowType<{ user_status: UserRow['status']; kyc_status: KycRow['status'] | null }>(),
  );
  const insert = prepareQuery(db, (b) =>
    b
      .insertInto('kyc_submissions')
      .values({
        user_id: param<number>('userId'),
        real_name: param<string>('realName'),
        birth_date: param<string>('birthDate'),
        id_type: param<KycIdType>('idType'),
        id_number: param<string>('idNumber'),
        status: sql.lit('pending'),
        submitted_at: param<string>('now'),
      })
      .onConflict((c) => c.doNothing()),
  );
  const decide = prepareQuery(db, (b) =>
    b
      .updateTable('kyc_submissions')
      .set({
        status: param<'verified' | 'rejected'>('status'),
        reason: param<string>('reason'),
        decided_at: param<string>('now'),
        decided_by: param<string>('actor'),
      })
      .where('id', '=', param<number>('id'))
      .where('status', '=', sql.lit('pending')),
  );
  const byId = prepareQuery(db, (b) => listSelect(b).where('k.id', '=', param<number>('id')));
  // Pending ones oldest first (the queue); any other list newest first.
  const page = prepareQuery(db, (b, engine) =>
    listSelect(b)
      .where(filter(engine))
      .orderBy((e) =>
        e
          .case()
          .when(typedParam<string | null>(engine, 'status', 'text'), '=', sql.lit('pending'))
          .then(e.ref('k.id'))
          .else(e.neg(e.ref('k.id')))
          .end(),
      )
      .limit(param<number>('limit'))
      .offset(param<number>('offset')),
  );
  const count = prepareQuery(db, (b, engine) =>
    b
      .selectFrom('kyc_submissions as k')
      .select((e) => e.fn.countAll<number>().as('count'))
      .where(filter(engine)),
  );

  return {
    latest: (userId: number): Promise<KycRow | undefined> => latest.get({ userId }),
    riskFacts: (userId: number) => riskFacts.get({ userId }),
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
    byId: (id: number): Promise<KycListRow | undefined> => byId.get({ id }),
    page: (f: KycFilter): Promise<KycListRow[]> => page.all(filterParams(f)),
    count: async (f: KycFilter) => Number((await count.get(filterParams(f)))?.count),
  };
}

export type KycRepo = ReturnType<typeof createKycRepo>;
