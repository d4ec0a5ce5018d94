import { CHAT_EVENTS } from '../../../shared/chat-events';
import type { ChatMessage } from '../../../shared/contract/chat';
import { useChatStore } from '../features/chat/store';
import type { SocketClient } from '../lib/socket';

const isMessage = (c: unknown): c is ChatMessage =>
  typeof c === 'object' &&
  c !== null &&
  typeof (c as ChatMessage).id === 'number' &&
  typeof (c as ChatMessage).text === 'string';

/** The live-chat events of the socket: an operator's answer, the close, the cs.unread badge. */
export function bindChatEvents(socket: SocketClient): void {
  socket.on(CHAT_EVENTS.message, (content) => {
    if (isMessage(content)) useChatStore.getState().received(content);
  });
  socket.on(CHAT_EVENTS.closed, (content) => {
    const id = (content as { conversationId?: unknown } | null)?.conversationId;
    if (typeof id === 'number') useChatStore.getState().closed(id);
  });
  socket.on(CHAT_EVENTS.unread, (content) => {
    const n = Number(content);
    if (Number.isFinite(n)) useChatStore.getState().setUnread(Math.max(0, Math.trunc(n)));
  });
}
