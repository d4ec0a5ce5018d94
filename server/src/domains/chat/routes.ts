import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/chat';
import { operatorOf, route } from '../../route';
import type { ChatService } from './service';

/** The player's side of the live chat (/api/chat). */
export function chatRoutes(app: FastifyInstance, chat: ChatService) {
  route(app, contract.getChat, ({ user }) => chat.view(user.id));
  route(app, contract.sendChat, ({ user, body }) => chat.send(user.id, body.text));
  route(app, contract.readChat, ({ user }) => chat.read(user.id));
}

/** The operators' side (/ops/chat): the conversation list, one conversation, mark read, reply, close. */
export function chatOpsRoutes(app: FastifyInstance, chat: ChatService) {
  route(app, contract.listConversations, ({ query }) => chat.opsList(query));
  route(app, contract.getConversation, ({ params }) => chat.opsView(params.id));
  route(app, contract.markChatRead, ({ params }) => chat.opsMarkRead(params.id));
  route(app, contract.replyChat, ({ params, body, request }) => chat.reply(params.id, operatorOf(request), body.text));
  route(app, contract.closeChat, ({ params, request }) => chat.close(params.id, operatorOf(request)));
}
