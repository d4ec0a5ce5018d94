import { CHAT_EVENTS } from '../../../../shared/chat-events';
import { Code } from '../../../../shared/codes';
import type { OperatorEvent, OperatorEvents, ServerEvent, ServerEvents } from '../../../../shared/socket';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { Limiter } from '../../plugins/rate-limit';
import { type ConversationRow, createChatRepo, type MessageRow, type OpsConversationRow } from './repo';

const messageView = (m: MessageRow) => ({
  id: m.id,
  conversationId: m.conversation_id,
  sender: m.sender,
  operator: m.operator,
  text: m.body,
  createdAt: m.created_at,
});

const conversationView = (c: ConversationRow) => ({
  id: c.id,
  status: c.status,
  createdAt: c.created_at,
  closedAt: c.closed_at,
});

const opsConversationView = (c: OpsConversationRow) => ({
  ...conversationView(c),
  uid: c.uid,
  username: c.username,
  unread: c.operator_unread,
  lastMessage: c.last_message,
  lastMessageAt: c.last_message_at,
  closedBy: c.closed_by,
});

/**
 * Live chat: a player writes, an operator answers from the back office. What the player must see at once
 * (an answer, the close, the unread count) is pushed on their socket; the back office reads the lists.
 */
/** What one player may write to customer service (each message at most CHAT_TEXT_MAX characters). */
export const CHAT_PER_MINUTE = { limit: 12, windowMs: 60_000 };
export const CHAT_PER_DAY = { limit: 300, windowMs: 86_400_000 };

export function createChatService(deps: {
  db: Db;
  clock: Clock;
  push: <E extends ServerEvent>(userId: number, event: E, content: ServerEvents[E]) => void;
  /** The operator channel: every connected back office. */
  pushOperators: <E extends OperatorEvent>(event: E, content: OperatorEvents[E]) => void;
  limiter: Limiter;
}) {
  const { db, clock } = deps;
  const repo = createChatRepo(db);

  const opsConversation = async (id: number) => {
    const row = await repo.opsById(id);
    if (!row) throw new AppError(Code.CHAT_NOT_FOUND);
    return row;
  };
  const pushUnread = async (userId: number) => deps.push(userId, CHAT_EVENTS.unread, await repo.playerUnread(userId));
  const pushOperatorUnread = async () => deps.pushOperators('chat.unread', await repo.operatorUnread());

  return {
    /** The open conversation (else the last one) with its messages, and the player's unread count. */
    async view(userId: number) {
      const conversation = (await repo.open(userId)) ?? (await repo.latest(userId));
      return {
        conversation: conversation ? conversationView(conversation) : null,
        messages: conversation ? (await repo.messages(conversation.id)).map(messageView) : [],
        unread: await repo.playerUnread(userId),
      };
    },

    unread: (userId: number) => repo.playerUnread(userId),

    /** The player writes: into the open conversation, or a new one. */
    async send(userId: number, text: string) {
      // A person types a few messages a minute: a flood (1,500 in 2 s, 40 MB, issue 26) is refused.
      await deps.limiter.consume(`chat:user:${userId}`, CHAT_PER_MINUTE);
      await deps.limiter.consume(`chat:day:${userId}`, CHAT_PER_DAY);
      const now = clock.iso();
      const message = await db.transaction(async () => {
        const conversationId = (await repo.open(userId))?.id ?? (await repo.create(userId, now));
        return messageView(await repo.addMessage({ conversationId, sender: 'player', operator: '', body: text, now }));
      })();
      deps.pushOperators('chat.message', message);
      await pushOperatorUnread();
      return message;
    },

    async read(userId: number) {
      if ((await repo.markPlayerRead(userId)) > 0) await pushUnread(userId);
      return { unread: 0 };
    },

    async opsList(filter: { status: 'open' | 'closed' | 'all'; uid?: number; limit: number }) {
      return {
        list: (await repo.opsList({ status: filter.status, uid: filter.uid ?? null, limit: filter.limit })).map(
          opsConversationView,
        ),
        unread: await repo.operatorUnread(),
      };
    },

    /** One conversation and its messages, as they are: reading changes nothing (see opsMarkRead). */
    async opsView(id: number) {
      const conversation = await opsConversation(id);
      return { conversation: opsConversationView(conversation), messages: (await repo.messages(id)).map(messageView) };
    },

    /** The back office shows the conversation: its player messages count as read. */
    async opsMarkRead(id: number) {
      await opsConversation(id);
      if ((await repo.markOperatorRead(id)) > 0) await pushOperatorUnread();
      return opsConversationView(await opsConversation(id));
    },

    /** An operator answers: stored, then pushed to the player with their new unread count. */
    async reply(id: number, operator: string, text: string) {
      const conversation = await opsConversation(id);
      if (conversation.status !== 'open') throw new AppError(Code.CHAT_CLOSED);
      const now = clock.iso();
      const message = messageView(
        await db.transaction(async () => {
          await repo.markOperatorRead(id);
          return repo.addMessage({ conversationId: id, sender: 'operator', operator, body: text, now });
        })(),
      );
      deps.push(conversation.user_id, CHAT_EVENTS.message, message);
      await pushUnread(conversation.user_id);
      deps.pushOperators('chat.message', message);
      await pushOperatorUnread();
      return message;
    },

    async close(id: number, operator: string) {
      const conversation = await opsConversation(id);
      if (!(await db.transaction(() => repo.close(id, operator, clock.iso()))())) throw new AppError(Code.CHAT_CLOSED);
      deps.push(conversation.user_id, CHAT_EVENTS.closed, { conversationId: id });
      deps.pushOperators('chat.closed', { conversationId: id, closedBy: operator });
      await pushOperatorUnread();
      return opsConversationView(await opsConversation(id));
    },

    /** What the audit trail records of a conversation, before and after an operator action. */
    async auditState(id: number) {
      const c = await repo.byId(id);
      return c ? { status: c.status, playerUnread: c.player_unread, operatorUnread: c.operator_unread } : null;
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
