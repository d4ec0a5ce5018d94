import { z } from 'zod';
import type { EngineFamily, OneShotEngine } from './kinds';
import { fairHundredths, stakeSchema, times } from './stake';

/*
 * Coin flip: call heads or tails for 1 to `maxCoins` coins; all of them must land on the call. The pay is
 * rtp x 2^coins, rounded down to the hundredth (coinFlipRtp is exact).
 * Configurations (COIN_FLIP_CONFIGS), for titles to map to:
 *   peso   Peso Flip     97%, a 1-peso coin (Rizal / the Bangko Sentral seal)
 */
export interface CoinFlipConfig {
  name: string;
  theme: { key: 'peso'; colors: readonly [string, string, string] };
  rtp: number;
  maxCoins: number;
}

export type CoinSide = 'heads' | 'tails';

/** What a round's outcome carries (the page reads it): each coin's face, in order. */
export interface CoinFlipOutcome {
  flips: CoinSide[];
  side: CoinSide;
  won: boolean;
  multiplier: number;
}

export const COIN_FLIP_CONFIGS = {
  peso: {
    name: 'Peso Flip',
    theme: { key: 'peso', colors: ['#1e3a8a', '#1d4ed8', '#e5e7eb'] },
    rtp: 0.97,
    maxCoins: 5,
  },
} satisfies Record<string, CoinFlipConfig>;

export const coinFlipPays = (c: CoinFlipConfig, coins: number) => fairHundredths(c.rtp, 1 / 2 ** coins);
export const coinFlipRtp = (c: CoinFlipConfig, coins: number) => coinFlipPays(c, coins) / 100 / 2 ** coins;

export function coinFlipEngine(
  c: CoinFlipConfig,
): OneShotEngine<{ stake: number; side: 'heads' | 'tails'; coins: number }> {
  return {
    kind: 'oneShot',
    params: z.strictObject({
      stake: stakeSchema,
      side: z.enum(['heads', 'tails']),
      coins: z.number().int().min(1).max(c.maxCoins),
    }),
    stakeOf: (p) => p.stake,
    rules: c,
    rtp: c.rtp,
    play(rng, p) {
      const flips = Array.from({ length: p.coins }, (): CoinSide => (rng.int(2) === 0 ? 'heads' : 'tails'));
      const won = flips.every((x) => x === p.side);
      const pays = coinFlipPays(c, p.coins);
      return {
        win: won ? times(p.stake, pays) : 0,
        result: `${flips.join(', ')}; called ${p.side}`,
        outcome: { flips, side: p.side, won, multiplier: pays / 100 } satisfies CoinFlipOutcome,
      };
    },
  };
}

export const coinFlipFamily: EngineFamily<CoinFlipConfig> = {
  key: 'coinFlip',
  configs: COIN_FLIP_CONFIGS,
  create: coinFlipEngine,
};
