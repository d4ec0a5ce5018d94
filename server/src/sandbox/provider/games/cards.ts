import type { Rng } from './rng';

/** Playing cards for the card families: "AS", "10H", "KD", ... (rank then suit S, H, D, C). */
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export const SUITS = ['S', 'H', 'D', 'C'] as const;
export type Rank = (typeof RANKS)[number];
export type Suit = (typeof SUITS)[number];
export type Card = `${Rank}${Suit}`;

export const rankOf = (card: Card) => card.slice(0, -1) as Rank;
export const suitOf = (card: Card) => card.slice(-1) as Suit;
/** Ace low: A = 1, 2..10, J = 11, Q = 12, K = 13. */
export const rankIndex = (card: Card) => RANKS.indexOf(rankOf(card)) + 1;
/** Baccarat-style point value: A = 1, 2..9, tens and faces 0. */
export const pointValue = (card: Card) => {
  const r = rankIndex(card);
  return r >= 10 ? 0 : r;
};

/** Cards drawn one by one from `decks` fresh decks without replacement (a lazy Fisher-Yates shuffle). */
export function shoe(rng: Rng, decks: number) {
  const cards: Card[] = [];
  for (let d = 0; d < decks; d++) for (const s of SUITS) for (const r of RANKS) cards.push(`${r}${s}`);
  let next = 0;
  return () => {
    const pick = next + rng.int(cards.length - next);
    [cards[next], cards[pick]] = [cards[pick] as Card, cards[next] as Card];
    return cards[next++] as Card;
  };
}

/** The first `count` cards of a freshly shuffled shoe: a stepped engine draws its cards at start. */
export function deal(rng: Rng, decks: number, count: number): Card[] {
  const draw = shoe(rng, decks);
  return Array.from({ length: count }, draw);
}

/** Bets read with `cards`: a card is valid when its rank and suit are. */
export const isCard = (text: string): text is Card =>
  (RANKS as readonly string[]).includes(text.slice(0, -1)) && (SUITS as readonly string[]).includes(text.slice(-1));
