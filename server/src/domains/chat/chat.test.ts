import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import type { ChatMessage } from '../../../../shared/contract/chat';
import { opsClient, registerPlayer, TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';

type View = { conversation: { id: number; status: string } | null; messages: ChatMessage[]; unread: number };
type OpsConversation = {
  id: number;
  uid: number;
  status: string;
  unread: number;
  lastMessage: string;
  closedBy: string;
};

let app: FastifyInstance;
let frames: { userId: number; event: string; content: unknown }[];
beforeEach(async () => {
  app = await testApp();
  frames = [];
  app.socket.onPush((userId, frame) => frames.push({ userId, event: frame.event, content: frame.content }));
});
afterEach(() => app.close());

const agent = (name: string) =>
  new TestClient(app, '127.0.0.1', { authorization: `Bearer ${app.config.adminToken}`, 'x-operator': name });
const chatOf = async (client: TestClient) => (await client.get<View>('/api/chat')).body.data;
const inbox = async () =>
  (await opsClient(app).get<{ list: OpsConversation[]; unread: number }>('/ops/chat')).body.data;

describe('live chat', () => {
  it('a player writes, an operator reads and answers, the answer is pushed and counted unread', async () => {
    const { client, info } = await registerPlayer(app);
    expect(await chatOf(client)).toEqual({ conversation: null, messages: [], unread: 0 });
    const first = await client.post<ChatMessage>('/api/chat/send', { text: '  My deposit is missing  ' });
    expect(first.body.data).toMatchObject({ sender: 'player', text: 'My deposit is missing', operator: '' });
    await client.post('/api/chat/send', { text: 'Order D2026...' });

    const list = await inbox();
    expect(list.unread).toBe(2);
    expect(list.list).toMatchObject([{ uid: info.uid, status: 'open', unread: 2, lastMessage: 'Order D2026...' }]);
    const id = list.list[0]?.id as number;
    const opened = await opsClient(app).get<{ messages: ChatMessage[] }>(`/ops/chat/${id}`);
    expect(opened.body.data.messages.map((m) => m.text)).toEqual(['My deposit is missing', 'Order D2026...']);
    // reading is explicit: the GET changed nothing, the back office's POST .../read marks them read
    expect((await inbox()).unread).toBe(2);
    const read = await agent('Joy').post<OpsConversation>(`/ops/chat/${id}/read`);
    expect(read.body.data).toMatchObject({ id, unread: 0 });
    expect((await inbox()).unread).toBe(0);

    const reply = await agent('Joy').post<ChatMessage>(`/ops/chat/${id}/reply`, { text: 'Checking it now' });
    expect(reply.body.data).toMatchObject({ sender: 'operator', operator: 'Joy', text: 'Checking it now' });
    const chatFrames = frames.filter((f) => f.event.startsWith('chat.') || f.event === 'cs.unread');
    expect(chatFrames.map((f) => [f.event, f.content])).toEqual([
      ['chat.message', reply.body.data],
      ['cs.unread', 1],
    ]);
    expect(new Set(chatFrames.map((f) => f.userId)).size).toBe(1);
    const view = await chatOf(client);
    expect(view.unread).toBe(1);
    expect(view.messages.map((m) => `${m.sender}:${m.text}`)).toEqual([
      'player:My deposit is missing',
      'player:Order D2026...',
      'operator:Checking it now',
    ]);
    expect((await client.post('/api/chat/read')).body.data).toEqual({ unread: 0 });
    expect(frames.at(-1)).toMatchObject({ event: 'cs.unread', content: 0 });
    expect((await chatOf(client)).unread).toBe(0);

    // the reply is in the audit trail, with the conversation's state around it
    const trail = (
      await opsClient(app).get<{ list: { target: string; operator: string; before: unknown; after: unknown }[] }>(
        '/ops/audit',
      )
    ).body.data.list;
    expect(trail[0]).toMatchObject({
      target: `chat:${id}`,
      operator: 'Joy',
      before: { status: 'open', playerUnread: 0 },
      after: { status: 'open', playerUnread: 1 },
    });
  });

  it('closing ends the conversation; the next message opens a new one; a closed one takes no reply', async () => {
    const { client } = await registerPlayer(app);
    await client.post('/api/chat/send', { text: 'Hello' });
    const id = (await inbox()).list[0]?.id as number;
    const closed = await agent('Ben').post<OpsConversation>(`/ops/chat/${id}/close`);
    expect(closed.body.data).toMatchObject({ status: 'closed', closedBy: 'Ben' });
    expect(frames.at(-1)).toMatchObject({ event: 'chat.closed', content: { conversationId: id } });
    expect((await chatOf(client)).conversation).toMatchObject({ id, status: 'closed' });
    expect((await opsClient(app).post(`/ops/chat/${id}/reply`, { text: 'late' })).body.code).toBe(Code.CHAT_CLOSED);
    expect((await opsClient(app).post(`/ops/chat/${id}/close`)).body.code).toBe(Code.CHAT_CLOSED);
    expect((await opsClient(app).get('/ops/chat/999')).body.code).toBe(Code.CHAT_NOT_FOUND);
    expect((await inbox()).list).toEqual([]);

    await client.post('/api/chat/send', { text: 'Again' });
    const next = await chatOf(client);
    expect(next.conversation?.id).not.toBe(id);
    expect(next.messages.map((m) => m.text)).toEqual(['Again']);
    const all = (await opsClient(app).get<{ list: OpsConversation[] }>('/ops/chat', { status: 'all' })).body.data;
    expect(all.list.map((c) => c.status)).toEqual(['open', 'closed']);
  });

  it('keeps players apart, refuses visitors and empty or long messages', async () => {
    const a = await registerPlayer(app);
    const b = await registerPlayer(app);
    await a.client.post('/api/chat/send', { text: 'Only mine' });
    expect((await chatOf(b.client)).messages).toEqual([]);
    const visitor = new TestClient(app);
    expect((await visitor.post('/api/chat/send', { text: 'hi' })).body.code).toBe(Code.SESSION_INVALID);
    expect((await a.client.post('/api/chat/send', { text: '   ' })).body.code).toBe(Code.VALIDATION);
    expect((await a.client.post('/api/chat/send', { text: 'x'.repeat(1001) })).body.code).toBe(Code.VALIDATION);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM chat_messages`).toBe(1);
  });

  it('refuses a flood: twelve messages a minute per player, the rest rate-limited and not stored', async () => {
    const { client } = await registerPlayer(app);
    const codes: number[] = [];
    for (let i = 0; i < 15; i++) codes.push((await client.post('/api/chat/send', { text: `message ${i}` })).body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(12);
    expect(codes.slice(12)).toEqual([Code.RATE_LIMITED, Code.RATE_LIMITED, Code.RATE_LIMITED]);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM chat_messages`).toBe(12);
    // A minute later the player writes again.
    app.clock.advance(60_000);
    expect((await client.post('/api/chat/send', { text: 'still there?' })).body.code).toBe(0);
  });
});
