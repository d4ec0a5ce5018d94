import type { Engine, RoundResult } from './kinds';
import type { Rng } from './rng';

/**
 * Plays one whole round of any engine: a one-shot draw, or a stepped round driven by the engine's
 * documented `strategy` (else its `finishAction`) until done. Used by `npm run rtp` and the RTP test.
 * `raised` is what the round staked beyond its first stake (blackjack's doubles, splits and insurance).
 */
export function playRound(engine: Engine, rng: Rng, bet: unknown): RoundResult & { raised: number } {
  if (engine.kind === 'oneShot') return { ...engine.play(rng, bet), raised: 0 };
  let state = engine.start(rng, bet);
  let raised = 0;
  const move = engine.strategy ?? engine.finishAction;
  for (let i = 0; i < 1000 && !engine.done(state); i++) {
    if (!move) break;
    const action = move(state);
    raised += engine.raiseOf?.(state, action) ?? 0;
    state = engine.act(state, action);
  }
  return { ...engine.settle(state), raised };
}

/**
 * A round's return to player in first stakes, the way blackjack's is quoted: what came back less what was
 * staked beyond the first stake (a double's second stake comes back with its win), per first stake.
 */
export const returnOf = (round: { win: number; raised: number }, stake: number) => (round.win - round.raised) / stake;

/** A running mean and standard deviation of a per-round return, in stakes. */
export class Tally {
  n = 0;
  sum = 0;
  squares = 0;
  add(ratio: number) {
    this.n++;
    this.sum += ratio;
    this.squares += ratio * ratio;
  }
  get mean() {
    return this.sum / this.n;
  }
  get sd() {
    return Math.sqrt(Math.max(0, this.squares / this.n - this.mean ** 2));
  }
  /** The tolerance in percentage points: `errors` standard errors of the mean, at least `floor`. */
  tolerance(errors: number, floor = 0.5) {
    return Math.max(floor, (100 * errors * this.sd) / Math.sqrt(this.n));
  }
}
