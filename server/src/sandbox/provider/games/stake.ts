import { z } from 'zod';

/** Stakes per round, in centavos: 1 to 5,000 pesos. */
export const MIN_STAKE = 100;
export const MAX_STAKE = 500_000;

/** One round's stake as the page sends it (integer centavos within the limits). */
export const stakeSchema = z.number().int().min(MIN_STAKE).max(MAX_STAKE);

/** A multiplier in hundredths (250 = 2.50x) applied to a stake in centavos, rounded down to the centavo. */
export const times = (stake: number, hundredths: number) => Math.floor((stake * hundredths) / 100);

/** The largest multiplier in hundredths that keeps `rtp` for an outcome of probability `p` (odds rounded down). */
export const fairHundredths = (rtp: number, p: number) => Math.floor((rtp / p) * 100 + 1e-9);

/** Draws a uniform random permutation's first `count` items of 0..n-1 (partial Fisher-Yates on the rng). */
export function drawDistinct(rng: { int(max: number): number }, n: number, count: number): number[] {
  const pool = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + rng.int(n - i);
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
  }
  return pool.slice(0, count);
}

/** n choose k as a float (exact for the small n of these games). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/**
 * The most one round pays, stake included, in centavos: ₱1,000,000 (docs/games.md, "Risk review"). Every
 * title's rules show it and its engine pays no more (capWin); a title may set a lower one.
 */
export const MAX_WIN = 100_000_000;
