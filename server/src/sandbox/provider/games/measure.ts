import type { Engine, RoundResult } from './kinds';
import type { Rng } from './rng';

/**
 * Plays one whole round of any engine: a one-shot draw, or a stepped round driven by the engine's
 * documented `strategy` (else its `finishAction`) until done. Used by `npm run rtp` and the RTP test.
 */
export function playRound(engine: Engine, rng: Rng, bet: unknown): RoundResult {
  if (engine.kind === 'oneShot') return engine.play(rng, bet);
  let state = engine.start(rng, bet);
  const move = engine.strategy ?? engine.finishAction;
  for (let i = 0; i < 1000 && !engine.done(state); i++) {
    if (!move) break;
    state = engine.act(state, move(state));
  }
  return engine.settle(state);
}

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
