import { z } from 'zod';
import { Code } from '../codes';
import { RuleMessage } from '../rules';
import { isoTime } from './common';
import { defineEndpoint } from './define';

/**
 * Live chat between a player and the operators (issue 15 item 8). A player has at most one open
 * conversation; their first message opens it, an operator closes it, the next message opens a new one.
 * New messages are pushed on the socket (shared/socket.ts CHAT_EVENTS): `chat.message` to the player
 * when an operator answers, `chat.closed` when the conversation is closed, `cs.unread` with the count of
 * operator messages the player has not read.
 */

export const CHAT_TEXT_MAX = 1000;

export const chatText = z
  .string()
  .trim()
  .min(1, RuleMessage.required)
  .max(CHAT_TEXT_MAX, RuleMessage.format)
  .describe('Plain text, at most 1,000 characters');

export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  sender: z.enum(['player', 'operator']),
  /** The operator's name on operator messages (the back office's operator name), empty on the player's. */
  operator: z.string(),
  text: z.string(),
  createdAt: isoTime,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatConversationSchema = z.object({
  id: z.number().int(),
  status: z.enum(['open', 'closed']),
  createdAt: isoTime,
  closedAt: isoTime.nullable(),
});

export const chatView = z.object({
  conversation: chatConversationSchema.nullable().describe('The open conversation, else the last one, else null'),
  messages: z.array(chatMessageSchema).describe('Its messages, oldest first (the last 200)'),
  unread: z.number().int().nonnegative().describe('Operator messages the player has not read'),
});

export const getChat = defineEndpoint({
  method: 'GET',
  path: '/api/chat',
  access: 'user',
  quiet: true,
  summary: "The player's live-chat conversation (the open one, else the last) and its messages",
  data: chatView,
});

export const sendChat = defineEndpoint({
  method: 'POST',
  path: '/api/chat/send',
  access: 'user',
  quiet: true,
  summary: 'Write to customer service; opens a conversation when none is open',
  body: z.strictObject({ text: chatText }),
  data: chatMessageSchema,
  codes: [Code.RATE_LIMITED],
});

export const readChat = defineEndpoint({
  method: 'POST',
  path: '/api/chat/read',
  access: 'user',
  quiet: true,
  summary: "Mark the operators' messages read (pushes cs.unread 0)",
  body: z.strictObject({}),
  data: z.object({ unread: z.number().int().nonnegative() }),
});

export const chatEndpoints = [getChat, sendChat, readChat] as const;

// --- operator side (/ops, admin token) ---

export const opsConversationSchema = chatConversationSchema.extend({
  uid: z.number().int(),
  username: z.string(),
  unread: z.number().int().nonnegative().describe('Player messages no operator has read'),
  lastMessage: z.string(),
  lastMessageAt: isoTime,
  closedBy: z.string(),
});

const conversationParams = z.strictObject({ id: z.coerce.number().int().positive() });

export const listConversations = defineEndpoint({
  method: 'GET',
  path: '/ops/chat',
  access: 'ops',
  permission: 'chat',
  summary: 'Live-chat conversations, the most recent message first, with unread counts',
  query: z.strictObject({
    status: z.enum(['open', 'closed', 'all']).default('open'),
    uid: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  data: z.object({ list: z.array(opsConversationSchema), unread: z.number().int().describe('Unread in all open') }),
});

export const getConversation = defineEndpoint({
  method: 'GET',
  path: '/ops/chat/:id',
  access: 'ops',
  permission: 'chat',
  summary: 'One conversation and its messages (reading changes nothing: POST /ops/chat/:id/read marks them read)',
  params: conversationParams,
  data: z.object({ conversation: opsConversationSchema, messages: z.array(chatMessageSchema) }),
  codes: [Code.CHAT_NOT_FOUND],
});

export const replyChat = defineEndpoint({
  method: 'POST',
  path: '/ops/chat/:id/reply',
  access: 'ops',
  permission: 'chat',
  summary: 'Answer the player (pushed to them at once as chat.message); the X-Operator header names the sender',
  params: conversationParams,
  body: z.strictObject({ text: chatText }),
  data: chatMessageSchema,
  codes: [Code.CHAT_NOT_FOUND, Code.CHAT_CLOSED],
});

export const closeChat = defineEndpoint({
  method: 'POST',
  path: '/ops/chat/:id/close',
  access: 'ops',
  permission: 'chat',
  summary: 'Close the conversation (pushed as chat.closed); the player’s next message opens a new one',
  params: conversationParams,
  body: z.strictObject({}),
  data: opsConversationSchema,
  codes: [Code.CHAT_NOT_FOUND, Code.CHAT_CLOSED],
});

export const markChatRead = defineEndpoint({
  method: 'POST',
  path: '/ops/chat/:id/read',
  access: 'ops',
  permission: 'chat',
  summary: "The back office shows the conversation: the player's messages count as read (pushed as chat.unread)",
  params: conversationParams,
  body: z.strictObject({}),
  data: opsConversationSchema,
  codes: [Code.CHAT_NOT_FOUND],
});

export const opsChatEndpoints = [listConversations, getConversation, markChatRead, replyChat, closeChat] as const;
