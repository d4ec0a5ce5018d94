import type { Rng } from './rng';

/** An Rng that replays fixed draws: int(max) takes the next value mod max (then `rest`); float the next fraction. */
export const scripted = (ints: number[], floats: number[] = [], rest = 0): Rng => ({
  int: (max) => (ints.shift() ?? rest) % max,
  float: () => floats.shift() ?? 0,
});

/** A small seeded generator (mulberry32) for replay tests: the same seed gives the same draws. */
export function seeded(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (max) => Math.floor(next() * max), float: next };
}
