import { randomBytes, randomInt } from 'node:crypto';

/** Outcomes come from the operating system's cryptographic RNG. */
export interface Rng {
  /** A uniform integer in [0, max). */
  int(max: number): number;
  /** A uniform float in [0, 1) with 52 random bits. */
  float(): number;
}

export const cryptoRng: Rng = {
  int: (max) => randomInt(max),
  float: () => {
    const bytes = randomBytes(7);
    // 52 bits: 6 full bytes and 4 bits of the seventh.
    let value = 0;
    for (let i = 0; i < 6; i++) value = value * 256 + (bytes[i] as number);
    value = value * 16 + ((bytes[6] as number) >> 4);
    return value / 2 ** 52;
  },
};

/** Picks an index by integer weights. */
export function weighted(rng: Rng, weights: readonly number[], total: number): number {
  let ticket = rng.int(total);
  for (let i = 0; i < weights.length; i++) {
    ticket -= weights[i] as number;
    if (ticket < 0) return i;
  }
  return weights.length - 1;
}
