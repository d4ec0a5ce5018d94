import { type Card, rankIndex, shoe, suitOf } from './cards';
import type { EngineFamily } from './kinds';
import { type BetSpec, chipTable, LOSE, WIN } from './table';

/**
 * Dragon Tiger: one card to Dragon, one to Tiger from a freshly shuffled shoe; the higher card wins (ace
 * low, king high). Dragon and Tiger pay 1:1 and lose half on a tie; Tie pays 11:1; Suited Tie (same rank
 * and suit) pays 50:1.
 */
export interface DragonTigerConfig {
  decks: number;
  theme: string;
}

export interface DragonTigerDraw {
  dragon: Card;
  tiger: Card;
  winner: 'dragon' | 'tiger' | 'tie';
}

/** Exact odds of a tie and a suited tie for two cards from `decks` decks. */
export function dragonTigerOdds(decks: number) {
  const cards = 52 * decks;
  return { tie: (4 * decks - 1) / (cards - 1), suitedTie: (decks - 1) / (cards - 1) };
}

export function dragonTigerBets(decks: number): Record<string, BetSpec> {
  const { tie, suitedTie } = dragonTigerOdds(decks);
  const side = (1 - tie) / 2;
  return {
    dragon: { pays: 1, rtp: 2 * side + 0.5 * tie },
    tiger: { pays: 1, rtp: 2 * side + 0.5 * tie },
    tie: { pays: 11, rtp: 12 * tie },
    suitedTie: { pays: 50, rtp: 51 * suitedTie },
  };
}

export const dragonTiger: EngineFamily<DragonTigerConfig> = {
  key: 'dragonTiger',
  configs: { classic: { decks: 8, theme: 'dragon' } },
  create(config) {
    const bets = dragonTigerBets(config.decks);
    return chipTable<DragonTigerDraw>({
      rules: { bets, decks: config.decks, tieLosesHalf: true, theme: config.theme },
      rtp: (bets.dragon as BetSpec).rtp,
      hedges: [['dragon', 'tiger']],
      defaultBet: 'dragon',
      draw(rng) {
        const draw = shoe(rng, config.decks);
        const dragon = draw();
        const tiger = draw();
        const d = rankIndex(dragon);
        const t = rankIndex(tiger);
        return { dragon, tiger, winner: d > t ? 'dragon' : t > d ? 'tiger' : 'tie' };
      },
      factor(bet, o) {
        if (bet === 'suitedTie') return o.winner === 'tie' && suitOf(o.dragon) === suitOf(o.tiger) ? WIN(50) : LOSE;
        if (bet === 'tie') return o.winner === 'tie' ? WIN(11) : LOSE;
        if (o.winner === 'tie') return 50;
        return bet === o.winner ? WIN(1) : LOSE;
      },
      describe: (o) => `Dragon ${o.dragon}, Tiger ${o.tiger}: ${o.winner === 'tie' ? 'Tie' : `${o.winner} wins`}`,
    });
  },
};
