import { z } from 'zod';
import type { EngineFamily, OneShotEngine } from './kinds';
import { stakeSchema, times } from './stake';

/*
 * Fishing (a shooting game): the page shows a pond of swimming fish, each with a multiplier; one shot at a
 * chosen fish and stake is one round. The fish is caught with probability rtp / multiplier (in millionths,
 * rounded down) and then pays the multiplier, so every fish returns the same exact RTP (fishRtp).
 * The stake is one of the cannon's levels (FISH_LEVELS). The pond the fish swim in is shared by every
 * player of a title and drawn on the server clock (games/pond.ts); a shot names the pond fish it hit.
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
  /** The cannon's bet levels per shot, in centavos (within the stake limits). */
  levels: readonly number[];
}

/** What a shot's round tells the page (its `outcome`). */
export interface FishingOutcome {
  fish: string;
  /** The fish's multiplier (×, not hundredths). */
  multiplier: number;
  caught: boolean;
}

/** The cannon's levels: 1, 2, 5, 10, 20, 50 and 100 pesos a shot. */
export const FISH_LEVELS = [100, 200, 500, 1000, 2000, 5000, 10_000] as const;

/** A fish of the shared pond: `<wave>.<index>` (games/pond.ts). */
export const POND_FISH_ID = /^\d{1,12}\.\d{1,3}$/;

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
    levels: FISH_LEVELS,
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
    levels: FISH_LEVELS,
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
    levels: FISH_LEVELS,
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

/**
 * A shot: the stake (one of the levels), the fish's kind and, for a shot at the shared pond, the pond fish
 * aimed at (`target`, whose kind the provider reads from the pond: the page never chooses it).
 */
export function fishingEngine(c: FishingConfig): OneShotEngine<{ stake: number; fish: string; target?: string }> {
  const ids = c.fish.map((x) => x.id) as [string, ...string[]];
  return {
    kind: 'oneShot',
    params: z.strictObject({
      stake: stakeSchema.refine((stake) => c.levels.includes(stake), 'Not one of the cannon levels'),
      fish: z.enum(ids),
      target: z.string().regex(POND_FISH_ID).optional(),
    }),
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
        outcome: { fish: fish.id, multiplier: fish.multiplier / 100, caught } satisfies FishingOutcome,
      };
    },
  };
}

export const fishingFamily: EngineFamily<FishingConfig> = {
  key: 'fishing',
  configs: FISHING_CONFIGS,
  create: fishingEngine,
};
