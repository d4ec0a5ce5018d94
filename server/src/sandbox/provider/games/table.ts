import { z } from 'zod';
import type { OneShotEngine } from './kinds';
import type { Rng } from './rng';
import { MAX_STAKE, MIN_STAKE, stakeSchema } from './stake';

/**
 * The chip-bet table shared by the one-shot table families (baccarat, roulette, sic bo, ...): the page
 * stacks chips on named bets, `{ bets: { banker: 5000, tie: 1000 } }`; the round's stake is their sum
 * (1 to 5,000 pesos), each chip at least 1 peso. Every bet settles on the same draw.
 */
export interface BetSpec {
  /** What a winning bet pays to one (0.95 = 0.95:1); the stake comes back on top. */
  pays: number;
  /** The exact return of this bet alone, 0..1. */
  rtp: number;
}

export type ChipBets = { bets: Record<string, number> };

/**
 * A bet's return for one outcome, in hundredths of its amount: 0 lost, 100 returned (push),
 * 100 + 100 x pays won; anything between for special cases (half back on a tie).
 */
export const WIN = (pays: number) => Math.round(100 + pays * 100);
export const PUSH = 100;
export const LOSE = 0;

/** The most different bets one round of a chip table takes (the page refuses the next one before Spin). */
export const MAX_CHIP_BETS = 40;

export function chipBetsParams(isBet: (key: string) => boolean) {
  return z.strictObject({ bets: z.record(z.string().max(24), stakeSchema) }).refine(({ bets }) => {
    const keys = Object.keys(bets);
    if (keys.length === 0 || keys.length > MAX_CHIP_BETS || !keys.every(isBet)) return false;
    const total = keys.reduce((sum, key) => sum + (bets[key] as number), 0);
    return total >= MIN_STAKE && total <= MAX_STAKE;
  }, 'bets must name known bets and add up to 1 to 5,000 pesos');
}

export const stakeOfBets = ({ bets }: ChipBets) => Object.values(bets).reduce((sum, amount) => sum + amount, 0);

/**
 * The net risk of chip bets by hedge groups (docs/games.md, "Risk review"), for the card tables whose draws
 * are too many to list: a hedge group is a set of bets of which one wins on (nearly) every draw (banker and
 * player, dragon and tiger). The part of the stake spread evenly over a whole group covers itself and does
 * not count as turnover: the stake less, for each group, its size times its smallest bet (0 when one of its
 * bets is missing).
 */
export function netRisk({ bets }: ChipBets, hedges: readonly (readonly string[])[]) {
  let covered = 0;
  for (const group of hedges) covered += group.length * Math.min(...group.map((bet) => bets[bet] ?? 0));
  return Math.max(0, stakeOfBets({ bets }) - covered);
}

/** The share of draws a covered return may miss: the zero of roulette (1/37), sic bo's triples (6/216). */
export const COVER_MISS = 0.05;

/**
 * The net risk of chip bets over every possible draw, for the tables whose draws can be listed (roulette's
 * 37 pockets, the 216 throws of three dice, the wheel's segments, fan tan's bead counts): the stake less
 * what comes back on all but at most COVER_MISS of the draws (the largest return r such that the draws
 * returning less than r weigh at most COVER_MISS). Any set of bets covering each other counts this way,
 * whatever its shape: red and black, low with the third dozen and a six line, all six sic bo singles. A
 * single bet of even chances or worse counts in full.
 */
export function drawnRisk<O>(
  bets: Record<string, number>,
  draws: readonly (readonly [O, number])[],
  factor: (bet: string, outcome: O) => number,
) {
  const stake = stakeOfBets({ bets });
  let total = 0;
  const returns = draws.map(([outcome, weight]) => {
    total += weight;
    return { back: settleBets(bets, (bet) => factor(bet, outcome)).win, weight };
  });
  returns.sort((a, b) => a.back - b.back);
  let below = 0;
  let covered = 0;
  for (const { back, weight } of returns) {
    if (below > COVER_MISS * total) break;
    covered = back;
    below += weight;
  }
  return Math.max(0, stake - Math.min(stake, covered));
}

/** Settles each bet on one outcome: its return floored to the centavo; the round's win is their sum. */
export function settleBets(bets: Record<string, number>, factor: (bet: string) => number) {
  const returns: Record<string, number> = {};
  let win = 0;
  for (const [bet, amount] of Object.entries(bets)) {
    const back = Math.floor((amount * factor(bet)) / 100);
    returns[bet] = back;
    win += back;
  }
  return { win, returns };
}

/**
 * A one-shot chip-bet engine: draw one outcome, settle every bet on it. `rules` carries the bets (pays and
 * exact RTP) the page draws its felt and paytable from, plus whatever the family adds (decks, layout).
 */
export function chipTable<O extends object>(spec: {
  rules: { bets: Record<string, BetSpec> } & Record<string, unknown>;
  /** The written RTP: the default bet's. */
  rtp: number;
  /** The bet `rtp` is written for; 10 pesos on it is the default bet. */
  defaultBet: string;
  isBet?: (key: string) => boolean;
  draw(rng: Rng): O;
  factor(bet: string, outcome: O): number;
  describe(outcome: O): string;
  /** Every possible draw with its weight, when they can be listed: the net risk is then drawnRisk. */
  draws?: () => Iterable<readonly [O, number]>;
  /** Otherwise, groups of bets that cover each other (netRisk); each a set of which one wins on nearly every draw. */
  hedges?: readonly (readonly string[])[];
}): OneShotEngine<ChipBets> {
  const isBet = spec.isBet ?? ((key: string) => Object.hasOwn(spec.rules.bets, key));
  const draws = spec.draws ? [...spec.draws()] : undefined;
  const hedges = spec.hedges ?? [];
  return {
    kind: 'oneShot',
    params: chipBetsParams(isBet),
    stakeOf: stakeOfBets,
    turnoverOf: (params) => (draws ? drawnRisk(params.bets, draws, spec.factor) : netRisk(params, hedges)),
    rules: { ...spec.rules, maxBets: MAX_CHIP_BETS, ...(draws ? { coverMiss: COVER_MISS } : { hedges }) },
    rtp: spec.rtp,
    defaultBet: { bets: { [spec.defaultBet]: 1000 } },
    play(rng, params) {
      const outcome = spec.draw(rng);
      const { win, returns } = settleBets(params.bets, (bet) => spec.factor(bet, outcome));
      const placed = Object.entries(params.bets)
        .map(([bet, amount]) => `${bet} ${(amount / 100).toFixed(2)}`)
        .join(', ');
      const draw = spec.describe(outcome);
      return { win, result: `${draw}; bets ${placed}`, outcome: { ...outcome, returns }, draw };
    },
  };
}

/** Exact RTP of a bet over a finite list of weighted outcomes. */
export function exactRtp<O>(outcomes: Iterable<[O, number]>, factor: (o: O) => number) {
  let total = 0;
  let back = 0;
  for (const [o, weight] of outcomes) {
    total += weight;
    back += (weight * factor(o)) / 100;
  }
  return back / total;
}
