import { expressionBuilder, type Selectable } from 'kysely';
import type { KycDocumentKind, KycDocumentType, KycIdType } from '../../../../shared/contract/kyc';
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

  // ---- documents: the bytes are read by one query only (the operator's stream); the rest read their facts.
  const documentFacts = prepareQuery(db, (b) =>
    b
      .selectFrom('kyc_documents')
      .select(['kind', 'content_type', 'size', 'uploaded_at'])
      .where('user_id', '=', param<number>('userId'))
      .$narrowType<{ kind: KycDocumentKind; content_type: KycDocumentType }>(),
  );
  const documentBytes = prepareQuery(db, (b) =>
    b
      .selectFrom('kyc_documents')
      .select(['content_type', 'bytes', 'size'])
      .where('user_id', '=', param<number>('userId'))
      .where('kind', '=', param<KycDocumentKind>('kind'))
      .$narrowType<{ content_type: KycDocumentType }>(),
  );
  const putDocument = prepareQuery(db, (b) =>
    b
      .insertInto('kyc_documents')
      .values({
        user_id: param<number>('userId'),
        kind: param<KycDocumentKind>('kind'),
        content_type: param<KycDocumentType>('contentType'),
        bytes: param<Buffer>('bytes'),
        size: param<number>('size'),
        sha256: param<string>('sha256'),
        uploaded_at: param<string>('now'),
      })
      .onConflict((c) =>
        c.columns(['user_id', 'kind']).doUpdateSet((e) => ({
          content_type: e.ref('excluded.content_type'),
          bytes: e.ref('excluded.bytes'),
          size: e.ref('excluded.size'),
          sha256: e.ref('excluded.sha256'),
          uploaded_at: e.ref('excluded.uploaded_at'),
        })),
      ),
  );
  const removeDocument = prepareQuery(db, (b) =>
    b
      .deleteFrom('kyc_documents')
      .where('user_id', '=', param<number>('userId'))
      .where('kind', '=', param<KycDocumentKind>('kind')),
  );

  // ---- reminders before the deadline
  // Registered players (no guests) registered in [from, to) whose latest submission is neither verified nor
  // pending (a pending one waits for the operator, not the player), with no reminder of `kind` yet.
  const dueReminders = prepareQuery(db, (b) =>
    b
      .selectFrom('users as u')
      .select(['u.id', 'u.created_at'])
      .where('u.guest', '=', sql.lit(0))
      .where('u.created_at', '>', param<string>('from'))
      .where('u.created_at', '<=', param<string>('to'))
      .where((e) =>
        e.not(
          e.exists(
            e
              .selectFrom('kyc_submissions as k')
              .select('k.id')
              .whereRef('k.user_id', '=', 'u.id')
              .where('k.status', 'in', [sql.lit('verified' as const), sql.lit('pending' as const)]),
          ),
        ),
      )
      .where((e) =>
        e.not(
          e.exists(
            e
              .selectFrom('kyc_reminders as r')
              .select('r.user_id')
              .whereRef('r.user_id', '=', 'u.id')
              .where('r.kind', '=', param<'3d' | '1d'>('kind')),
          ),
        ),
      )
      .orderBy('u.id')
      .limit(sql.lit(500)),
  );
  const claimReminder = prepareQuery(db, (b) =>
    b
      .insertInto('kyc_reminders')
      .values({ user_id: param<number>('userId'), kind: param<'3d' | '1d'>('kind'), sent_at: param<string>('now') })
      .onConflict((c) => c.doNothing()),
  );

  return {
    documentFacts: (userId: number) => documentFacts.all({ userId }),
    documentBytes: (userId: number, kind: KycDocumentKind) => documentBytes.get({ userId, kind }),
    /** Inserts the player's photo of this kind, or replaces the one there. */
    putDocument: async (d: {
      userId: number;
      kind: KycDocumentKind;
      contentType: KycDocumentType;
      bytes: Buffer;
      size: number;
      sha256: string;
      now: string;
    }) => {
      await putDocument.run(d);
    },
    removeDocument: async (userId: number, kind: KycDocumentKind) => {
      await removeDocument.run({ userId, kind });
    },
    dueReminders: (kind: '3d' | '1d', from: string, to: string) => dueReminders.all({ kind, from, to }),
    /** Takes the reminder's unique key; false when another process (or tick) took it first. */
    claimReminder: async (userId: number, kind: '3d' | '1d', now: string) =>
      (await claimReminder.run({ userId, kind, now })).changes > 0,
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
