import { create } from 'zustand';
import type { ChatMessage } from '../../../../shared/contract/chat';
import { fetchChat, markChatRead, postChat } from './api';

/** The live chat with customer service: the conversation on screen and the cs.unread badge. */
interface ChatState {
  status: 'idle' | 'loading' | 'success' | 'error';
  conversation: { id: number; status: 'open' | 'closed' } | null;
  messages: ChatMessage[];
  unread: number;
  /** The chat screen is open: new answers count as read at once. */
  watching: boolean;
  load(): Promise<void>;
  send(text: string): Promise<void>;
  watch(on: boolean): void;
  /** Socket: an operator answered. */
  received(message: ChatMessage): void;
  /** Socket: the conversation was closed. */
  closed(conversationId: number): void;
  setUnread(n: number): void;
  clear(): void;
}

const byId = (a: ChatMessage, b: ChatMessage) => a.id - b.id;

export const useChatStore = create<ChatState>((set, get) => ({
  status: 'idle',
  conversation: null,
  messages: [],
  unread: 0,
  watching: false,
  async load() {
    set({ status: get().messages.length ? 'success' : 'loading' });
    try {
      const view = await fetchChat();
      set({ status: 'success', conversation: view.conversation, messages: view.messages, unread: view.unread });
      if (view.unread > 0 && get().watching) await markChatRead().then(() => set({ unread: 0 }));
    } catch {
      set({ status: 'error' });
    }
  },
  async send(text) {
    const message = await postChat(text);
    const { conversation, messages } = get();
    const sameConversation = conversation?.id === message.conversationId && conversation.status === 'open';
    set({
      conversation: { id: message.conversationId, status: 'open' },
      messages: sameConversation ? [...messages, message].sort(byId) : [message],
    });
  },
  watch(on) {
    set({ watching: on });
  },
  received(message) {
    const { conversation, messages, watching } = get();
    if (messages.some((m) => m.id === message.id)) return;
    const same = conversation?.id === message.conversationId;
    set({
      conversation: { id: message.conversationId, status: 'open' },
      messages: same ? [...messages, message].sort(byId) : [message],
    });
    if (watching) void markChatRead().catch(() => {});
  },
  closed(conversationId) {
    const { conversation } = get();
    if (conversation?.id === conversationId) set({ conversation: { ...conversation, status: 'closed' } });
  },
  setUnread(n) {
    set({ unread: get().watching ? 0 : n });
  },
  clear() {
    set({ status: 'idle', conversation: null, messages: [], unread: 0 });
  },
}));
