import { z } from 'zod';
import type { EngineFamily, OneShotEngine } from './kinds';
import { type Rng, weighted } from './rng';
import { drawDistinct, stakeSchema, times } from './stake';

/*
 * Scratch cards: nine panels; three matching amounts win that amount (a multiple of the ticket price). The
 * prize is drawn first by weight (scratchRtp is exact), then the card is laid out to show it: the winning
 * amount three times and other amounts at most twice each (a losing card has no amount three times).
 * Configurations (SCRATCH_CONFIGS), for titles to map to:
 *   peso     Peso Scratch     95%, top prize 500x
 */
export interface ScratchConfig {
  name: string;
  theme: { key: 'peso'; colors: readonly [string, string, string] };
  /** Prizes in hundredths of the price with their weights; x = 0 is the losing card. */
  prizes: readonly { x: number; weight: number }[];
  rtp: number;
}

/** A card as the page draws it: nine panels in hundredths of the price, and the prize as a multiple of it. */
export interface ScratchOutcome {
  panels: number[];
  /** 0 on a losing card. */
  prize: number;
}

export const SCRATCH_CONFIGS = {
  peso: {
    name: 'Peso Scratch',
    theme: { key: 'peso', colors: ['#064e3b', '#047857', '#fde68a'] },
    prizes: [
      { x: 0, weight: 7024 },
      { x: 100, weight: 1250 },
      { x: 200, weight: 1000 },
      { x: 500, weight: 500 },
      { x: 1000, weight: 200 },
      { x: 5000, weight: 25 },
      { x: 50000, weight: 1 },
    ],
    rtp: 0.95,
  },
} satisfies Record<string, ScratchConfig>;

export const scratchRtp = (c: ScratchConfig) => {
  const total = c.prizes.reduce((sum, p) => sum + p.weight, 0);
  return c.prizes.reduce((sum, p) => sum + (p.x / 100) * (p.weight / total), 0);
};

/** Lays out nine panels that show `prize` (0: no amount three times). */
function layout(rng: Rng, c: ScratchConfig, prize: number): number[] {
  const amounts = c.prizes.map((p) => p.x).filter((x) => x > 0);
  const panels: number[] = new Array(9).fill(-1);
  if (prize > 0) for (const i of drawDistinct(rng, 9, 3)) panels[i] = prize;
  const used = new Map<number, number>();
  for (let i = 0; i < 9; i++) {
    if (panels[i] !== -1) continue;
    const open = amounts.filter((a) => a !== prize && (used.get(a) ?? 0) < 2);
    const a = open[rng.int(open.length)] as number;
    used.set(a, (used.get(a) ?? 0) + 1);
    panels[i] = a;
  }
  return panels;
}

export function scratchEngine(c: ScratchConfig): OneShotEngine<{ stake: number }> {
  const weights = c.prizes.map((p) => p.weight);
  const total = weights.reduce((a, b) => a + b, 0);
  return {
    kind: 'oneShot',
    params: z.strictObject({ stake: stakeSchema }),
    stakeOf: (p) => p.stake,
    rules: c,
    rtp: c.rtp,
    play(rng, p) {
      const prize = c.prizes[weighted(rng, weights, total)]?.x as number;
      const panels = layout(rng, c, prize);
      const outcome: ScratchOutcome = { panels, prize: prize / 100 };
      return {
        win: times(p.stake, prize),
        result: prize > 0 ? `Three of ${(prize / 100).toFixed(0)}x` : 'No match',
        outcome,
      };
    },
  };
}

export const scratchFamily: EngineFamily<ScratchConfig> = {
  key: 'scratch',
  configs: SCRATCH_CONFIGS,
  create: scratchEngine,
};
