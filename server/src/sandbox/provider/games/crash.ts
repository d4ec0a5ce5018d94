import { z } from 'zod';
import type { EngineFamily, OneShotEngine } from './kinds';
import type { Rng } from './rng';
import { stakeSchema } from './stake';

/*
 * Crash: the player sets an auto cash-out multiplier before the round; the rocket (balloon, jeepney)
 * climbs and crashes at a point drawn so that P(crash >= m) = rtp / m. Cashing out at m pays m times the
 * bet when the point reached m, so every target returns exactly `rtp` (see crashRtp).
 * Configurations (CRASH_CONFIGS), for titles to map to:
 *   rocket   Rocket Crash    97%
 *   balloon  Balloon Pop     96%
 *   jeepney  Jeepney Rush    97%
 */
export const CRASH_RTP = 0.97;
export const CRASH_MIN_TARGET = 1.01;
export const CRASH_MAX_TARGET = 1000;

/** The crash point, in hundredths (e.g. 253 = 2.53x); at least 100. */
export function crashPoint(rng: Rng, rtp = CRASH_RTP): number {
  const r = rng.float();
  return Math.max(100, Math.floor((rtp / (1 - r)) * 100));
}

/** Where a flight ends (hundredths): the drawn point, or the title's cap (maxTarget) when drawn above it. */
export const flightEnd = (pointHundredths: number, maxTarget: number) =>
  Math.min(pointHundredths, Math.round(maxTarget * 100));

/** What a bet returns in centavos: the stake times the target when the rocket got there, else 0. */
export const crashReturn = (stake: number, targetHundredths: number, pointHundredths: number) =>
  pointHundredths >= targetHundredths ? Math.floor((stake * targetHundredths) / 100) : 0;

/**
 * The exact return at a target (hundredths): P(floor(100 rtp / (1 - r)) >= T) = P(rtp / (1 - r) >= T / 100)
 * = 100 rtp / T for T > 100 · rtp, so the return is T / 100 x 100 rtp / T = rtp.
 */
export const crashRtp = (rtp: number, targetHundredths: number) =>
  (targetHundredths / 100) * Math.min(1, (100 * rtp) / targetHundredths);

export interface CrashConfig {
  name: string;
  theme: { key: 'rocket' | 'balloon' | 'jeepney'; colors: readonly [string, string, string] };
  rtp: number;
  minTarget: number;
  maxTarget: number;
  /** Quick picks for the auto cash-out. */
  presets: readonly number[];
}

export const CRASH_CONFIGS = {
  rocket: {
    name: 'Rocket Crash',
    theme: { key: 'rocket', colors: ['#0b1026', '#1b2a6b', '#ff7a18'] },
    rtp: 0.97,
    minTarget: CRASH_MIN_TARGET,
    maxTarget: CRASH_MAX_TARGET,
    presets: [1.5, 2, 3, 5, 10],
  },
  balloon: {
    name: 'Balloon Pop',
    theme: { key: 'balloon', colors: ['#48cae4', '#0096c7', '#ff006e'] },
    rtp: 0.96,
    minTarget: CRASH_MIN_TARGET,
    maxTarget: 100,
    presets: [1.3, 2, 4, 8, 16],
  },
  jeepney: {
    name: 'Jeepney Rush',
    theme: { key: 'jeepney', colors: ['#1b4332', '#2d6a4f', '#ffd166'] },
    rtp: 0.97,
    minTarget: CRASH_MIN_TARGET,
    maxTarget: 500,
    presets: [1.5, 2, 3, 5, 10],
  },
} satisfies Record<string, CrashConfig>;

/** A multiplier of at most two decimals within the config's limits. */
export const targetSchema = (min: number, max: number) =>
  z
    .number()
    .min(min)
    .max(max)
    .refine((n) => Number(n.toFixed(2)) === n);

export function crashEngine(c: CrashConfig): OneShotEngine<{ stake: number; target: number }> {
  return {
    kind: 'oneShot',
    params: z.strictObject({ stake: stakeSchema, target: targetSchema(c.minTarget, c.maxTarget) }),
    stakeOf: (p) => p.stake,
    rules: c,
    rtp: c.rtp,
    defaultBet: { stake: 1000, target: 2 },
    play(rng, p) {
      // The flight ends at the title's cap: a point drawn above it is the cap, which pays every target up to
      // it exactly as before (P(point >= T) is unchanged for T <= cap, so each target keeps its RTP).
      const point = flightEnd(crashPoint(rng, c.rtp), c.maxTarget);
      const target = Math.round(p.target * 100);
      const win = crashReturn(p.stake, target, point);
      const crashedAt = (point / 100).toFixed(2);
      // A win never names the crash point: in the shared round a cash-out settles while the flight goes on,
      // and its answer and record would tell the point to a second account still in (crash-room.test).
      const result =
        win > 0 ? `Cashed out at ${p.target.toFixed(2)}x` : `Crashed at ${crashedAt}x before ${p.target.toFixed(2)}x`;
      return { win, result, outcome: { crashPoint: point / 100, target: p.target, cashedOut: win > 0 } };
    },
  };
}

export const crashFamily: EngineFamily<CrashConfig> = { key: 'crash', configs: CRASH_CONFIGS, create: crashEngine };
