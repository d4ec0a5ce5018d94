import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { pokerMessageSchema } from '../../../../../shared/contract/mall';
import { IconSound } from '../../../components/icons';
import { formatMoney } from '../../../lib/format';
import { getPokerMessages } from '../api/get-poker-messages';
import { cardFromCode } from './card-code';
import { useCardName } from './poker-card';

type Message = z.infer<typeof pokerMessageSchema>;

const POLL_MS = 15_000;
const STEP_MS = 3_500;

/**
 * The live feed of every player's draws and grand prizes: fetched every 15 s while the page is visible,
 * shown one line at a time. `refreshKey` changes after the player's own draw to fetch at once.
 */
export function PokerTicker({ refreshKey }: { refreshKey: number }) {
  const { t } = useTranslation();
  const cardName = useCardName();
  const [messages, setMessages] = useState<Message[]>([]);
  const [index, setIndex] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey asks for an immediate fetch
  useEffect(() => {
    let alive = true;
    const load = () => {
      if (document.visibilityState === 'hidden') return;
      getPokerMessages().then(
        (list) => {
          if (!alive) return;
          setMessages(list);
          setIndex(0);
        },
        () => {},
      );
    };
    load();
    const timer = setInterval(load, POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [refreshKey]);

  useEffect(() => {
    if (messages.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % messages.length), STEP_MS);
    return () => clearInterval(timer);
  }, [messages]);

  const current = messages[index];
  const text = (m: Message) =>
    m.kind === 'grandPrize'
      ? t('pokerEvent.feedGrandPrize', { name: m.username, amount: formatMoney(m.amount) })
      : t('pokerEvent.feedDraw', { name: m.username, card: m.card ? cardName(cardFromCode(m.card)) : '' });

  return (
    <section className="pk-ticker" aria-label={t('pokerEvent.feed')}>
      <IconSound size={18} className="pk-ticker__icon" />
      <div className="pk-ticker__window" aria-live="off">
        {current ? (
          <p key={current.id} className={`pk-ticker__line${current.kind === 'grandPrize' ? ' is-win' : ''}`}>
            {text(current)}
          </p>
        ) : (
          <p className="pk-ticker__line is-empty">{t('pokerEvent.feedEmpty')}</p>
        )}
      </div>
    </section>
  );
}
