import { type Card, rankOf, shoe } from './cards';
import type { EngineFamily } from './kinds';
import { type BetSpec, chipTable, LOSE, WIN } from './table';

/**
 * Andar Bahar: one card is turned face up (the joker); cards are then dealt one at a time to Andar and
 * Bahar, Andar first, until one lands that matches the joker's rank: its side wins. Andar, which gets
 * the first card, pays 0.9:1; Bahar pays 1:1.
 */
export interface AndarBaharConfig {
  decks: number;
  theme: string;
}

export interface AndarBaharDeal {
  joker: Card;
  andar: Card[];
  bahar: Card[];
  winner: 'andar' | 'bahar';
}

/** Exact chance that the first of the joker's rank among the remaining cards falls on Andar (odd places). */
export function andarOdds(decks: number) {
  const rest = 52 * decks - 1;
  const matching = 4 * decks - 1;
  let p = 0;
  let noneYet = 1;
  for (let k = 1; k <= rest; k++) {
    const hit = noneYet * (matching / (rest - k + 1));
    if (k % 2 === 1) p += hit;
    noneYet *= 1 - matching / (rest - k + 1);
    if (noneYet <= 0) break;
  }
  return p;
}

export const andarBahar: EngineFamily<AndarBaharConfig> = {
  key: 'andarBahar',
  configs: { classic: { decks: 1, theme: 'mumbai' } },
  create(config) {
    const andar = andarOdds(config.decks);
    const bets: Record<string, BetSpec> = {
      andar: { pays: 0.9, rtp: 1.9 * andar },
      bahar: { pays: 1, rtp: 2 * (1 - andar) },
    };
    return chipTable<AndarBaharDeal>({
      rules: { bets, decks: config.decks, firstTo: 'andar', theme: config.theme },
      rtp: (bets.bahar as BetSpec).rtp,
      hedges: [['andar', 'bahar']],
      defaultBet: 'bahar',
      draw(rng) {
        const draw = shoe(rng, config.decks);
        const joker = draw();
        const piles: Record<'andar' | 'bahar', Card[]> = { andar: [], bahar: [] };
        for (let i = 0; ; i++) {
          const side = i % 2 === 0 ? 'andar' : 'bahar';
          const card = draw();
          piles[side].push(card);
          if (rankOf(card) === rankOf(joker)) return { joker, ...piles, winner: side };
        }
      },
      factor: (bet, o) => (bet === o.winner ? WIN((bets[bet] as BetSpec).pays) : LOSE),
      describe: (o) => `Joker ${o.joker}: ${o.winner} wins after ${o.andar.length + o.bahar.length} cards`,
    });
  },
};
