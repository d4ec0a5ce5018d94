import type { FastifyInstance } from 'fastify';
import { chatOpsRoutes, chatRoutes } from './routes';
import { type ChatService, createChatService } from './service';

declare module 'fastify' {
  interface AppServices {
    chat: ChatService;
  }
}

/** Live chat: the service on app.services, the player routes, the operator routes and their audit. */
export function register(app: FastifyInstance) {
  const chat = createChatService({
    db: app.db,
    clock: app.clock,
    push: (userId, event, content) => app.socket.push(userId, event, content),
    pushOperators: (event, content) => app.socket.pushOperators(event, content),
    limiter: app.limiter,
  });
  Object.assign(app.services, { chat });

  chatRoutes(app, chat);
  if (!app.config.opsEnabled) return;
  chatOpsRoutes(app, chat);
  const { audit } = app.services;
  for (const action of ['read', 'reply', 'close']) {
    audit.describe('POST', `/ops/chat/:id/${action}`, {
      target: (request) => `chat:${(request.params as { id: number }).id}`,
      state: (request) => chat.auditState(Number((request.params as { id: number }).id)),
    });
  }
}
