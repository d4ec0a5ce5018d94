import { z } from 'zod';
import type { EngineFamily, OneShotEngine } from './kinds';
import { fairHundredths, stakeSchema, times } from './stake';

/*
 * Dice: a roll from 0.00 to 99.99; bet it lands under (or over) a line so that the chance is `chance`% (2 to
 * 95); the pay is rtp / chance, rounded down to the hundredth, so the exact return (diceRtp) is at most rtp.
 * Configurations (DICE_CONFIGS), for titles to map to:
 *   classic  Dice         99%
 */
export interface DiceConfig {
  name: string;
  theme: { key: 'classic'; colors: readonly [string, string, string] };
  rtp: number;
  minChance: number;
  maxChance: number;
  defaultChance: number;
}

export const DICE_CONFIGS = {
  classic: {
    name: 'Dice',
    theme: { key: 'classic', colors: ['#0f172a', '#334155', '#38bdf8'] },
    rtp: 0.99,
    minChance: 2,
    maxChance: 95,
    defaultChance: 50,
  },
} satisfies Record<string, DiceConfig>;

/** What a round's outcome carries (the page reads it). */
export interface DiceOutcome {
  roll: number;
  line: number;
  side: DiceSide;
  won: boolean;
  multiplier: number;
}

export type DiceSide = 'under' | 'over';

/** The pay in hundredths for a chance in whole percent. */
export const dicePays = (c: DiceConfig, chance: number) => fairHundredths(c.rtp, chance / 100);
export const diceRtp = (c: DiceConfig, chance: number) => (chance / 100) * (dicePays(c, chance) / 100);

export function diceEngine(c: DiceConfig): OneShotEngine<{ stake: number; chance: number; side: 'under' | 'over' }> {
  return {
    kind: 'oneShot',
    params: z.strictObject({
      stake: stakeSchema,
      chance: z.number().int().min(c.minChance).max(c.maxChance),
      side: z.enum(['under', 'over']),
    }),
    stakeOf: (p) => p.stake,
    rules: c,
    rtp: c.rtp,
    defaultBet: { stake: 1000, chance: c.defaultChance, side: 'under' },
    play(rng, p) {
      const roll = rng.int(10_000);
      const line = p.side === 'under' ? p.chance * 100 : 10_000 - p.chance * 100;
      const won = p.side === 'under' ? roll < line : roll >= line;
      const pays = dicePays(c, p.chance);
      return {
        win: won ? times(p.stake, pays) : 0,
        result: `Rolled ${(roll / 100).toFixed(2)}, ${p.side} ${(line / 100).toFixed(2)}: ${won ? 'win' : 'loss'}`,
        outcome: {
          roll: roll / 100,
          line: line / 100,
          side: p.side,
          won,
          multiplier: pays / 100,
        } satisfies DiceOutcome,
      };
    },
  };
}

export const diceFamily: EngineFamily<DiceConfig> = { key: 'dice', configs: DICE_CONFIGS, create: diceEngine };
