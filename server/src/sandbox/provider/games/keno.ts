import { z } from 'zod';
import type { EngineFamily, OneShotEngine } from './kinds';
import { choose, drawDistinct, stakeSchema, times } from './stake';

/*
 * Keno: pick 1 to 10 numbers of 40; the game draws 10; the paytable for the number of picks pays by hits.
 * Hits follow the hypergeometric law, so every table's return is exact (kenoRtp): 95.7% to 95.9%.
 * Configurations (KENO_CONFIGS), for titles to map to:
 *   classic  Keno          40 numbers, 10 drawn
 */
export interface KenoConfig {
  name: string;
  theme: { key: 'classic'; colors: readonly [string, string, string] };
  numbers: number;
  drawn: number;
  /** paytable[picks][hits]: multipliers in hundredths. */
  paytable: Readonly<Record<number, readonly number[]>>;
  defaultPicks: number;
  rtp: number;
}

/** What a round's outcome carries (the page reads it). */
export interface KenoOutcome {
  drawn: number[];
  picks: number[];
  hits: number[];
  multiplier: number;
}

const PAYTABLE = {
  1: [0, 383],
  2: [0, 192, 380],
  3: [0, 0, 372, 3700],
  4: [0, 0, 209, 820, 8200],
  5: [0, 0, 110, 420, 2500, 21000],
  6: [0, 0, 0, 339, 1200, 9600, 96000],
  7: [0, 0, 0, 222, 650, 3200, 21000, 152000],
  8: [0, 0, 0, 119, 440, 1700, 8900, 67000, 335000],
  9: [0, 0, 0, 0, 361, 1300, 5100, 34000, 206000, 859000],
  10: [0, 0, 0, 0, 259, 760, 2500, 12000, 63000, 381000, 1272000],
} as const;

export const KENO_CONFIGS = {
  classic: {
    name: 'Keno',
    theme: { key: 'classic', colors: ['#0c4a6e', '#0369a1', '#fde047'] },
    numbers: 40,
    drawn: 10,
    paytable: PAYTABLE,
    defaultPicks: 5,
    rtp: 0.9584,
  },
} satisfies Record<string, KenoConfig>;

/** P(hits) for `picks` numbers: C(drawn, hits) C(numbers - drawn, picks - hits) / C(numbers, picks). */
export const kenoChance = (c: KenoConfig, picks: number, hits: number) =>
  (choose(c.drawn, hits) * choose(c.numbers - c.drawn, picks - hits)) / choose(c.numbers, picks);

export const kenoRtp = (c: KenoConfig, picks: number) =>
  (c.paytable[picks] ?? []).reduce((sum, m, hits) => sum + (kenoChance(c, picks, hits) * m) / 100, 0);

export function kenoEngine(c: KenoConfig): OneShotEngine<{ stake: number; picks: number[] }> {
  const params = z.strictObject({
    stake: stakeSchema,
    picks: z
      .array(z.number().int().min(1).max(c.numbers))
      .min(1)
      .max(10)
      .refine((p) => new Set(p).size === p.length, 'Numbers must differ'),
  });
  return {
    kind: 'oneShot',
    params,
    stakeOf: (p) => p.stake,
    rules: c,
    rtp: c.rtp,
    defaultBet: { stake: 1000, picks: Array.from({ length: c.defaultPicks }, (_, i) => i * 4 + 1) },
    play(rng, p) {
      const drawn = drawDistinct(rng, c.numbers, c.drawn).map((n) => n + 1);
      const hits = p.picks.filter((n) => drawn.includes(n));
      const m = c.paytable[p.picks.length]?.[hits.length] ?? 0;
      return {
        win: times(p.stake, m),
        result: `${hits.length} of ${p.picks.length} hit${m > 0 ? `: ${(m / 100).toFixed(2)}x` : ''}`,
        outcome: { drawn, picks: p.picks, hits, multiplier: m / 100 } satisfies KenoOutcome,
      };
    },
  };
}

export const kenoFamily: EngineFamily<KenoConfig> = { key: 'keno', configs: KENO_CONFIGS, create: kenoEngine };
