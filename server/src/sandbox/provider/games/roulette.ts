import type { EngineFamily } from './kinds';
import { type BetSpec, chipTable, LOSE, WIN } from './table';

/**
 * European roulette: one zero, 37 pockets. Inside bets (straight, split, street, corner, six line, the
 * trios and first four) and outside bets (dozens, columns, red/black, odd/even, 1-18/19-36) pay 36/n - 1
 * to one for n numbers covered, so every bet returns 36/37 = 97.30%. The French table adds La Partage: an
 * even-money bet (red/black, odd/even, 1-18/19-36) gets half its stake back when zero comes, so those bets
 * return 36.5/37 = 98.65% and the others 97.30%.
 */
export const WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
];
export const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

export type RouletteBet = BetSpec & { numbers: number[] };

const range = (from: number, to: number, step = 1) => {
  const out: number[] = [];
  for (let n = from; n <= to; n += step) out.push(n);
  return out;
};

/** The even-money bets: La Partage gives half of each back on zero. */
export const EVEN_MONEY = ['red', 'black', 'odd', 'even', 'low', 'high'];

/** Every bet of the layout by name: "straight-17", "split-17-20", "corner-17", "dozen-2", "red", ... */
export function rouletteBets(laPartage = false): Record<string, RouletteBet> {
  const bets: Record<string, RouletteBet> = {};
  const add = (key: string, numbers: number[]) => {
    const halfBack = laPartage && EVEN_MONEY.includes(key);
    bets[key] = { numbers, pays: 36 / numbers.length - 1, rtp: halfBack ? 36.5 / 37 : 36 / 37 };
  };
  for (const n of range(0, 36)) add(`straight-${n}`, [n]);
  for (const n of range(1, 36)) {
    if (n % 3 !== 0) add(`split-${n}-${n + 1}`, [n, n + 1]);
    if (n <= 33) add(`split-${n}-${n + 3}`, [n, n + 3]);
  }
  for (const n of [1, 2, 3]) add(`split-0-${n}`, [0, n]);
  for (const n of range(1, 34, 3)) add(`street-${n}`, [n, n + 1, n + 2]);
  add('trio-1', [0, 1, 2]);
  add('trio-2', [0, 2, 3]);
  for (const n of range(1, 32)) if (n % 3 !== 0) add(`corner-${n}`, [n, n + 1, n + 3, n + 4]);
  add('first4', [0, 1, 2, 3]);
  for (const n of range(1, 31, 3)) add(`line-${n}`, range(n, n + 5));
  for (const d of [1, 2, 3]) add(`dozen-${d}`, range(12 * d - 11, 12 * d));
  for (const c of [1, 2, 3]) add(`column-${c}`, range(c, 36, 3));
  add('red', RED);
  add(
    'black',
    range(1, 36).filter((n) => !RED.includes(n)),
  );
  add('odd', range(1, 35, 2));
  add('even', range(2, 36, 2));
  add('low', range(1, 18));
  add('high', range(19, 36));
  return bets;
}

export interface RouletteConfig {
  theme: string;
  /** French rule: an even-money bet gets half its stake back when zero comes. */
  laPartage?: boolean;
}

/** The rules sent to the page (chipTable adds maxBets and coverMiss). */
export interface RouletteRules {
  bets: Record<string, RouletteBet>;
  /** The pockets in wheel order. */
  wheel: number[];
  red: number[];
  theme: string;
  laPartage: boolean;
}

/** A spin: the pocket the ball fell in. */
export interface RouletteSpin {
  number: number;
}

/** Half the stake back (WIN/LOSE are 100 + pays x 100 and 0). */
const HALF_BACK = 50;

export const roulette: EngineFamily<RouletteConfig> = {
  key: 'roulette',
  configs: { european: { theme: 'classic' }, french: { theme: 'salon', laPartage: true } },
  create(config) {
    const laPartage = config.laPartage === true;
    const bets = rouletteBets(laPartage);
    return chipTable<RouletteSpin>({
      rules: { bets, wheel: WHEEL, red: RED, theme: config.theme, laPartage } satisfies RouletteRules,
      rtp: 36 / 37,
      draws: () => range(0, 36).map((number) => [{ number }, 1] as const),
      defaultBet: 'red',
      draw: (rng) => ({ number: rng.int(37) }),
      factor: (bet, o) => {
        const spec = bets[bet] as RouletteBet;
        if (spec.numbers.includes(o.number)) return WIN(spec.pays);
        return laPartage && o.number === 0 && EVEN_MONEY.includes(bet) ? HALF_BACK : LOSE;
      },
      describe: (o) => `${o.number} ${o.number === 0 ? 'green' : RED.includes(o.number) ? 'red' : 'black'}`,
    });
  },
};
