import { type Card, rankIndex, suitOf } from './cards';
import { highRank, nameHand } from './poker';

/**
 * The simplified hold strategies `npm run rtp` plays for video poker (not perfect play: each is a short
 * ranked list of holds, the first that the dealt hand offers wins). What they return is each paytable's
 * `strategyRtp` (see docs/games.md).
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
 * Deuces Wild, a simple strategy by the number of deuces dealt (all deuces are always held), best first.
 * Four deuces: the deuces. Three: a made wild royal or five of a kind, else the deuces. Two: a made four of
 * a kind or better, 4 to a royal, 4 to a straight flush, else the deuces. One: a made four of a kind or
 * better, 4 to a royal, a made full house, 4 to a straight flush, a made flush or straight, three of a
 * kind, 3 to a royal, 3 to a straight flush, else the deuce. None: a made royal, 4 to a royal, a made
 * straight flush, four of a kind, full house, flush or straight, three of a kind, 4 to a straight flush,
 * one pair (of two pair, either), 4 to a flush, 3 to a royal, 4 to an outside straight, 3 to a straight
 * flush, else draw five.
 */
export function deucesWildHold(cards: Card[]): boolean[] {
  const deuces = cards.filter(isDeuce).length;
  const made = nameHand(cards, true);
  const withDeuces =
    (test: Pick): Pick =>
    (c) =>
      c.filter(isDeuce).length === deuces && test(c);
  const keepDeuces = cards.map(isDeuce);
  const fourOrBetter = ['naturalRoyal', 'fourDeuces', 'wildRoyal', 'fiveKind', 'straightFlush', 'fourKind'];
  if (deuces === 4) return keepDeuces;
  if (deuces === 3) return made === 'wildRoyal' || made === 'fiveKind' ? ALL : keepDeuces;
  if (deuces === 2) {
    if (fourOrBetter.includes(made)) return ALL;
    return find(cards, 4, withDeuces(toRoyal(true))) ?? find(cards, 4, withDeuces(toStraightFlush(true))) ?? keepDeuces;
  }
  if (deuces === 1) {
    if (fourOrBetter.includes(made)) return ALL;
    const royal4 = find(cards, 4, withDeuces(toRoyal(true)));
    if (royal4) return royal4;
    if (made === 'fullHouse') return ALL;
    const straightFlush4 = find(cards, 4, withDeuces(toStraightFlush(true)));
    if (straightFlush4) return straightFlush4;
    if (made === 'flush' || made === 'straight') return ALL;
    return (
      find(
        cards,
        3,
        withDeuces((c) => sameRank(naturals(c, true))),
      ) ??
      find(cards, 3, withDeuces(toRoyal(true))) ??
      find(cards, 3, withDeuces(toStraightFlush(true))) ??
      keepDeuces
    );
  }
  if (made === 'naturalRoyal') return ALL;
  const royal4 = find(cards, 4, toRoyal(true));
  if (royal4) return royal4;
  if (['straightFlush', 'fullHouse', 'flush', 'straight'].includes(made)) return ALL;
  if (made === 'fourKind') return find(cards, 4, sameRank) as boolean[];
  if (made === 'threeKind') return find(cards, 3, sameRank) as boolean[];
  return (
    find(cards, 4, toStraightFlush(true)) ??
    find(cards, 2, sameRank) ??
    find(cards, 4, oneSuit) ??
    find(cards, 3, toRoyal(true)) ??
    find(cards, 4, outsideStraight) ??
    find(cards, 3, toStraightFlush(true)) ??
    NONE
  );
}
