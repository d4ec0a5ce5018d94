import type { Selectable } from 'kysely';
import { type Builder, type ColumnOf, param, prepareQuery, sql, typedParam } from '../../db/builder';
import type { DB } from '../../db/builder/tables';
import type { Db } from '../../db/database';

export type ConversationRow = Omit<Selectable<DB['chat_conversations']>, 'status'> & { status: 'open' | 'closed' };

export type OpsConversationRow = ConversationRow & {
  uid: number;
  username: string;
  last_message: string;
};

export type MessageRow = Omit<Selectable<DB['chat_messages']>, 'sender'> & { sender: 'player' | 'operator' };

type Narrowed = { status: ConversationRow['status'] };

const selectConversation = (b: Builder) => b.selectFrom('chat_conversations').selectAll().$narrowType<Narrowed>();

const selectOps = (b: Builder) =>
  b
    .selectFrom('chat_conversations as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select((e) => [
      'u.uid',
      'u.username',
      e.fn
        .coalesce(
          e
            .selectFrom('chat_messages as m')
            .select('m.body')
            .whereRef('m.conversation_id', '=', 'c.id')
            .orderBy('m.id', 'desc')
            .limit(sql.lit(1))
            .$asScalar(),
          sql.lit(''),
        )
        .as('last_message'),
    ])
    .$narrowType<Narrowed>();

/** SQL of the live chat: conversations, their messages and the unread counters on both sides. */
export function createChatRepo(db: Db) {
  const open = prepareQuery(db, (b) =>
    selectConversation(b).where('user_id', '=', param<number>('userId')).where('status', '=', sql.lit('open')),
  );
  const latest = prepareQuery(db, (b) =>
    selectConversation(b).where('user_id', '=', param<number>('userId')).orderBy('id', 'desc').limit(sql.lit(1)),
  );
  const byId = prepareQuery(db, (b) => selectConversation(b).where('id', '=', param<number>('id')));
  const insertConversation = prepareQuery(db, (b) =>
    b
      .insertInto('chat_conversations')
      .values({
        user_id: param<number>('userId'),
        last_message_at: param<string>('now'),
        created_at: param<string>('now'),
      })
      .returning('id'),
  );
  const insertMessage = prepareQuery(db, (b) =>
    b
      .insertInto('chat_messages')
      .values({
        conversation_id: param<number>('conversationId'),
        sender: param<ColumnOf<'chat_messages', 'sender'>>('sender'),
        operator: param<string>('operator'),
        body: param<string>('body'),
        created_at: param<string>('now'),
      })
      .returningAll()
      .$narrowType<{ sender: MessageRow['sender'] }>(),
  );
  const touchForOperator = prepareQuery(db, (b) =>
    b
      .updateTable('chat_conversations')
      .set((e) => ({ operator_unread: e('operator_unread', '+', sql.lit(1)), last_message_at: param<string>('now') }))
      .where('id', '=', param<number>('id')),
  );
  const touchForPlayer = prepareQuery(db, (b) =>
    b
      .updateTable('chat_conversations')
      .set((e) => ({ player_unread: e('player_unread', '+', sql.lit(1)), last_message_at: param<string>('now') }))
      .where('id', '=', param<number>('id')),
  );
  const messages = prepareQuery(db, (b) =>
    b
      .selectFrom((q) =>
        q
          .selectFrom('chat_messages')
          .selectAll()
          .where('conversation_id', '=', param<number>('conversationId'))
          .orderBy('id', 'desc')
          .limit(sql.lit(200))
          .as('latest'),
      )
      .selectAll()
      .orderBy('id')
      .$narrowType<{ sender: MessageRow['sender'] }>(),
  );
  const playerRead = prepareQuery(db, (b) =>
    b
      .updateTable('chat_conversations')
      .set({ player_unread: sql.lit(0) })
      .where('user_id', '=', param<number>('userId')),
  );
  const operatorRead = prepareQuery(db, (b) =>
    b
      .updateTable('chat_conversations')
      .set({ operator_unread: sql.lit(0) })
      .where('id', '=', param<number>('id'))
      .where('operator_unread', '>', sql.lit(0)),
  );
  const playerUnread = prepareQuery(db, (b) =>
    b
      .selectFrom('chat_conversations')
      .select((e) => e.fn.coalesce(e.fn.sum<number | null>('player_unread'), sql.lit(0)).as('unread'))
      .where('user_id', '=', param<number>('userId')),
  );
  const close = prepareQuery(db, (b) =>
    b
      .updateTable('chat_conversations')
      .set({ status: sql.lit('closed'), closed_at: param<string>('now'), closed_by: param<string>('by') })
      .where('id', '=', param<number>('id'))
      .where('status', '=', sql.lit('open')),
  );
  const opsList = prepareQuery(db, (b, engine) =>
    selectOps(b)
      .where((e) =>
        e.or([
          e(param<string>('status'), '=', sql.lit('all')),
          e('c.status', '=', param<ColumnOf<'chat_conversations', 'status'>>('status')),
        ]),
      )
      .where((e) =>
        e.or([e('u.uid', '=', param<number | null>('uid')), e(typedParam(engine, 'uid', 'bigint'), 'is', null)]),
      )
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(param<number>('limit')),
  );
  const opsById = prepareQuery(db, (b) => selectOps(b).where('c.id', '=', param<number>('id')));
  const operatorUnread = prepareQuery(db, (b) =>
    b
      .selectFrom('chat_conversations')
      .select((e) => e.fn.coalesce(e.fn.sum<number | null>('operator_unread'), sql.lit(0)).as('unread'))
      .where('status', '=', sql.lit('open')),
  );

  return {
    open: (userId: number) => open.get({ userId }),
    latest: (userId: number) => latest.get({ userId }),
    byId: (id: number) => byId.get({ id }),
    create: async (userId: number, now: string) => (await insertConversation.get({ userId, now }))!.id,
    async addMessage(m: {
      conversationId: number;
      sender: 'player' | 'operator';
      operator: string;
      body: string;
      now: string;
    }) {
      const row = (await insertMessage.get(m))!;
      await (m.sender === 'player' ? touchForOperator : touchForPlayer).run({ id: m.conversationId, now: m.now });
      return row;
    },
    messages: (conversationId: number) => messages.all({ conversationId }),
    markPlayerRead: async (userId: number) => (await playerRead.run({ userId })).changes,
    markOperatorRead: async (id: number) => (await operatorRead.run({ id })).changes,
    playerUnread: async (userId: number) => (await playerUnread.get({ userId }))!.unread,
    operatorUnread: async () => (await operatorUnread.get())!.unread,
    close: async (id: number, by: string, now: string) => (await close.run({ id, by, now })).changes > 0,
    opsList: (f: { status: 'open' | 'closed' | 'all'; uid: number | null; limit: number }) => opsList.all(f),
    opsById: (id: number) => opsById.get({ id }),
  };
}

export type ChatRepo = ReturnType<typeof createChatRepo>;
