import type { EngineFamily } from './kinds';
import { type BetSpec, chipTable, LOSE, PUSH, WIN } from './table';

/**
 * Fan Tan: the croupier covers a heap of beads and counts them off four at a time; the result is what is
 * left, 1 to 4. Fan (one number) pays 3:1, Nim (win on one number, push on another) 2:1, Kwok (two
 * adjacent numbers) 1:1, each less the house's 5% commission on the win.
 */
export interface FanTanConfig {
  /** Beads in the heap: min to min + span - 1, span a multiple of 4 so each result is equally likely. */
  minBeads: number;
  span: number;
  theme: string;
}

/** A count: the beads in the heap and what is left, 1 to 4. */
export interface FanTanCount {
  beads: number;
  result: number;
}

const resultOf = (beads: number) => ((beads - 1) % 4) + 1;

export function fanTanBets(): Record<string, BetSpec> {
  const bets: Record<string, BetSpec> = {};
  for (let n = 1; n <= 4; n++) {
    bets[`fan-${n}`] = { pays: 2.85, rtp: 3.85 / 4 };
    for (let m = 1; m <= 4; m++) if (m !== n) bets[`nim-${n}-${m}`] = { pays: 1.9, rtp: (2.9 + 1) / 4 };
    bets[`kwok-${n}-${(n % 4) + 1}`] = { pays: 0.95, rtp: (2 * 1.95) / 4 };
  }
  return bets;
}

export function fanTanFactor(bet: string, result: number) {
  const [kind, a, b] = bet.split('-');
  const x = Number(a);
  const y = Number(b);
  if (kind === 'fan') return result === x ? WIN(2.85) : LOSE;
  if (kind === 'nim') return result === x ? WIN(1.9) : result === y ? PUSH : LOSE;
  return result === x || result === y ? WIN(0.95) : LOSE;
}

export const fanTan: EngineFamily<FanTanConfig> = {
  key: 'fanTan',
  configs: { classic: { minBeads: 40, span: 80, theme: 'jade' } },
  create(config) {
    const bets = fanTanBets();
    return chipTable<FanTanCount>({
      rules: { bets, commission: 0.05, theme: config.theme },
      rtp: (bets['fan-1'] as BetSpec).rtp,
      draws: () =>
        Array.from({ length: config.span }, (_, i) => config.minBeads + i).map(
          (beads) => [{ beads, result: resultOf(beads) }, 1] as const,
        ),
      defaultBet: 'fan-1',
      draw(rng) {
        const beads = config.minBeads + rng.int(config.span);
        return { beads, result: resultOf(beads) };
      },
      factor: (bet, o) => fanTanFactor(bet, o.result),
      describe: (o) => `${o.beads} beads: ${o.result}`,
    });
  },
};
