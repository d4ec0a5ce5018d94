import type { Db } from '../../db/database';

export interface ConversationRow {
  id: number;
  user_id: number;
  status: 'open' | 'closed';
  player_unread: number;
  operator_unread: number;
  last_message_at: string;
  created_at: string;
  closed_at: string | null;
  closed_by: string;
}

export interface OpsConversationRow extends ConversationRow {
  uid: number;
  username: string;
  last_message: string;
}

export interface MessageRow {
  id: number;
  conversation_id: number;
  sender: 'player' | 'operator';
  operator: string;
  body: string;
  created_at: string;
}

/** SQL of the live chat: conversations, their messages and the unread counters on both sides. */
export function createChatRepo(db: Db) {
  const open = db.prepare("SELECT * FROM chat_conversations WHERE user_id = ? AND status = 'open'");
  const latest = db.prepare('SELECT * FROM chat_conversations WHERE user_id = ? ORDER BY id DESC LIMIT 1');
  const byId = db.prepare('SELECT * FROM chat_conversations WHERE id = ?');
  const insertConversation = db.prepare(
    `INSERT INTO chat_conversations (user_id, last_message_at, created_at) VALUES (@userId, @now, @now)
     RETURNING id`,
  );
  const insertMessage = db.prepare(
    `INSERT INTO chat_messages (conversation_id, sender, operator, body, created_at)
     VALUES (@conversationId, @sender, @operator, @body, @now) RETURNING *`,
  );
  const touchForOperator = db.prepare(
    'UPDATE chat_conversations SET operator_unread = operator_unread + 1, last_message_at = @now WHERE id = @id',
  );
  const touchForPlayer = db.prepare(
    'UPDATE chat_conversations SET player_unread = player_unread + 1, last_message_at = @now WHERE id = @id',
  );
  const messages = db.prepare(
    'SELECT * FROM (SELECT * FROM chat_messages WHERE conversation_id = ? ORDER BY id DESC LIMIT 200) AS latest ORDER BY id',
  );
  const playerRead = db.prepare('UPDATE chat_conversations SET player_unread = 0 WHERE user_id = ?');
  const operatorRead = db.prepare(
    'UPDATE chat_conversations SET operator_unread = 0 WHERE id = ? AND operator_unread > 0',
  );
  const playerUnread = db
    .prepare('SELECT COALESCE(SUM(player_unread), 0) FROM chat_conversations WHERE user_id = ?')
    .pluck();
  const close = db.prepare(
    "UPDATE chat_conversations SET status = 'closed', closed_at = @now, closed_by = @by WHERE id = @id AND status = 'open'",
  );
  const OPS_SELECT = `SELECT c.*, u.uid, u.username,
       COALESCE((SELECT m.body FROM chat_messages m WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1), '') AS last_message
     FROM chat_conversations c JOIN users u ON u.id = c.user_id`;
  const opsList = db.prepare(
    `${OPS_SELECT} WHERE (@status = 'all' OR c.status = @status) AND (u.uid = @uid OR @uid IS NULL)
     ORDER BY c.last_message_at DESC, c.id DESC LIMIT @limit`,
  );
  const opsById = db.prepare(`${OPS_SELECT} WHERE c.id = ?`);
  const operatorUnread = db
    .prepare("SELECT COALESCE(SUM(operator_unread), 0) FROM chat_conversations WHERE status = 'open'")
    .pluck();

  return {
    open: (userId: number) => open.get(userId) as Promise<ConversationRow | undefined>,
    latest: (userId: number) => latest.get(userId) as Promise<ConversationRow | undefined>,
    byId: (id: number) => byId.get(id) as Promise<ConversationRow | undefined>,
    create: async (userId: number, now: string) =>
      ((await insertConversation.get({ userId, now })) as { id: number }).id,
    async addMessage(m: {
      conversationId: number;
      sender: 'player' | 'operator';
      operator: string;
      body: string;
      now: string;
    }) {
      const row = (await insertMessage.get(m)) as MessageRow;
      await (m.sender === 'player' ? touchForOperator : touchForPlayer).run({ id: m.conversationId, now: m.now });
      return row;
    },
    messages: (conversationId: number) => messages.all(conversationId) as Promise<MessageRow[]>,
    markPlayerRead: async (userId: number) => (await playerRead.run(userId)).changes,
    markOperatorRead: async (id: number) => (await operatorRead.run(id)).changes,
    playerUnread: (userId: number) => playerUnread.get(userId) as Promise<number>,
    operatorUnread: () => operatorUnread.get() as Promise<number>,
    close: async (id: number, by: string, now: string) => (await close.run({ id, by, now })).changes > 0,
    opsList: (f: { status: 'open' | 'closed' | 'all'; uid: number | null; limit: number }) =>
      opsList.all(f) as Promise<OpsConversationRow[]>,
    opsById: (id: number) => opsById.get(id) as Promise<OpsConversationRow | undefined>,
  };
}

export type ChatRepo = ReturnType<typeof createChatRepo>;
