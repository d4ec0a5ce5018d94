import { z } from 'zod';
import type { EngineFamily, OneShotEngine } from './kinds';
import { stakeSchema, times } from './stake';

/*
 * Fishing (a shooting game): the page shows a pond of swimming fish, each with a multiplier; one shot at a
 * chosen fish and stake is one round. The fish is caught with probability rtp / multiplier (in millionths,
 * rounded down) and then pays the multiplier, so every fish returns the same exact RTP (fishRtp).
 * Configurations (FISHING_CONFIGS), for titles to map to:
 *   ocean   Ocean King       96%, 2x to 300x
 *   dragon  Dragon Fishing   96%, 2x to 500x (a dragon boss)
 *   reef    Coral Reef       97%, 2x to 100x (calmer)
 */
export interface Fish {
  id: string;
  name: readonly [string, string];
  /** Multiplier in hundredths. */
  multiplier: number;
  /** Drawing: body colour and size (1 small .. 3 boss). */
  color: string;
  size: 1 | 2 | 3;
}

export interface FishingConfig {
  name: string;
  theme: { key: 'ocean' | 'dragon' | 'reef'; colors: readonly [string, string, string] };
  rtp: number;
  fish: readonly Fish[];
}

const f = (id: string, name: readonly [string, string], x: number, color: string, size: 1 | 2 | 3): Fish => ({
  id,
  name,
  multiplier: x * 100,
  color,
  size,
});

export const FISHING_CONFIGS = {
  ocean: {
    name: 'Ocean King',
    theme: { key: 'ocean', colors: ['#023e8a', '#0077b6', '#90e0ef'] },
    rtp: 0.96,
    fish: [
      f('sardine', ['Sardine', 'Cá mòi'], 2, '#adb5bd', 1),
      f('clown', ['Clownfish', 'Cá hề'], 3, '#f77f00', 1),
      f('tang', ['Blue tang', 'Cá đuôi gai xanh'], 5, '#4361ee', 1),
      f('puffer', ['Pufferfish', 'Cá nóc'], 10, '#ffd166', 2),
      f('turtle', ['Sea turtle', 'Rùa biển'], 20, '#52b788', 2),
      f('ray', ['Manta ray', 'Cá đuối'], 50, '#6c757d', 2),
      f('shark', ['Shark', 'Cá mập'], 100, '#495057', 3),
      f('whale', ['Golden whale', 'Cá voi vàng'], 300, '#ffc300', 3),
    ],
  },
  dragon: {
    name: 'Dragon Fishing',
    theme: { key: 'dragon', colors: ['#370617', '#6a040f', '#ffba08'] },
    rtp: 0.96,
    fish: [
      f('koi', ['Koi', 'Cá chép'], 2, '#f48c06', 1),
      f('goldfish', ['Goldfish', 'Cá vàng'], 4, '#ffba08', 1),
      f('lantern', ['Lanternfish', 'Cá đèn lồng'], 8, '#e85d04', 1),
      f('crab', ['King crab', 'Cua hoàng đế'], 15, '#d00000', 2),
      f('octopus', ['Octopus', 'Bạch tuộc'], 30, '#9d4edd', 2),
      f('arowana', ['Arowana', 'Cá rồng'], 80, '#ffd60a', 2),
      f('dragon', ['Sea dragon', 'Rồng biển'], 500, '#dc2f02', 3),
    ],
  },
  reef: {
    name: 'Coral Reef',
    theme: { key: 'reef', colors: ['#006d77', '#83c5be', '#ffddd2'] },
    rtp: 0.97,
    fish: [
      f('guppy', ['Guppy', 'Cá bảy màu'], 2, '#ff70a6', 1),
      f('angel', ['Angelfish', 'Cá thần tiên'], 3, '#ffd670', 1),
      f('butterfly', ['Butterflyfish', 'Cá bướm'], 5, '#ff9770', 1),
      f('seahorse', ['Seahorse', 'Cá ngựa'], 10, '#e9ff70', 2),
      f('grouper', ['Grouper', 'Cá mú'], 25, '#70d6ff', 2),
      f('marlin', ['Marlin', 'Cá cờ'], 100, '#3a86ff', 3),
    ],
  },
} satisfies Record<string, FishingConfig>;

/** The catch chance in millionths (rounded down, so the return never exceeds the RTP). */
export const catchMillionths = (c: FishingConfig, fish: Fish) => Math.floor((c.rtp * 1e8) / fish.multiplier);

/** The exact return of a shot at this fish. */
export const fishRtp = (c: FishingConfig, fish: Fish) => (catchMillionths(c, fish) / 1e6) * (fish.multiplier / 100);

export function fishingEngine(c: FishingConfig): OneShotEngine<{ stake: number; fish: string }> {
  const ids = c.fish.map((x) => x.id) as [string, ...string[]];
  return {
    kind: 'oneShot',
    params: z.strictObject({ stake: stakeSchema, fish: z.enum(ids) }),
    stakeOf: (p) => p.stake,
    rules: c,
    rtp: c.rtp,
    play(rng, p) {
      const fish = c.fish.find((x) => x.id === p.fish) as Fish;
      const caught = rng.int(1_000_000) < catchMillionths(c, fish);
      const x = (fish.multiplier / 100).toFixed(0);
      return {
        win: caught ? times(p.stake, fish.multiplier) : 0,
        result: caught ? `Caught the ${fish.name[0]} (${x}x)` : `The ${fish.name[0]} (${x}x) got away`,
        outcome: { fish: fish.id, multiplier: fish.multiplier / 100, caught },
      };
    },
  };
}

export const fishingFamily: EngineFamily<FishingConfig> = {
  key: 'fishing',
  configs: FISHING_CONFIGS,
  create: fishingEngine,
};
