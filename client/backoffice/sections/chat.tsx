import { useEffect, useState } from 'react';
import { closeChat, getConversation, listConversations, markChatRead, replyChat } from '../../../shared/contract/chat';
import { opsCall, when } from '../api';
import { useLiveState, useOperatorEvent } from '../live';
import { Action, PickRow, Section, State, useLoad } from '../ui';

/**
 * Live chat (/ops/chat): conversations with unread counts, one conversation, reply, close. Nothing polls:
 * the operator channel (live.ts) says when a message, a close or a read happened, and the lists are read
 * again then (and on every reconnect).
 */
export function Chat() {
  const [status, setStatus] = useState<'open' | 'closed' | 'all'>('open');
  const [selected, setSelected] = useState<number | null>(null);
  const list = useLoad(() => opsCall(listConversations, { query: { status } }), [status]);
  const live = useLiveState();
  const reloadList = () => void list.reload();
  useOperatorEvent('chat.message', reloadList);
  useOperatorEvent('chat.closed', reloadList);
  useOperatorEvent('chat.unread', reloadList);
  useOperatorEvent('open', reloadList);
  const rows = list.data?.list ?? [];
  return (
    <Section
      title="Live chat"
      tools={
        <>
          <span className={live ? 'live on' : 'live'}>{live ? 'Live' : 'Reconnecting…'}</span>
          <span className="muted">{list.data?.unread ?? 0} unread</span>
          <select
            aria-label="Conversations"
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
          >
            <option value="open">Open</option>
            <option value="closed">Closed</option>
            <option value="all">All</option>
          </select>
        </>
      }
    >
      <div className="split">
        <div>
          <State
            loading={list.loading}
            error={list.error}
            empty={rows.length === 0}
            retry={list.reload}
            what="conversations"
          />
          {rows.length > 0 && (
            <table>
              <thead>
                <tr>
                  <th>Player</th>
                  <th>Last message</th>
                  <th>Unread</th>
                  <th>When</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <PickRow key={c.id} selected={c.id === selected} onPick={() => setSelected(c.id)}>
                    <td>
                      {c.username} <span className="mono muted">{c.uid}</span>
                    </td>
                    <td>{c.lastMessage}</td>
                    <td>{c.unread > 0 ? <span className="pill suspended">{c.unread}</span> : ''}</td>
                    <td>{when(c.lastMessageAt)}</td>
                  </PickRow>
                ))}
              </tbody>
            </table>
          )}
        </div>
        {selected !== null && <Conversation key={selected} id={selected} onChange={list.reload} />}
      </div>
    </Section>
  );
}

function Conversation(props: { id: number; onChange: () => Promise<void> }) {
  const { id } = props;
  const [text, setText] = useState('');
  const thread = useLoad(() => opsCall(getConversation, { params: { id } }), [id]);
  // Shown means read: on opening, and for each player message arriving while it is open.
  const markRead = () => void opsCall(markChatRead, { params: { id }, body: {} }).catch(() => {});
  useEffect(markRead, [id]);
  useOperatorEvent('chat.message', (m) => {
    if (m.conversationId !== id) return;
    void thread.reload();
    if (m.sender === 'player') markRead();
  });
  useOperatorEvent('chat.closed', (c) => c.conversationId === id && void thread.reload());
  useOperatorEvent('open', () => void thread.reload());
  const c = thread.data?.conversation;
  const messages = thread.data?.messages ?? [];
  return (
    <section className="panel" aria-label="Conversation">
      <State
        loading={thread.loading}
        error={thread.error}
        empty={!thread.data}
        retry={thread.reload}
        what="conversation"
      />
      {c && (
        <>
          <h3>
            {c.username} <span className="mono muted">{c.uid}</span>{' '}
            <span className={`pill ${c.status}`}>{c.status}</span>
          </h3>
          <ol className="chat-log">
            {messages.map((m) => (
              <li key={m.id} className={m.sender}>
                <strong>{m.sender === 'player' ? c.username : m.operator}</strong>{' '}
                <span className="muted">{when(m.createdAt)}</span>
                <div>{m.text}</div>
              </li>
            ))}
          </ol>
          {c.status === 'open' ? (
            <form className="inline-form" onSubmit={(e) => e.preventDefault()}>
              <input
                aria-label="Reply"
                placeholder="Write an answer"
                maxLength={1000}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
              <Action
                kind="primary"
                disabled={!text.trim()}
                run={async () => {
                  await opsCall(replyChat, { params: { id }, body: { text: text.trim() } });
                  setText('');
                  await Promise.all([thread.reload(), props.onChange()]);
                }}
              >
                Reply
              </Action>
              <Action
                kind="danger"
                done="Conversation closed"
                run={async () => {
                  await opsCall(closeChat, { params: { id }, body: {} });
                  await Promise.all([thread.reload(), props.onChange()]);
                }}
              >
                Close
              </Action>
            </form>
          ) : (
            <p className="muted">Closed by {c.closedBy || 'an operator'}.</p>
          )}
        </>
      )}
    </section>
  );
}
