import { z } from 'zod';
import type { EngineFamily, OneShotEngine } from './kinds';
import { choose, stakeSchema, times } from './stake';

/*
 * Plinko: a ball falls through `rows` rows of pegs, going left or right at each with even chances, and lands
 * in bucket k (the number of rights) with probability C(rows, k) / 2^rows; the bucket's multiplier pays.
 * The player chooses rows (8, 12 or 16) and risk (low, medium, high); each table's exact RTP is plinkoRtp.
 * Configurations (PLINKO_CONFIGS), for titles to map to:
 *   classic  Plinko         tables of about 99%
 */
export type Risk = 'low' | 'medium' | 'high';
export type Rows = '8' | '12' | '16';

/** What a round answers: the path (0 left, 1 right at each row), its bucket and multiplier (×). */
export interface PlinkoOutcome {
  path: number[];
  bucket: number;
  multiplier: number;
  rows: Rows;
  risk: Risk;
}

export interface PlinkoConfig {
  name: string;
  theme: { key: 'classic'; colors: readonly [string, string, string] };
  /** tables[rows][risk]: bucket multipliers in hundredths, left to right. */
  tables: Readonly<Record<Rows, Readonly<Record<Risk, readonly number[]>>>>;
  defaults: { rows: Rows; risk: Risk };
  rtp: number;
}

const mirror = (half: number[]) => [...half, ...half.slice(0, -1).reverse()];

const TABLES = {
  '8': {
    low: mirror([560, 210, 110, 100, 50]),
    medium: mirror([1300, 300, 130, 70, 40]),
    high: mirror([2900, 400, 150, 30, 20]),
  },
  '12': {
    low: mirror([1000, 300, 160, 140, 110, 100, 50]),
    medium: mirror([3300, 1100, 400, 200, 110, 60, 30]),
    high: mirror([17000, 2400, 810, 200, 70, 20, 20]),
  },
  '16': {
    low: mirror([1600, 900, 200, 140, 140, 120, 110, 100, 50]),
    medium: mirror([11000, 4100, 1000, 500, 300, 150, 100, 50, 30]),
    high: mirror([100000, 13000, 2600, 900, 400, 200, 20, 20, 20]),
  },
} as const;

export const PLINKO_CONFIGS = {
  classic: {
    name: 'Plinko',
    theme: { key: 'classic', colors: ['#0f172a', '#1e3a8a', '#f472b6'] },
    tables: TABLES,
    defaults: { rows: '12', risk: 'medium' },
    rtp: 0.9899,
  },
} satisfies Record<string, PlinkoConfig>;

/** The exact return of one table: sum over buckets of C(rows, k) / 2^rows x multiplier. */
export const plinkoRtp = (table: readonly number[]) => {
  const rows = table.length - 1;
  return table.reduce((sum, m, k) => sum + (choose(rows, k) / 2 ** rows) * (m / 100), 0);
};

const params = z.strictObject({
  stake: stakeSchema,
  rows: z.enum(['8', '12', '16']),
  risk: z.enum(['low', 'medium', 'high']),
});

export function plinkoEngine(c: PlinkoConfig): OneShotEngine<z.infer<typeof params>> {
  return {
    kind: 'oneShot',
    params,
    stakeOf: (p) => p.stake,
    rules: c,
    rtp: c.rtp,
    defaultBet: { stake: 1000, ...c.defaults },
    play(rng, p) {
      const path = Array.from({ length: Number(p.rows) }, () => rng.int(2));
      const bucket = path.reduce((a, b) => a + b, 0);
      const m = c.tables[p.rows][p.risk][bucket] as number;
      return {
        win: times(p.stake, m),
        result: `Bucket ${bucket + 1} of ${path.length + 1}: ${(m / 100).toFixed(2)}x (${p.rows} rows, ${p.risk} risk)`,
        outcome: { path, bucket, multiplier: m / 100, rows: p.rows, risk: p.risk } satisfies PlinkoOutcome,
      };
    },
  };
}

export const plinkoFamily: EngineFamily<PlinkoConfig> = {
  key: 'plinko',
  configs: PLINKO_CONFIGS,
  create: plinkoEngine,
};
