import { type Card, rankIndex, suitOf } from './cards';
import { highRank, nameHand } from './poker';

/**
 * The simplified hold strategies `npm run rtp` plays for video poker (not perfect play: each is a short
 * ranked list of holds, the first that the dealt hand offers wins). Jacks or Better's returns its
 * paytable's `strategyRtp`; Deuces Wild's meets the perfect-play RTP within tolerance (see docs/games.md).
 */

/** Every way of holding `size` of the five cards, as index lists. */
const HOLDS: number[][][] = [[], [], [], [], [], []];
for (let mask = 0; mask < 32; mask++) {
  const held = [0, 1, 2, 3, 4].filter((i) => mask & (1 << i));
  (HOLDS[held.length] as number[][]).push(held);
}

type Pick = (cards: Card[]) => boolean;

/** The first hold of `size` cards whose cards satisfy `test` (as a hold mask), else null. */
function find(cards: Card[], size: number, test: Pick): boolean[] | null {
  for (const held of HOLDS[size] as number[][]) {
    const picked = held.map((i) => cards[i] as Card);
    if (test(picked)) return [0, 1, 2, 3, 4].map((i) => held.includes(i));
  }
  return null;
}

const ALL = [true, true, true, true, true];
const NONE = [false, false, false, false, false];
const isDeuce = (card: Card) => rankIndex(card) === 2;

/** The cards that are not wild (every card when deuces are not wild). */
const naturals = (cards: Card[], wild: boolean) => (wild ? cards.filter((c) => !isDeuce(c)) : cards);
const oneSuit = (cards: Card[]) => new Set(cards.map(suitOf)).size <= 1;
const distinct = (ranks: number[]) => new Set(ranks).size === ranks.length;

/** Cards (wilds aside) of one suit, all ten to ace, distinct: a draw to a royal flush. */
const toRoyal =
  (wild: boolean): Pick =>
  (cards) => {
    const n = naturals(cards, wild);
    const ranks = n.map(highRank);
    return oneSuit(n) && distinct(ranks) && ranks.every((r) => r >= 10);
  };

/** Distinct ranks (wilds aside) that fit in one run of five (ace high or low): a draw to a straight. */
const fitsRun = (ranks: number[]) => {
  if (!distinct(ranks)) return false;
  const spread = (rs: number[]) => Math.max(...rs) - Math.min(...rs) <= 4;
  return ranks.length === 0 || spread(ranks) || spread(ranks.map((r) => (r === 14 ? 1 : r)));
};

const toStraightFlush =
  (wild: boolean): Pick =>
  (cards) => {
    const n = naturals(cards, wild);
    return oneSuit(n) && fitsRun(n.map(highRank));
  };

/** Four consecutive ranks open at both ends (no ace): 5-6-7-8, never A-2-3-4 or J-Q-K-A. */
const outsideStraight: Pick = (cards) => {
  const ranks = cards.map(highRank).sort((a, b) => a - b);
  return (
    distinct(ranks) && ranks[3] === (ranks[0] as number) + 3 && (ranks[0] as number) >= 2 && (ranks[3] as number) <= 13
  );
};

const sameRank: Pick = (cards) => new Set(cards.map(highRank)).size === 1;
const isHigh = (card: Card) => highRank(card) >= 11;

/**
 * Jacks or Better, the usual simple strategy (Wizard of Odds' order), best first: a made royal, straight
 * flush or four of a kind; 4 to a royal; a made full house, flush, straight or three of a kind; 4 to a
 * straight flush; two pair; a high pair; 3 to a royal; 4 to a flush; a low pair; 4 to an outside straight;
 * 2 suited high cards; 3 to a straight flush; 2 unsuited high cards (the lowest two when there are more);
 * a suited 10 with J, Q or K; one high card; else draw five.
 */
export function jacksOrBetterHold(cards: Card[]): boolean[] {
  const made = nameHand(cards);
  if (made === 'naturalRoyal' || made === 'straightFlush' || made === 'fourKind') return ALL;
  const royal4 = find(cards, 4, toRoyal(false));
  if (royal4) return royal4;
  if (made === 'fullHouse' || made === 'flush' || made === 'straight') return ALL;
  if (made === 'threeKind') return find(cards, 3, sameRank) as boolean[];
  const straightFlush4 = find(cards, 4, toStraightFlush(false));
  if (straightFlush4) return straightFlush4;
  if (made === 'twoPair') return find(cards, 4, (c) => new Set(c.map(highRank)).size === 2) as boolean[];
  if (made === 'jacksOrBetter') return find(cards, 2, sameRank) as boolean[];
  const hold =
    find(cards, 3, toRoyal(false)) ??
    find(cards, 4, oneSuit) ??
    find(cards, 2, sameRank) ??
    find(cards, 4, outsideStraight) ??
    find(cards, 2, (c) => oneSuit(c) && c.every(isHigh)) ??
    find(cards, 3, toStraightFlush(false));
  if (hold) return hold;
  const highs = cards.filter(isHigh).sort((a, b) => highRank(a) - highRank(b));
  if (highs.length >= 2) return cards.map((c) => c === highs[0] || c === highs[1]);
  const tenWithFace = find(
    cards,
    2,
    (c) => oneSuit(c) && c.some((x) => highRank(x) === 10) && c.some((x) => highRank(x) >= 11 && highRank(x) <= 13),
  );
  if (tenWithFace) return tenWithFace;
  if (highs.length === 1) return cards.map((c) => c === highs[0]);
  return NONE;
}

/**
 * The straight flush draw's outs by rank: how many ranks (never a deuce, never one already held) would
 * complete `cards` (its naturals of one suit, its deuces filling the gaps) to a straight flush. With one
 * deuce: W-5-6-7 has 4 (3, 4, 8, 9), W-5-6-8 and W-3-4-5 have 3, W-5-6-9 has 2, W-A-3-4 has 1; with two:
 * W-W-6-7 has 6, W-W-4-5 and W-W-6-8 have 5, W-W-3-4, W-W-4-6 and W-W-6-9 have 4.
 */
function straightFlushOuts(cards: Card[]): number {
  const ranks = naturals(cards, true).map(highRank);
  let outs = 0;
  for (let r = 3; r <= 14; r++) if (!ranks.includes(r) && fitsRun([...ranks, r])) outs++;
  return outs;
}

/**
 * Deuces Wild "Not So Ugly Ducks" (16/10/4/4/3), the usual chart by the number of deuces dealt (the deuces
 * are always held), best first: the chart of Wizard of Odds' intermediate NSUD strategy, its cut-offs
 * checked against exact expected values of the draw. "n to a royal / straight flush" counts the deuces.
 * - Four deuces: the deuces.
 * - Three: a made wild royal or five of a kind, else the deuces (even over a made straight flush).
 * - Two: a made straight flush or better; a made four of a kind (the four, drawing one); 4 to a royal;
 *   4 to a straight flush with 5 or more outs (W-W-6-7, W-W-6-8; not W-W-3-4, W-W-3-5, W-W-4-6); else
 *   the deuces.
 * - One: a made straight flush or better; four of a kind (the four); 4 to a royal; a made full house or
 *   flush; 4 to a straight flush with 3 or more outs; a made straight; 4 to a straight flush with 2 outs;
 *   three of a kind; 4 to a straight flush with an ace low; 3 to a royal; 3 to a straight flush of two
 *   naturals 4-5, 5-6 or higher one apart or two apart (W-5-7, not W-4-6, W-3-5 or W-5-8); else the deuce.
 * - None: a natural royal; 4 to a royal; a made straight flush; four of a kind (the four); a made full
 *   house, flush or straight; three of a kind; 4 to a straight flush; 3 to a royal; 4 to a flush; two
 *   pair (both: a full house pays 4); 3 to a straight flush in a row from 5-6-7 up; one pair; 4 to an
 *   outside straight; any other 3 to a straight flush without an ace; 2 to a royal 10-J, J-Q or Q-K;
 *   4 to an inside straight without an ace; else draw five.
 */
export function deucesWildHold(cards: Card[]): boolean[] {
  const deuces = cards.filter(isDeuce).length;
  const made = nameHand(cards, true);
  const keepDeuces = cards.map(isDeuce);
  /** The first hold of `size` cards that keeps every deuce and whose naturals pass `test`. */
  const draw = (size: number, test: (natural: Card[], held: Card[]) => boolean) =>
    find(cards, size, (c) => c.filter(isDeuce).length === deuces && test(naturals(c, true), c));
  const ranksOf = (n: Card[]) => n.map(highRank);
  const royal = (n: Card[]) => toRoyal(true)(n);
  const straightFlush = (n: Card[]) => oneSuit(n) && fitsRun(ranksOf(n));
  const outs = (size: (k: number) => boolean) => (n: Card[], held: Card[]) =>
    straightFlush(n) && !royal(n) && size(straightFlushOuts(held));
  const ofAKind = (n: Card[]) => sameRank(n);

  if (deuces === 4) return keepDeuces;
  if (deuces === 3) return made === 'wildRoyal' || made === 'fiveKind' ? ALL : keepDeuces;
  if (['naturalRoyal', 'wildRoyal', 'fiveKind', 'straightFlush'].includes(made)) return ALL;
  const fourKind = made === 'fourKind' ? draw(4, ofAKind) : null;
  if (fourKind) return fourKind;
  const royal4 = draw(4, royal);
  if (royal4) return royal4;

  if (deuces === 2)
    return (
      draw(
        4,
        outs((k) => k >= 5),
      ) ?? keepDeuces
    );

  if (deuces === 1) {
    if (made === 'fullHouse' || made === 'flush') return ALL;
    const open = draw(
      4,
      outs((k) => k >= 3),
    );
    if (open) return open;
    if (made === 'straight') return ALL;
    const threeSf = (n: Card[]) => {
      const [a, b] = ranksOf(n).sort((x, y) => x - y) as [number, number];
      return straightFlush(n) && b <= 13 && b - a <= 2 && (a >= 5 || (a === 4 && b === 5));
    };
    return (
      draw(
        4,
        outs((k) => k === 2),
      ) ??
      draw(3, ofAKind) ??
      draw(
        4,
        outs((k) => k === 1),
      ) ??
      draw(3, royal) ??
      draw(3, threeSf) ??
      keepDeuces
    );
  }

  if (made === 'fullHouse' || made === 'flush' || made === 'straight') return ALL;
  if (made === 'threeKind') return draw(3, ofAKind) as boolean[];
  const inRow = (n: Card[]) => {
    const ranks = ranksOf(n).sort((x, y) => x - y);
    return straightFlush(n) && ranks[2] === (ranks[0] as number) + 2 && (ranks[0] as number) >= 5;
  };
  const twoRoyal = (n: Card[]) =>
    royal(n) &&
    ranksOf(n).every((r) => r <= 13) &&
    Math.abs((ranksOf(n)[0] as number) - (ranksOf(n)[1] as number)) === 1;
  return (
    draw(4, straightFlush) ??
    draw(3, royal) ??
    draw(4, oneSuit) ??
    (made === 'twoPair' ? draw(4, (n) => new Set(ranksOf(n)).size === 2) : null) ??
    draw(3, inRow) ??
    draw(2, ofAKind) ??
    draw(4, outsideStraight) ??
    draw(3, (n) => straightFlush(n) && ranksOf(n).every((r) => r <= 13)) ??
    draw(2, twoRoyal) ??
    draw(4, (n) => fitsRun(ranksOf(n)) && ranksOf(n).every((r) => r <= 13)) ??
    NONE
  );
}
