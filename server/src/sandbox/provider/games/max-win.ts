import { formatCentavos } from '../../../../../shared/money';
import type { Engine, RoundResult } from './kinds';

const capped = (round: RoundResult, maxWin: number): RoundResult =>
  round.win <= maxWin
    ? round
    : { ...round, win: maxWin, result: `${round.result}; paid the maximum win of ₱${formatCentavos(maxWin)}` };

/**
 * The engine of a title with its maximum win per round enforced: a round that would pay more pays `maxWin`
 * (its record says so). The verify endpoint recomputes through the same wrapper, so a capped round verifies.
 */
export function capWin(engine: Engine, maxWin: number): Engine {
  if (engine.kind === 'oneShot') return { ...engine, play: (rng, params) => capped(engine.play(rng, params), maxWin) };
  return { ...engine, settle: (state) => capped(engine.settle(state), maxWin) };
}
