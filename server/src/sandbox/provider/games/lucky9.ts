import type { EngineFamily } from './kinds';
import { type DrawRules, dealPoints, describePoints, type PointEnd, type PointHand, pointEnds } from './points';
import { type BetSpec, chipTable, LOSE, WIN } from './table';

/**
 * Lucky 9, the Filipino card game: Player and Banker get two cards from one freshly shuffled deck; a hand
 * is worth the last digit of its points (A = 1, tens and faces 0) and 9 is best. A two-card 9 (a natural)
 * ends the hand at once; otherwise the Player draws a third card on 0-4 and the Banker on 0-5.
 * Pays: a win on Player or Banker 1:1, a win with a natural 9 2:1; the house takes ties (both lose);
 * Tie pays 8:1. Ties losing is what pays for the natural-9 bonus: a push on a tie would return 108.5%
 * (Player) and 109.0% (Banker) with it, and still 100.3% on Banker without it (see docs/games.md).
 */
export const LUCKY9_DRAWS: DrawRules = {
  natural: (p, b) => p === 9 || b === 9,
  playerDraws: (p) => p <= 4,
  bankerDraws: (b) => b <= 5,
};

export interface Lucky9Config {
  decks: number;
  theme: string;
}

export type Lucky9Hand = PointHand & { natural: boolean };

const naturalNine = (cards: number, total: number) => cards === 2 && total === 9;

/** A bet's return in hundredths for one way the hand ends. */
function factor(bet: string, end: Omit<PointEnd, 'p'>) {
  if (end.winner === 'tie') return bet === 'tie' ? WIN(8) : LOSE;
  if (bet !== end.winner) return LOSE;
  const natural =
    bet === 'player' ? naturalNine(end.playerCards, end.playerTotal) : naturalNine(end.bankerCards, end.bankerTotal);
  return WIN(natural ? 2 : 1);
}

export function lucky9Bets(decks: number): Record<string, BetSpec> {
  const ends = pointEnds(decks, LUCKY9_DRAWS);
  const rtp = (bet: string) => ends.reduce((sum, end) => sum + (end.p * factor(bet, end)) / 100, 0);
  return {
    player: { pays: 1, rtp: rtp('player') },
    banker: { pays: 1, rtp: rtp('banker') },
    tie: { pays: 8, rtp: rtp('tie') },
  };
}

export const lucky9: EngineFamily<Lucky9Config> = {
  key: 'lucky9',
  configs: { classic: { decks: 1, theme: 'fiesta' } },
  create(config) {
    const bets = lucky9Bets(config.decks);
    return chipTable<PointHand>({
      rules: { bets, decks: config.decks, naturalPays: 2, playerDrawsTo: 4, bankerDrawsTo: 5, theme: config.theme },
      rtp: (bets.player as BetSpec).rtp,
      hedges: [['player', 'banker']],
      defaultBet: 'player',
      draw: (rng) => dealPoints(rng, config.decks, LUCKY9_DRAWS),
      factor: (bet, hand) =>
        factor(bet, {
          ...hand,
          playerCards: hand.player.length,
          bankerCards: hand.banker.length,
        }),
      describe: describePoints,
    });
  },
};
