import type { Rng } from './rng';

/** Three dice games (sic bo, the perya color game): three faces 1-6 and the 216 equally likely throws. */
export const rollThree = (rng: Rng) => [rng.int(6) + 1, rng.int(6) + 1, rng.int(6) + 1];

export function* allThrows(): Generator<[number[], number]> {
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) yield [[a, b, c], 1];
}
