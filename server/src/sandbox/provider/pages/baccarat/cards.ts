/** The baccarat cards: drawn faces with vector suits, and a hand's point total. */
import type { Card, Suit } from '../../games/cards';
import type { GameKit } from '../kit/types';

const SUIT_PATHS: Record<Suit, string> = {
  S: '<path d="M12 2C9 5.5 3.5 9 3.5 13.4c0 2.7 2 4.5 4.4 4.5 1.4 0 2.6-.6 3.3-1.6-.2 2.1-1 3.8-2.6 5.2h6.8c-1.6-1.4-2.4-3.1-2.6-5.2.7 1 1.9 1.6 3.3 1.6 2.4 0 4.4-1.8 4.4-4.5C20.5 9 15 5.5 12 2z"/>',
  H: '<path d="M12 21.3C8.8 18.6 2.5 14.2 2.5 8.9 2.5 5.9 4.8 3.6 7.6 3.6c1.9 0 3.5 1 4.4 2.6.9-1.6 2.5-2.6 4.4-2.6 2.8 0 5.1 2.3 5.1 5.3 0 5.3-6.3 9.7-9.5 12.4z"/>',
  D: '<path d="M12 1.8l7.8 10.2L12 22.2 4.2 12z"/>',
  C: '<circle cx="12" cy="6.8" r="4.3"/><circle cx="6.6" cy="13.4" r="4.3"/><circle cx="17.4" cy="13.4" r="4.3"/><path d="M10.9 11.5h2.2c.1 4.2.8 7.2 3.2 10.3H7.7c2.4-3.1 3.1-6.1 3.2-10.3z"/>',
};
const suitSvg = (suit: Suit) => `<svg viewBox="0 0 24 24" aria-hidden="true">${SUIT_PATHS[suit]}</svg>`;
const SUIT_NAMES: Record<Suit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

const rankOf = (card: Card) => card.slice(0, -1);
const suitOf = (card: Card) => card.slice(-1) as Suit;

/** A card's points: aces 1, 2-9 their number, tens and faces 0. */
const cardValue = (card: Card) => {
  const rank = rankOf(card);
  if (rank === 'A') return 1;
  const n = Number(rank);
  return Number.isNaN(n) || n >= 10 ? 0 : n;
};

/** The last digit of the hand's points. */
export const handTotal = (cards: readonly Card[]) => cards.reduce((sum, c) => sum + cardValue(c), 0) % 10;

/** Do a hand's first two cards share a rank (a pair bet wins)? */
export const isPair = (cards: readonly Card[]) =>
  cards[0] !== undefined && cards[1] !== undefined && rankOf(cards[0]) === rankOf(cards[1]);

/** A face-up card over its back (the back shows while it turns). */
export function cardNode(el: GameKit['el'], card: Card) {
  const suit = suitOf(card);
  const rank = rankOf(card);
  const color = suit === 'H' || suit === 'D' ? 'red' : 'black';
  const corner = () =>
    el('span', { class: 'bac-corner' }, el('b', { text: rank }), el('span', { html: suitSvg(suit) }));
  const center =
    rank === 'J' || rank === 'Q' || rank === 'K'
      ? el('span', { class: 'bac-center bac-court' }, el('b', { text: rank }), el('span', { html: suitSvg(suit) }))
      : el('span', { class: 'bac-center', html: suitSvg(suit) });
  return el(
    'div',
    { class: 'bac-card', role: 'img', 'aria-label': `${rank}${SUIT_NAMES[suit]}` },
    el(
      'div',
      { class: 'bac-card-inner' },
      el('div', { class: `bac-face ${color}` }, corner(), center, corner()),
      el('div', { class: 'bac-back' }),
    ),
  );
}
