import type { Rng } from './rng';

/**
 * "Royal Baccarat": punto banco from a freshly shuffled 8-deck shoe each round, with the standard
 * third-card rules. Pays: Player 1:1, Banker 0.95:1, Tie 8:1; Player and Banker bets push on a tie.
 * Written returns (8 decks): Banker 98.94%, Player 98.76%, Tie 85.64%.
 */
export const BACCARAT_BETS = ['player', 'banker', 'tie'] as const;
export type BaccaratBet = (typeof BACCARAT_BETS)[number];
export const BACCARAT_RTP: Record<BaccaratBet, number> = { banker: 0.9894, player: 0.9876, tie: 0.8564 };

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
const SUITS = ['S', 'H', 'D', 'C'] as const;
export type Card = `${(typeof RANKS)[number]}${(typeof SUITS)[number]}`;

const value = (card: Card) => {
  const rank = card.slice(0, -1);
  if (rank === 'A') return 1;
  const n = Number(rank);
  return Number.isNaN(n) || n >= 10 ? 0 : n;
};
const total = (cards: Card[]) => cards.reduce((sum, c) => sum + value(c), 0) % 10;

/** Draws cards from an 8-deck shoe without replacement (a partial Fisher-Yates shuffle). */
function shoe(rng: Rng) {
  const cards: Card[] = [];
  for (let d = 0; d < 8; d++) for (const s of SUITS) for (const r of RANKS) cards.push(`${r}${s}`);
  let next = 0;
  return () => {
    const pick = next + rng.int(cards.length - next);
    [cards[next], cards[pick]] = [cards[pick] as Card, cards[next] as Card];
    return cards[next++] as Card;
  };
}

export interface BaccaratHand {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratBet;
}

export function dealBaccarat(rng: Rng): BaccaratHand {
  const draw = shoe(rng);
  const player = [draw(), draw()];
  const banker = [draw(), draw()];
  const natural = total(player) >= 8 || total(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (total(player) <= 5) {
      const card = draw();
      player.push(card);
      playerThird = value(card);
    }
    const b = total(banker);
    const bankerDraws =
      playerThird === null
        ? b <= 5
        : b <= 2 ||
          (b === 3 && playerThird !== 8) ||
          (b === 4 && playerThird >= 2 && playerThird <= 7) ||
          (b === 5 && playerThird >= 4 && playerThird <= 7) ||
          (b === 6 && playerThird >= 6 && playerThird <= 7);
    if (bankerDraws) banker.push(draw());
  }
  const playerTotal = total(player);
  const bankerTotal = total(banker);
  const winner = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return { player, banker, playerTotal, bankerTotal, winner };
}

/** What a bet returns in centavos (stake included): 0 when lost. */
export function baccaratReturn(bet: BaccaratBet, stake: number, hand: BaccaratHand): number {
  if (hand.winner === 'tie') return bet === 'tie' ? stake * 9 : stake;
  if (bet !== hand.winner) return 0;
  return bet === 'banker' ? stake + Math.floor((stake * 95) / 100) : stake * 2;
}
