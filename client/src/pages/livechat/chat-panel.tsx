import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { useChatStore } from '../../features/chat/store';
import { formatTime } from './chat-time';

/** The in-app live chat of a logged-in player: the conversation, pushed answers, and a box to write. */
export function ChatPanel() {
  const { t } = useTranslation();
  const { status, conversation, messages, load, send, watch } = useChatStore();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    watch(true);
    void load();
    return () => watch(false);
  }, [load, watch]);
  const count = messages.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message scrolls to the end
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const typed = text.trim();
    if (!typed) return;
    setError('');
    try {
      await send(typed);
      setText('');
    } catch {
      setError(t('chat.sendFailed'));
    }
  };

  return (
    <section className="chat" aria-label={t('chat.title')}>
      <div className="chat__log" aria-live="polite">
        {status === 'loading' ? <p className="chat__hint">{t('chat.loading')}</p> : null}
        {status === 'error' ? (
          <p className="chat__hint chat__hint--bad" role="alert">
            {t('chat.loadFailed')}{' '}
            <button type="button" className="link" onClick={() => void load()}>
              {t('chat.retry')}
            </button>
          </p>
        ) : null}
        {status === 'success' && messages.length === 0 ? <p className="chat__hint">{t('chat.empty')}</p> : null}
        {messages.map((m) => (
          <div key={m.id} className={`chat__bubble chat__bubble--${m.sender}`}>
            <span className="chat__who">{m.sender === 'player' ? t('chat.you') : m.operator || t('chat.agent')}</span>
            <span className="chat__text">{m.text}</span>
            <time className="chat__time" dateTime={m.createdAt}>
              {formatTime(m.createdAt)}
            </time>
          </div>
        ))}
        {conversation?.status === 'closed' ? <p className="chat__hint">{t('chat.closed')}</p> : null}
        <div ref={end} />
      </div>
      <form className="chat__form" onSubmit={submit}>
        <textarea
          aria-label={t('chat.placeholder')}
          placeholder={t('chat.placeholder')}
          value={text}
          maxLength={1000}
          rows={2}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void submit();
            }
          }}
        />
        {/* the form's submit sends; an onClick here as well sent every clicked message twice */}
        <Button type="submit" disabled={!text.trim()}>
          {t('chat.send')}
        </Button>
      </form>
      {error ? (
        <p className="chat__hint chat__hint--bad" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
