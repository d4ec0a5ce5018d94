import type { Rng } from './rng';

/**
 * "Rocket Crash": the player sets an auto cash-out multiplier before the round; the rocket climbs and
 * crashes at a point drawn so that P(crash >= m) = 0.97 / m. Cashing out at m pays m times the bet when
 * the rocket reaches m. Written return: 97% for every cash-out target.
 */
export const CRASH_RTP = 0.97;
export const CRASH_MIN_TARGET = 1.01;
export const CRASH_MAX_TARGET = 1000;

/** The crash point, in hundredths (e.g. 253 = 2.53x); at least 100. */
export function crashPoint(rng: Rng): number {
  const r = rng.float();
  return Math.max(100, Math.floor((CRASH_RTP / (1 - r)) * 100));
}

/** What a bet returns in centavos: the stake times the target when the rocket got there, else 0. */
export const crashReturn = (stake: number, targetHundredths: number, pointHundredths: number) =>
  pointHundredths >= targetHundredths ? Math.floor((stake * targetHundredths) / 100) : 0;
