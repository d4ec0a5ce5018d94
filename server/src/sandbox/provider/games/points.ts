import { type Card, pointValue, shoe } from './cards';
import type { Rng } from './rng';

/**
 * The point games (baccarat, Lucky 9): Player and Banker get two cards each, a hand is worth the last
 * digit of its points, each side may draw one third card by fixed rules, the higher total wins.
 */
export interface DrawRules {
  /** Two-card totals that stop the hand at once (no third cards). */
  natural(playerTotal: number, bankerTotal: number): boolean;
  playerDraws(playerTotal: number): boolean;
  /** `playerThird` is the point value of the player's third card, null when the player stood. */
  bankerDraws(bankerTotal: number, playerThird: number | null): boolean;
}

export interface PointHand {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: 'player' | 'banker' | 'tie';
}

export const handTotal = (cards: Card[]) => cards.reduce((sum, c) => sum + pointValue(c), 0) % 10;
const winnerOf = (pt: number, bt: number) => (pt > bt ? 'player' : bt > pt ? 'banker' : 'tie');

export function dealPoints(rng: Rng, decks: number, rules: DrawRules): PointHand {
  const draw = shoe(rng, decks);
  const player = [draw(), draw()];
  const banker = [draw(), draw()];
  if (!rules.natural(handTotal(player), handTotal(banker))) {
    let playerThird: number | null = null;
    if (rules.playerDraws(handTotal(player))) {
      const card = draw();
      player.push(card);
      playerThird = pointValue(card);
    }
    if (rules.bankerDraws(handTotal(banker), playerThird)) banker.push(draw());
  }
  const playerTotal = handTotal(player);
  const bankerTotal = handTotal(banker);
  return { player, banker, playerTotal, bankerTotal, winner: winnerOf(playerTotal, bankerTotal) };
}

/** One way a hand can end: totals, card counts and its exact probability. */
export interface PointEnd {
  playerTotal: number;
  bankerTotal: number;
  playerCards: number;
  bankerCards: number;
  winner: PointHand['winner'];
  p: number;
}

/**
 * Every way a hand can end from a fresh shoe of `decks` decks, with its exact probability: each sequence of
 * point values (0 for tens and faces) drawn without replacement.
 */
export function pointEnds(decks: number, rules: DrawRules): PointEnd[] {
  const left = Array.from({ length: 10 }, (_, v) => (v === 0 ? 16 : 4) * decks);
  let cards = 52 * decks;
  const ends: PointEnd[] = [];
  /** Walks every value the next card can take; `then` continues with the value and its probability. */
  const each = (p: number, then: (v: number, p: number) => void) => {
    for (let v = 0; v < 10; v++) {
      const n = left[v] as number;
      if (!n) continue;
      const pv = (p * n) / cards;
      left[v] = n - 1;
      cards--;
      then(v, pv);
      left[v] = n;
      cards++;
    }
  };
  const end = (pt: number, bt: number, pn: number, bn: number, p: number) =>
    ends.push({ playerTotal: pt, bankerTotal: bt, playerCards: pn, bankerCards: bn, winner: winnerOf(pt, bt), p });
  const bankerTurn = (pt: number, pn: number, bt: number, third: number | null, p: number) => {
    if (rules.bankerDraws(bt, third)) each(p, (b3, q) => end(pt, (bt + b3) % 10, pn, 3, q));
    else end(pt, bt, pn, 2, p);
  };
  each(1, (p1, a) =>
    each(a, (b1, b) =>
      each(b, (p2, c) =>
        each(c, (b2, d) => {
          const pt = (p1 + p2) % 10;
          const bt = (b1 + b2) % 10;
          if (rules.natural(pt, bt)) return end(pt, bt, 2, 2, d);
          if (!rules.playerDraws(pt)) return bankerTurn(pt, 2, bt, null, d);
          each(d, (p3, e) => bankerTurn((pt + p3) % 10, 3, bt, p3, e));
        }),
      ),
    ),
  );
  return ends;
}

/**
 * A hand's line in the records: each side named with its own total, Player first, then who won: "Player 6 –
 * Banker 5, Player wins", "Player 5 – Banker 7, Banker wins", "Player 4 – Banker 4, Tie". (A bare score was
 * read either way: "Player wins 5-6" for Player 6 and Banker 5, issue 28; older records keep the old lines,
 * which shared/round-result.ts still reads.)
 */
export function describePoints(hand: Pick<PointHand, 'winner' | 'playerTotal' | 'bankerTotal'>): string {
  const score = `Player ${hand.playerTotal} – Banker ${hand.bankerTotal}`;
  if (hand.winner === 'tie') return `${score}, Tie`;
  return `${score}, ${hand.winner === 'player' ? 'Player' : 'Banker'} wins`;
}
