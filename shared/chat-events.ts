/**
 * Live-chat socket events (shared/contract/chat.ts), in a zod-free module the client can import: an
 * operator answered (content: the message), the conversation was closed ({ conversationId }), and the
 * count of operator messages the player has not read (a number).
 */
export const CHAT_EVENTS = {
  message: 'chat.message',
  closed: 'chat.closed',
  unread: 'cs.unread',
} as const;
