import type { z } from 'zod';
import type { Rng } from './rng';

/**
 * The game studio's contract between an engine (the maths of one kind of game) and the provider that runs
 * its rounds. An engine family (slot, roulette, blackjack, ...) is a function of a title's configuration
 * that returns an Engine; each catalog title is one family plus one configuration.
 *
 * Provable fairness rests on two rules every engine keeps:
 * - every random choice is drawn from the `rng` it is given (never Math.random or node:crypto), in an order
 *   that depends only on the parameters, so the same seeds replay the same round;
 * - a stepped engine draws everything at `start` (the shuffled shoe, the mine positions): `act` is pure.
 */

/** What a settled round returns to the player (centavos, stake included; 0 on a loss) and how it is told. */
export interface RoundResult {
  win: number;
  /** One English line for the game record. */
  result: string;
  /** What the page draws (JSON-serializable). */
  outcome: unknown;
  /** What was drawn, told without the player's bets: a shared table shows this to every player. */
  draw?: string;
}

interface EngineBase<P> {
  /** Validates what the page sends to open a round (stake, side, chips, picks, ...). */
  params: z.ZodType<P>;
  /** The round's whole stake in centavos (several chips add up); the provider bets this through the wallet. */
  stakeOf(params: P): number;
  /**
   * The round's net risk in centavos, what counts as turnover (default: the whole stake): bets in one round
   * that cover each other (red and black, banker and player) count only what is not covered.
   */
  turnoverOf?(params: P): number;
  /**
   * The maths the page draws from (paytable, reels, odds, layout), sent to the page as it is: the server
   * pays from this same object, so the two can never disagree.
   */
  rules: unknown;
  /** The written return to player, 0..1 (for the default bet when it differs by bet). */
  rtp: number;
  /**
   * What the documented `strategy` returns when it is below `rtp` (which is then the perfect-play figure,
   * the way video poker and mines are quoted): `npm run rtp` checks its measurement against this.
   */
  strategyRtp?: number;
  /**
   * The bet `rtp` is written for, which `npm run rtp` and the provably fair test play (default: built
   * from `params`, a 10-peso stake and each field's first allowed value).
   */
  defaultBet?: P;
}

/** A round decided in one draw: slots, roulette, sic bo, keno, plinko, a fish shot, ... */
export interface OneShotEngine<P = unknown> extends EngineBase<P> {
  kind: 'oneShot';
  play(rng: Rng, params: P): RoundResult;
}

/** A round with decisions (blackjack, mines, hi-lo, tower): bet at start, actions, settle when done. */
export interface SteppedEngine<P = unknown, S = unknown, A = unknown> extends EngineBase<P> {
  kind: 'stepped';
  /** Validates one action the page sends mid-round (hit, stand, reveal a tile, cash out, ...). */
  action: z.ZodType<A>;
  /** Draws everything the round needs from `rng`. */
  start(rng: Rng, params: P): S;
  /** Applies a legal action (pure); throws GameRuleError for an illegal one. */
  act(state: S, action: A): S;
  done(state: S): boolean;
  settle(state: S): RoundResult;
  /** What the page may see mid-round: nothing hidden (no hole card, no mine position). */
  view(state: S): unknown;
  /**
   * The action that finishes a round the player left open (stand, cash out, collect): the provider's
   * `recover` applies it until `done`. Without it an abandoned round is settled as it stands (`settle`).
   */
  finishAction?(state: S): A;
  /**
   * The further stake an action takes (centavos; 0 or absent: none), as blackjack's double, split and
   * insurance do: the provider takes it through the casino's wallet (`raise`) before the action applies, and
   * a refused stake leaves the round as it was. The round's total stake stays within the stake limit.
   */
  raiseOf?(state: S, action: A): number;
  /** The documented strategy `npm run rtp` plays (default: `finishAction`, e.g. stand at once). */
  strategy?(state: S): A;
  /**
   * The round's only exit before the first move would hand the stake back (cash out at 1.00x): that exit is
   * refused to the player, and a round left with no move is void (its bet rolled back), never paid.
   */
  voidUntouched?: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: one registry holds engines of every parameter, state and action type
export type Engine = OneShotEngine<any> | SteppedEngine<any, any, any>;

/**
 * An engine family: one kind of game driving many titles by configuration. Its page script is
 * server/src/sandbox/provider/assets/<key>.js; a catalog title names a family and one of its configs.
 */
export interface EngineFamily<C = unknown> {
  key: string;
  /** Named configurations (paytable, reels, odds, theme): e.g. { classic: {...}, speed: {...} }. */
  configs: Record<string, C>;
  create(config: C): Engine;
}

/** An action the rules of the game do not allow now (hit after standing, a revealed tile again, ...). */
export class GameRuleError extends Error {}
