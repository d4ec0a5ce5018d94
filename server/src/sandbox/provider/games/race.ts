import { z } from 'zod';
import type { EngineFamily, OneShotEngine } from './kinds';
import { type Rng, weighted } from './rng';
import { fairHundredths, stakeSchema, times } from './stake';

/*
 * Race (a horse or cycling derby): pick a runner at fixed odds; the winner is drawn by the runners' weights
 * (the rest of the finishing order too, for the show). Odds are rtp / P(win), rounded down to the hundredth,
 * so each runner's return (raceRtp) is at most rtp (config rtp is the pricing margin).
 * Configurations (RACE_CONFIGS), for titles to map to:
 *   derby     Manila Derby       horses, 96%
 *   cycling   Tour de Luzon      cyclists, 96%
 *   carabao   Carabao Race       carabaos, 95%
 */
export interface Runner {
  name: string;
  color: string;
  weight: number;
}

export interface RaceConfig {
  name: string;
  theme: { key: 'horse' | 'cycling' | 'carabao'; colors: readonly [string, string, string] };
  rtp: number;
  runners: readonly Runner[];
}

/** The rules object a page reads: the config and each runner's odds in hundredths. */
export type RaceRules = RaceConfig & { odds: number[] };

/** What a round's outcome carries (the page reads it): the finishing order, winner first. */
export interface RaceOutcome {
  order: number[];
  runner: number;
  won: boolean;
  odds: number;
}

const r = (name: string, color: string, weight: number): Runner => ({ name, color, weight });

export const RACE_CONFIGS = {
  derby: {
    name: 'Manila Derby',
    theme: { key: 'horse', colors: ['#14532d', '#166534', '#fef08a'] },
    rtp: 0.96,
    runners: [
      r('Bagyo', '#ef4444', 30),
      r('Kidlat', '#3b82f6', 22),
      r('Tala', '#eab308', 16),
      r('Habagat', '#22c55e', 12),
      r('Amihan', '#a855f7', 9),
      r('Bituin', '#f97316', 7),
      r('Alon', '#06b6d4', 4),
    ],
  },
  cycling: {
    name: 'Tour de Luzon',
    theme: { key: 'cycling', colors: ['#1e293b', '#475569', '#facc15'] },
    rtp: 0.96,
    runners: [
      r('Santos', '#facc15', 26),
      r('Reyes', '#ef4444', 22),
      r('Cruz', '#22c55e', 18),
      r('Garcia', '#3b82f6', 14),
      r('Mendoza', '#ec4899', 11),
      r('Bautista', '#f97316', 9),
    ],
  },
  carabao: {
    name: 'Carabao Race',
    theme: { key: 'carabao', colors: ['#3f2d1d', '#7c5a3a', '#bbf7d0'] },
    rtp: 0.95,
    runners: [
      r('Kalabaw', '#78716c', 28),
      r('Bulik', '#a16207', 24),
      r('Tamaraw', '#57534e', 20),
      r('Putik', '#854d0e', 16),
      r('Palay', '#65a30d', 12),
    ],
  },
} satisfies Record<string, RaceConfig>;

const total = (c: RaceConfig) => c.runners.reduce((sum, x) => sum + x.weight, 0);
/** The odds of each runner in hundredths (what a winning bet returns per unit staked). */
export const raceOdds = (c: RaceConfig) => c.runners.map((x) => fairHundredths(c.rtp, x.weight / total(c)));
export const raceRtp = (c: RaceConfig, runner: number) =>
  ((c.runners[runner]?.weight ?? 0) / total(c)) * ((raceOdds(c)[runner] ?? 0) / 100);

/** The whole finishing order: each place drawn by weight among the runners still running. */
function finish(rng: Rng, c: RaceConfig): number[] {
  const left = c.runners.map((_, i) => i);
  const order: number[] = [];
  while (left.length > 0) {
    const weights = left.map((i) => c.runners[i]?.weight ?? 0);
    const pick = weighted(
      rng,
      weights,
      weights.reduce((a, b) => a + b, 0),
    );
    order.push(left.splice(pick, 1)[0] as number);
  }
  return order;
}

export function raceEngine(c: RaceConfig): OneShotEngine<{ stake: number; runner: number }> {
  const odds = raceOdds(c);
  return {
    kind: 'oneShot',
    params: z.strictObject({
      stake: stakeSchema,
      runner: z
        .number()
        .int()
        .min(0)
        .max(c.runners.length - 1),
    }),
    stakeOf: (p) => p.stake,
    rules: { ...c, odds } satisfies RaceRules,
    // Odds are rounded down: the written RTP is the exact return of the default bet (the first runner).
    rtp: raceRtp(c, 0),
    play(rng, p) {
      const order = finish(rng, c);
      const won = order[0] === p.runner;
      const winner = c.runners[order[0] as number]?.name;
      return {
        win: won ? times(p.stake, odds[p.runner] as number) : 0,
        result: `${winner} won; bet on ${c.runners[p.runner]?.name} at ${((odds[p.runner] as number) / 100).toFixed(2)}`,
        outcome: { order, runner: p.runner, won, odds: (odds[p.runner] as number) / 100 } satisfies RaceOutcome,
      };
    },
  };
}

export const raceFamily: EngineFamily<RaceConfig> = { key: 'race', configs: RACE_CONFIGS, create: raceEngine };
