import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/record';
import { route } from '../../route';
import type { InboxService } from './service';

export function inboxRoutes(app: FastifyInstance, inbox: InboxService) {
  route(app, contract.letters, ({ user, query, request }) => inbox.list(user.id, request.lang, query));
  route(app, contract.letterTypes, ({ user, request }) => inbox.types(user.id, request.lang));
  route(app, contract.readLetter, ({ user, body }) => inbox.read(user.id, body.id));
  route(app, contract.deleteLetters, ({ user, body }) =>
    inbox.delete(user.id, body.id !== undefined ? { id: body.id } : { allRead: true }),
  );
  route(app, contract.claimLetter, async ({ user, body }) => ({ rewards: await inbox.claim(user.id, body.id) }));
}
