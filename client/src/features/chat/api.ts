import type { getChat, readChat, sendChat } from '../../../../shared/contract/chat';
import { call } from '../../lib/http';

export const fetchChat = () => call<typeof getChat>('GET', '/api/chat', { quiet: true, silent: true });
export const postChat = (text: string) =>
  call<typeof sendChat>('POST', '/api/chat/send', { quiet: true, body: { text } });
export const markChatRead = () => call<typeof readChat>('POST', '/api/chat/read', { quiet: true, body: {} });
