import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ChatMessage } from '../../../../shared/contract/chat';
import {
  CLOSE_SESSION_ENDED,
  type Frame,
  OPS_SOCKET_PATH,
  OPS_SOCKET_PROTOCOL,
  opsSocketProtocols,
} from '../../../../shared/socket';
import { opsClient, registerPlayer, testApp } from '../../test/helpers';
import { operatorClient } from '../../test/operators';

/**
 * The operator channel (/ops/socket): a back office connected with the operator token receives the live
 * chat as it happens (a player's message, the unread count, a close), with a real `ws` client on a
 * listening server, the way the browser opens it (token in Sec-WebSocket-Protocol).
 */

let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  app = await testApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${OPS_SOCKET_PATH}`;
});
afterAll(() => app.close());

interface Link {
  ws: WebSocket;
  /** The next frame of this event not taken yet. */
  next(event: string): Promise<Frame>;
}

function open(protocols: string[], cookie?: string): Promise<Link> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols, cookie ? { headers: { cookie } } : {});
    const frames: Frame[] = [];
    const waiters: { event: string; found: (f: Frame) => void }[] = [];
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as Frame;
      const index = waiters.findIndex((w) => w.event === frame.event);
      if (index >= 0) waiters.splice(index, 1)[0]?.found(frame);
      else frames.push(frame);
    });
    ws.on('unexpected-response', (_request, response) => reject(new Error(`refused ${response.statusCode}`)));
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        ws,
        next: (event) =>
          new Promise((found) => {
            const index = frames.findIndex((f) => f.event === event);
            if (index >= 0) return found(frames.splice(index, 1)[0] as Frame);
            waiters.push({ event, found });
          }),
      }),
    );
  });
}

describe('the operator channel', () => {
  it('refuses a connection without the operator token or with a wrong one', async () => {
    await expect(open([OPS_SOCKET_PROTOCOL])).rejects.toThrow('refused 401');
    await expect(open(opsSocketProtocols('not-the-token'))).rejects.toThrow('refused 401');
    expect(app.socket.operatorCount()).toBe(0);
  });

  it("carries players' chat only to the roles that may chat: a cashier's, risk's or tester's session is refused", async () => {
    // The feed is the live chat (OperatorEvents): the 'chat' permission is support's and admin's only.
    for (const role of ['cashier', 'risk', 'tester'] as const) {
      const { client } = await operatorClient(app, role);
      await expect(open([OPS_SOCKET_PROTOCOL], client.cookie)).rejects.toThrow('refused 403');
    }
    expect(app.socket.operatorCount()).toBe(0);
    const { client } = await operatorClient(app, 'support');
    const support = await open([OPS_SOCKET_PROTOCOL], client.cookie);
    expect(app.socket.operatorCount()).toBe(1);
    support.ws.close();
    await new Promise((done) => support.ws.once('close', done));
  });

  it('closes the feed of an operator disabled (or moved to a role without chat) at their next heartbeat', async () => {
    for (const change of [{ disabled: true }, { role: 'cashier' as const }]) {
      const { client, operator } = await operatorClient(app, 'support');
      const link = await open([OPS_SOCKET_PROTOCOL], client.cookie);
      const closed = new Promise<number>((done) => link.ws.once('close', (code) => done(code)));
      await app.services.operators.update(operator.id, change);
      // The back office answers every ping of the server with a pong: the session is read again then.
      link.ws.send(JSON.stringify({ event: 'pong', sid: '' }));
      expect(await closed).toBe(CLOSE_SESSION_ENDED);
    }
    await new Promise((done) => setTimeout(done, 20));
    expect(app.socket.operatorCount()).toBe(0);
  });

  it("pushes a player's message, the unread count, the read and the close to a connected back office", async () => {
    const operator = await open(opsSocketProtocols(app.config.adminToken));
    expect(operator.ws.protocol).toBe(OPS_SOCKET_PROTOCOL);
    const { client } = await registerPlayer(app);

    const sent = await client.post<ChatMessage>('/api/chat/send', { text: 'Where is my withdrawal?' });
    expect(sent.body.success).toBe(true);
    const message = await operator.next('chat.message');
    expect(message).toEqual({ event: 'chat.message', sid: '', content: sent.body.data });
    expect((await operator.next('chat.unread')).content).toBe(1);

    const id = sent.body.data.conversationId;
    await opsClient(app).post(`/ops/chat/${id}/read`);
    expect((await operator.next('chat.unread')).content).toBe(0);

    const reply = await opsClient(app).post<ChatMessage>(`/ops/chat/${id}/reply`, { text: 'Looking now' });
    expect((await operator.next('chat.message')).content).toEqual(reply.body.data);

    await opsClient(app).post(`/ops/chat/${id}/close`);
    expect((await operator.next('chat.closed')).content).toEqual({ conversationId: id, closedBy: 'service' });

    // the heartbeat works as on the player socket
    operator.ws.send(JSON.stringify({ event: 'ping', sid: '' }));
    expect((await operator.next('pong')).event).toBe('pong');
    operator.ws.close();
  });
});
