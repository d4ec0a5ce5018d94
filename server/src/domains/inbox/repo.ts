import type { ExpressionBuilder, Selectable } from 'kysely';
import { type Builder, type ColumnOf, type Engine, param, prepareQuery, sql, typedParam } from '../../db/builder';
import type { DB, LetterSends } from '../../db/builder/tables';
import type { Db } from '../../db/database';
import type { LetterText } from './templates';

export type LetterType = 'system' | 'notice' | 'reward';

export type LetterRow = Omit<Selectable<DB['letters']>, 'type'> & { type: LetterType };

export type SendRow = Omit<Selectable<DB['letter_sends']>, 'audience' | 'type'> & {
  audience: 'player' | 'all';
  type: LetterType;
  uid: number | null;
  read: number;
  claimed: number;
};

export interface NewLetter extends LetterText {
  userId: number;
  type: LetterType;
  template: string;
  reference: string;
  rewards: string;
  now: string;
}

/** The player's letters not deleted. */
const live = (e: ExpressionBuilder<DB, 'letters'>) =>
  e.and([e('user_id', '=', param<number>('userId')), e('deleted_at', 'is', null)]);

/** A letter to the player, or to all, or (no player given) every send. */
const sendFilter = (engine: Engine) => (e: ExpressionBuilder<DB & { s: LetterSends }, 's'>) =>
  e.or([
    e('s.user_id', '=', param<number | null>('userId')),
    e('s.audience', '=', sql.lit('all')),
    e(typedParam(engine, 'userId', 'bigint'), 'is', null),
  ]);

const selectSend = (b: Builder) =>
  b
    .selectFrom('letter_sends as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .selectAll('s')
    .select((e) => [
      'u.uid',
      e
        .selectFrom('letters as l')
        .select(e.fn.countAll<number>().as('n'))
        .whereRef('l.send_id', '=', 's.id')
        .where('l.read_at', 'is not', null)
        .$asScalar()
        .as('read'),
      e
        .selectFrom('letters as l')
        .select(e.fn.countAll<number>().as('n'))
        .whereRef('l.send_id', '=', 's.id')
        .where('l.claimed_at', 'is not', null)
        .$asScalar()
        .as('claimed'),
    ])
    .$narrowType<{ audience: SendRow['audience']; type: LetterType }>();

const letterColumns = [
  'user_id',
  'type',
  'template',
  'send_id',
  'title_en',
  'title_vi',
  'content_en',
  'content_vi',
] as const;

export function createInboxRepo(db: Db) {
  const insert = prepareQuery(db, (b) =>
    b
      .insertInto('letters')
      .values({
        user_id: param<number>('userId'),
        type: param<ColumnOf<'letters', 'type'>>('type'),
        template: param<string>('template'),
        reference: param<string>('reference'),
        title_en: param<string>('titleEn'),
        title_vi: param<string>('titleVi'),
        content_en: param<string>('contentEn'),
        content_vi: param<string>('contentVi'),
        rewards: param<string>('rewards'),
        created_at: param<string>('now'),
      })
      .returning('id'),
  );
  const insertSend = prepareQuery(db, (b) =>
    b
      .insertInto('letter_sends')
      .values({
        audience: param<ColumnOf<'letter_sends', 'audience'>>('audience'),
        user_id: param<number | null>('userId'),
        type: param<string>('type'),
        title_en: param<string>('titleEn'),
        title_vi: param<string>('titleVi'),
        content_en: param<string>('contentEn'),
        content_vi: param<string>('contentVi'),
        rewards: param<string>('rewards'),
        valid_until: param<string | null>('validUntil'),
        created_at: param<string>('now'),
      })
      .returning('id'),
  );
  // A player who registers while a letter to all is valid receives it too (once; guests never).
  const lateFanOut = prepareQuery(db, (b) =>
    b
      .insertInto('letters')
      .columns([...letterColumns, 'rewards', 'created_at'])
      .expression(
        b
          .selectFrom('letter_sends as s')
          .innerJoin('users as u', (j) => j.on('u.id', '=', param<number>('userId')).on('u.guest', '=', sql.lit(0)))
          .select([
            'u.id',
            's.type',
            sql.lit('ops').as('template'),
            's.id as send_id',
            's.title_en',
            's.title_vi',
            's.content_en',
            's.content_vi',
            's.rewards',
            param<string>('now').as('created_at'),
          ])
          .where('s.audience', '=', sql.lit('all'))
          .where('s.valid_until', '>', param<string>('now'))
          .where((e) =>
            e.not(
              e.exists(
                e
                  .selectFrom('letters as l')
                  .select(sql.lit(1).as('one'))
                  .whereRef('l.send_id', '=', 's.id')
                  .whereRef('l.user_id', '=', 'u.id'),
              ),
            ),
          ),
      )
      .returning('send_id'),
  );
  const addRecipient = prepareQuery(db, (b) =>
    b
      .updateTable('letter_sends')
      .set((e) => ({ recipients: e('recipients', '+', sql.lit(1)) }))
      .where('id', '=', param<number>('id')),
  );
  const fanOut = prepareQuery(db, (b) =>
    b
      .insertInto('letters')
      .columns([...letterColumns, 'rewards', 'created_at'])
      .expression(
        b
          .selectFrom('letter_sends as s')
          .innerJoin('users as u', (j) =>
            j.on((e) =>
              e.or([
                e.and([e('s.audience', '=', sql.lit('all')), e('u.guest', '=', sql.lit(0))]),
                e('u.id', '=', e.ref('s.user_id')),
              ]),
            ),
          )
          .select([
            'u.id',
            's.type',
            sql.lit('ops').as('template'),
            's.id as send_id',
            's.title_en',
            's.title_vi',
            's.content_en',
            's.content_vi',
            's.rewards',
            's.created_at',
          ])
          .where('s.id', '=', param<number>('id')),
      ),
  );
  const recipientsOf = prepareQuery(db, (b) =>
    b.selectFrom('letters').select('user_id').where('send_id', '=', param<number>('id')),
  );
  const setRecipients = prepareQuery(db, (b) =>
    b
      .updateTable('letter_sends')
      .set({ recipients: param<number>('recipients') })
      .where('id', '=', param<number>('id')),
  );
  const sendById = prepareQuery(db, (b) => selectSend(b).where('s.id', '=', param<number>('id')));
  const sendPage = prepareQuery(db, (b, engine) =>
    selectSend(b)
      .where(sendFilter(engine))
      .orderBy('s.id', 'desc')
      .limit(param<number>('limit'))
      .offset(param<number>('offset')),
  );
  const sendCount = prepareQuery(db, (b, engine) =>
    b
      .selectFrom('letter_sends as s')
      .select((e) => e.fn.countAll<number>().as('count'))
      .where(sendFilter(engine)),
  );

  const byId = prepareQuery(db, (b) =>
    b
      .selectFrom('letters')
      .selectAll()
      .where('id', '=', param<number>('id'))
      .where(live)
      .$narrowType<{ type: LetterType }>(),
  );
  const page = prepareQuery(db, (b, engine) =>
    b
      .selectFrom('letters')
      .selectAll()
      .where(live)
      .where((e) =>
        e.or([
          e('type', '=', param<ColumnOf<'letters', 'type'>>('type')),
          e(typedParam(engine, 'type', 'text'), 'is', null),
        ]),
      )
      .orderBy('id', 'desc')
      .limit(param<number>('limit'))
      .offset(param<number>('offset'))
      .$narrowType<{ type: LetterType }>(),
  );
  const count = prepareQuery(db, (b, engine) =>
    b
      .selectFrom('letters')
      .select((e) => e.fn.countAll<number>().as('count'))
      .where(live)
      .where((e) =>
        e.or([
          e('type', '=', param<ColumnOf<'letters', 'type'>>('type')),
          e(typedParam(engine, 'type', 'text'), 'is', null),
        ]),
      ),
  );
  const unread = prepareQuery(db, (b) =>
    b
      .selectFrom('letters')
      .select((e) => e.fn.countAll<number>().as('count'))
      .where(live)
      .where('read_at', 'is', null),
  );
  const unreadByType = prepareQuery(db, (b) =>
    b
      .selectFrom('letters')
      .select((e) => ['type', e.fn.countAll<number>().as('unread')])
      .where(live)
      .where('read_at', 'is', null)
      .groupBy('type')
      .$narrowType<{ type: LetterType }>(),
  );
  const markRead = prepareQuery(db, (b) =>
    b
      .updateTable('letters')
      .set({ read_at: param<string>('now') })
      .where('id', '=', param<number>('id'))
      .where(live)
      .where('read_at', 'is', null),
  );
  const markClaimed = prepareQuery(db, (b) =>
    b
      .updateTable('letters')
      .set((e) => ({ claimed_at: param<string>('now'), read_at: e.fn.coalesce('read_at', param<string>('now')) }))
      .where('id', '=', param<number>('id'))
      .where(live)
      .where('claimed_at', 'is', null),
  );
  const deleteOne = prepareQuery(db, (b) =>
    b
      .updateTable('letters')
      .set({ deleted_at: param<string>('now') })
      .where('id', '=', param<number>('id'))
      .where(live),
  );
  // Every read letter whose rewards are claimed or absent; a letter still holding a reward stays.
  const deleteRead = prepareQuery(db, (b) =>
    b
      .updateTable('letters')
      .set({ deleted_at: param<string>('now') })
      .where(live)
      .where('read_at', 'is not', null)
      .where((e) => e.or([e('rewards', '=', sql.lit('[]')), e('claimed_at', 'is not', null)])),
  );

  return {
    insert: async (l: NewLetter) => (await insert.get({ ...l }))!.id,
    /** Writes the send and one letter per recipient; returns the send id and the recipients' ids. */
    async send(
      s: Omit<NewLetter, 'userId' | 'template' | 'reference'> & {
        audience: 'player' | 'all';
        userId: number | null;
        validUntil: string | null;
      },
    ) {
      const id = (await insertSend.get(s))!.id;
      await fanOut.run({ id });
      const recipients = (await recipientsOf.all({ id })).map((r) => r.user_id);
      await setRecipients.run({ recipients: recipients.length, id });
      return { id, recipients };
    },
    /** Gives a new player the letters to all still valid at `now`; returns how many. */
    async deliverValidSends(userId: number, now: string) {
      const sends = await lateFanOut.all({ userId, now });
      for (const { send_id } of sends) await addRecipient.run({ id: send_id });
      return sends.length;
    },
    sendById: (id: number) => sendById.get({ id }),
    sends: async (f: { userId: number | null; limit: number; offset: number }) => ({
      rows: await sendPage.all(f),
      total: (await sendCount.get(f))!.count,
    }),
    byId: (userId: number, id: number) => byId.get({ userId, id }),
    page: async (f: { userId: number; type: string | null; limit: number; offset: number }) => ({
      rows: await page.all(f),
      total: (await count.get(f))!.count,
    }),
    unread: async (userId: number) => (await unread.get({ userId }))!.count,
    unreadByType: (userId: number) => unreadByType.all({ userId }),
    markRead: async (userId: number, id: number, now: string) =>
      (await markRead.run({ userId, id, now })).changes === 1,
    markClaimed: async (userId: number, id: number, now: string) =>
      (await markClaimed.run({ userId, id, now })).changes === 1,
    deleteOne: async (userId: number, id: number, now: string) => (await deleteOne.run({ userId, id, now })).changes,
    deleteRead: async (userId: number, now: string) => (await deleteRead.run({ userId, now })).changes,
  };
}

export type InboxRepo = ReturnType<typeof createInboxRepo>;
