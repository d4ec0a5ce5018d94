import { z } from 'zod';
import { crashPoint, targetSchema } from './crash';
import type { EngineFamily, OneShotEngine } from './kinds';
import { stakeSchema, times } from './stake';

/*
 * Limbo: choose a target multiplier; the game draws a result with P(result >= m) = rtp / m (the crash
 * draw, shown at once); a result at or above the target pays the target. Every target returns exactly
 * `rtp` (the same argument as crashRtp).
 * Configurations (LIMBO_CONFIGS), for titles to map to:
 *   classic  Limbo       99%
 *   moon     Moon Limbo  97%
 */
export interface LimboConfig {
  name: string;
  theme: { key: 'classic' | 'moon'; colors: readonly [string, string, string] };
  rtp: number;
  maxTarget: number;
}

/** What a round's outcome carries (the page reads it). */
export interface LimboOutcome {
  result: number;
  target: number;
  won: boolean;
}

export const LIMBO_CONFIGS = {
  classic: {
    name: 'Limbo',
    theme: { key: 'classic', colors: ['#111827', '#1f2937', '#a3e635'] },
    rtp: 0.99,
    maxTarget: 1000,
  },
  moon: {
    name: 'Moon Limbo',
    theme: { key: 'moon', colors: ['#0b132b', '#1c2541', '#f1faee'] },
    rtp: 0.97,
    maxTarget: 1000,
  },
} satisfies Record<string, LimboConfig>;

export function limboEngine(c: LimboConfig): OneShotEngine<{ stake: number; target: number }> {
  return {
    kind: 'oneShot',
    params: z.strictObject({ stake: stakeSchema, target: targetSchema(1.01, c.maxTarget) }),
    stakeOf: (p) => p.stake,
    rules: c,
    rtp: c.rtp,
    defaultBet: { stake: 1000, target: 2 },
    play(rng, p) {
      const point = crashPoint(rng, c.rtp);
      const target = Math.round(p.target * 100);
      const won = point >= target;
      return {
        win: won ? times(p.stake, target) : 0,
        result: `Result ${(point / 100).toFixed(2)}x, target ${p.target.toFixed(2)}x`,
        outcome: { result: point / 100, target: p.target, won } satisfies LimboOutcome,
      };
    },
  };
}

export const limboFamily: EngineFamily<LimboConfig> = { key: 'limbo', configs: LIMBO_CONFIGS, create: limboEngine };
