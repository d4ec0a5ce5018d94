/** The poker-card deck without zod, for the client's collection page (./contract/mall.ts re-exports it). */

/** The poker-card collection, spec section 9: 52 cards and 2 jokers, grand prize 250,000 pesos. */
export const POKER_SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
export const POKER_RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export const POKER_GRAND_PRIZE = 250_000;

/** Card codes: rank then suit letter ("AS", "10H", "QD", "7C"), and "RJ" / "BJ" for the red and black jokers. */
export const POKER_DECK: readonly string[] = [
  ...POKER_SUITS.flatMap((suit) => POKER_RANKS.map((rank) => `${rank}${suit[0]!.toUpperCase()}`)),
  'RJ',
  'BJ',
];
