import { type Card, rankIndex, suitOf } from './cards';

/**
 * Five-card poker hands for the poker families. Ranks: 2..14 (ace high; A-2-3-4-5 is the lowest straight).
 * `wild` counts cards that stand for anything (deuces in Deuces Wild).
 */
export type HandName =
  | 'naturalRoyal'
  | 'fourDeuces'
  | 'wildRoyal'
  | 'fiveKind'
  | 'straightFlush'
  | 'fourKind'
  | 'fullHouse'
  | 'flush'
  | 'straight'
  | 'threeKind'
  | 'twoPair'
  | 'jacksOrBetter'
  | 'pair'
  | 'highCard';

export const highRank = (card: Card) => (rankIndex(card) === 1 ? 14 : rankIndex(card));

/** Can `ranks` (distinct, no wilds) plus `wilds` make five in a row? Returns the top card of the best. */
function straightTop(ranks: number[], wilds: number): number {
  if (new Set(ranks).size !== ranks.length) return 0;
  for (let top = 14; top >= 5; top--) {
    const run = top === 5 ? [14, 2, 3, 4, 5] : [top - 4, top - 3, top - 2, top - 1, top];
    if (ranks.every((r) => run.includes(r)) && ranks.length + wilds >= 5) return top;
  }
  return 0;
}

/** Names a five-card hand; with `deucesWild` every 2 is wild. */
export function nameHand(cards: Card[], deucesWild = false): HandName {
  const wilds = deucesWild ? cards.filter((c) => rankIndex(c) === 2).length : 0;
  const natural = deucesWild ? cards.filter((c) => rankIndex(c) !== 2) : cards;
  const ranks = natural.map(highRank);
  const counts = new Map<number, number>();
  for (const r of ranks) counts.set(r, (counts.get(r) ?? 0) + 1);
  const groups = [...counts.values()].sort((a, b) => b - a);
  const most = (groups[0] ?? 0) + wilds;
  const flush = new Set(natural.map(suitOf)).size <= 1;
  const top = straightTop(ranks, wilds);
  if (deucesWild) {
    if (wilds === 0 && flush && top === 14) return 'naturalRoyal';
    if (wilds === 4) return 'fourDeuces';
    if (flush && top === 14 && ranks.every((r) => r >= 10)) return 'wildRoyal';
    if (most >= 5) return 'fiveKind';
  } else if (flush && top === 14) return 'naturalRoyal';
  if (flush && top) return 'straightFlush';
  if (most >= 4) return 'fourKind';
  if (most === 3 && (groups[1] ?? 0) === 2) return 'fullHouse';
  if (flush) return 'flush';
  if (top) return 'straight';
  if (most === 3) return 'threeKind';
  if (groups[0] === 2 && groups[1] === 2) return 'twoPair';
  if (most === 2) {
    const pairRank = wilds ? Math.max(...ranks) : ([...counts].find(([, n]) => n === 2)?.[0] ?? 0);
    return pairRank >= 11 ? 'jacksOrBetter' : 'pair';
  }
  return 'highCard';
}
