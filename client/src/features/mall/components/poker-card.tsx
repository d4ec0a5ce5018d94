import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { pokerCardSchema } from '../../../../../shared/contract/mall';

export type PokerCardData = z.infer<typeof pokerCardSchema>;

const SUIT_SYMBOL = { spades: '♠', hearts: '♥', diamonds: '♦', clubs: '♣' } as const;

export const isRedCard = (card: Pick<PokerCardData, 'suit' | 'rank'>) =>
  card.suit === 'hearts' || card.suit === 'diamonds' || (card.suit === 'joker' && card.rank === 'red');

/** "Q♥", "10♣", "Red joker": how a card reads in the feed and to screen readers. */
export function useCardName() {
  const { t } = useTranslation();
  return (card: Pick<PokerCardData, 'suit' | 'rank'>) =>
    card.suit === 'joker'
      ? t(card.rank === 'red' ? 'pokerEvent.redJoker' : 'pokerEvent.blackJoker')
      : `${card.rank}${SUIT_SYMBOL[card.suit]}`;
}

/** A card face: rank and suit, or a joker; dimmed while missing, with the copies held beyond one. */
export function PokerCard({ card, size = 'sm' }: { card: PokerCardData; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation();
  const name = useCardName()(card);
  const owned = card.owned > 0;
  const classes = [
    'pk-card',
    `pk-card--${size}`,
    isRedCard(card) ? 'pk-card--red' : 'pk-card--black',
    card.suit === 'joker' ? 'pk-card--joker' : '',
    owned ? 'is-owned' : 'is-missing',
  ]
    .filter(Boolean)
    .join(' ');
  const label = owned
    ? t('pokerEvent.cardOwned', { card: name, count: card.owned })
    : t('pokerEvent.cardMissing', { card: name });
  return (
    <div className={classes} role="img" aria-label={label} data-card={card.code}>
      {card.suit === 'joker' ? (
        <>
          <span className="pk-card__joker" aria-hidden="true">
            ★
          </span>
          <span className="pk-card__joker-word" aria-hidden="true">
            JOKER
          </span>
        </>
      ) : (
        <>
          <span className="pk-card__rank" aria-hidden="true">
            {card.rank}
          </span>
          <span className="pk-card__suit" aria-hidden="true">
            {SUIT_SYMBOL[card.suit]}
          </span>
        </>
      )}
      {card.owned > 1 ? (
        <span className="pk-card__count" aria-hidden="true">
          ×{card.owned}
        </span>
      ) : null}
    </div>
  );
}

/** The back of a card, for the draw animation. */
export function PokerCardBack({ size = 'lg' }: { size?: 'sm' | 'lg' }) {
  return (
    <div className={`pk-card pk-card--${size} pk-card--back`} aria-hidden="true">
      <span className="pk-card__back-mark">♠♥♣♦</span>
    </div>
  );
}
