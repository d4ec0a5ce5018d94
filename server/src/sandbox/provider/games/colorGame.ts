import type { EngineFamily } from './kinds';
import { type BetSpec, chipTable, exactRtp, LOSE, WIN } from './table';
import { allThrows, rollThree } from './threeDice';

/**
 * Color Game, the perya dice game: three dice whose six faces are colours. Bet on colours; a colour that
 * shows on one die pays 1:1, on two dice 2:1, on all three 3:1. Every colour returns 199/216 = 92.13%.
 */
export const COLORS = ['yellow', 'white', 'pink', 'blue', 'red', 'green'] as const;

export interface ColorGameConfig {
  theme: string;
}

/** A throw as the page draws it: each die's colour. */
export interface ColorGameDraw {
  dice: string[];
}

/** The rules sent to the page (chipTable adds maxBets and coverMiss): the colours in face order. */
export interface ColorGameRules {
  bets: Record<string, BetSpec>;
  colors: readonly string[];
  paysPerMatch: readonly number[];
  theme: string;
}

const matches = (color: string, dice: number[]) => dice.filter((d) => COLORS[d - 1] === color).length;
const factor = (color: string, dice: number[]) => {
  const n = matches(color, dice);
  return n ? WIN(n) : LOSE;
};

export const colorGame: EngineFamily<ColorGameConfig> = {
  key: 'colorGame',
  configs: { classic: { theme: 'perya' } },
  create(config) {
    const bets: Record<string, BetSpec> = {};
    for (const color of COLORS) bets[color] = { pays: 1, rtp: exactRtp(allThrows(), (dice) => factor(color, dice)) };
    return chipTable<ColorGameDraw>({
      rules: { bets, colors: COLORS, paysPerMatch: [1, 2, 3], theme: config.theme } satisfies ColorGameRules,
      rtp: 199 / 216,
      draws: () =>
        [...allThrows()].map(([dice, weight]) => [{ dice: dice.map((d) => COLORS[d - 1] as string) }, weight] as const),
      defaultBet: 'red',
      draw: (rng) => ({ dice: rollThree(rng).map((d) => COLORS[d - 1] as string) }),
      factor: (bet, o) =>
        factor(
          bet,
          o.dice.map((c) => COLORS.indexOf(c as (typeof COLORS)[number]) + 1),
        ),
      describe: (o) => `Dice ${o.dice.join(', ')}`,
    });
  },
};
