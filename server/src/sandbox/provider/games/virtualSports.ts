import { z } from 'zod';
import type { EngineFamily, OneShotEngine } from './kinds';
import { fairHundredths, stakeSchema, times } from './stake';

/*
 * Virtual sports: a simulated match between two teams. The match is `periods` periods; in each the home side
 * scores with probability home/1000 and the away side with away/1000, independently, so the goals are two
 * binomials and the 1X2 and over/under chances are exact (matchChances). Odds are rtp / chance rounded down to
 * the hundredth: every market returns at most rtp (virtualSportsRtp). The page shows the match minute by minute.
 * Configurations (VIRTUAL_SPORTS_CONFIGS), for titles to map to:
 *   football   Virtual Football   18 periods of 5 minutes, over/under 2.5
 *   futsal     Virtual Futsal     20 periods of 2 minutes, over/under 5.5
 */
export interface Fixture {
  home: string;
  away: string;
  /** Scoring chance per period, in thousandths. */
  homeRate: number;
  awayRate: number;
}

export interface VirtualSportsConfig {
  name: string;
  theme: { key: 'football' | 'futsal'; colors: readonly [string, string, string] };
  rtp: number;
  periods: number;
  minutesPerPeriod: number;
  /** Over/under line in goals (x.5). */
  line: number;
  fixtures: readonly Fixture[];
}

export const VIRTUAL_SPORTS_CONFIGS = {
  football: {
    name: 'Virtual Football',
    theme: { key: 'football', colors: ['#14532d', '#15803d', '#f8fafc'] },
    rtp: 0.95,
    periods: 18,
    minutesPerPeriod: 5,
    line: 2.5,
    fixtures: [
      { home: 'Manila Kings', away: 'Cebu Sharks', homeRate: 90, awayRate: 70 },
      { home: 'Davao Eagles', away: 'Iloilo Stars', homeRate: 80, awayRate: 80 },
      { home: 'Baguio Pines', away: 'Bacolod Lions', homeRate: 65, awayRate: 95 },
      { home: 'Quezon Titans', away: 'Laguna Waves', homeRate: 110, awayRate: 55 },
    ],
  },
  futsal: {
    name: 'Virtual Futsal',
    theme: { key: 'futsal', colors: ['#1e3a8a', '#2563eb', '#fde68a'] },
    rtp: 0.95,
    periods: 20,
    minutesPerPeriod: 2,
    line: 5.5,
    fixtures: [
      { home: 'Makati Blaze', away: 'Pasig Rapids', homeRate: 160, awayRate: 130 },
      { home: 'Taguig Storm', away: 'Manila Mavericks', homeRate: 140, awayRate: 150 },
      { home: 'Cavite Corsairs', away: 'Rizal Rangers', homeRate: 180, awayRate: 110 },
    ],
  },
} satisfies Record<string, VirtualSportsConfig>;

export const MARKETS = ['home', 'draw', 'away', 'over', 'under'] as const;
export type Market = (typeof MARKETS)[number];

/** The rules object a page reads: the config and odds[fixture][market] in hundredths. */
export type VirtualSportsRules = VirtualSportsConfig & { odds: Record<Market, number>[] };

export interface Goal {
  minute: number;
  side: 'home' | 'away';
}

/** What a round's outcome carries (the page reads it): the goals as they fell and the final score. */
export interface VirtualSportsOutcome {
  fixture: number;
  goals: Goal[];
  score: readonly [number, number];
  market: Market;
  won: boolean;
  odds: number;
}

function binomial(n: number, p: number): number[] {
  return Array.from({ length: n + 1 }, (_, k) => {
    let c = 1;
    for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
    return c * p ** k * (1 - p) ** (n - k);
  });
}

/** The exact chance of each market for a fixture. */
export function matchChances(c: VirtualSportsConfig, f: Fixture): Record<Market, number> {
  const h = binomial(c.periods, f.homeRate / 1000);
  const a = binomial(c.periods, f.awayRate / 1000);
  const chances = { home: 0, draw: 0, away: 0, over: 0, under: 0 };
  h.forEach((ph, i) => {
    a.forEach((pa, j) => {
      const p = ph * pa;
      if (i > j) chances.home += p;
      else if (i === j) chances.draw += p;
      else chances.away += p;
      if (i + j > c.line) chances.over += p;
      else chances.under += p;
    });
  });
  return chances;
}

/** Odds in hundredths per fixture and market. */
export const matchOdds = (c: VirtualSportsConfig) =>
  c.fixtures.map((f) => {
    const chances = matchChances(c, f);
    return Object.fromEntries(MARKETS.map((m) => [m, fairHundredths(c.rtp, chances[m])])) as Record<Market, number>;
  });

export const virtualSportsRtp = (c: VirtualSportsConfig, fixture: number, market: Market) => {
  const f = c.fixtures[fixture] as Fixture;
  return (matchChances(c, f)[market] * (matchOdds(c)[fixture]?.[market] ?? 0)) / 100;
};

export function virtualSportsEngine(
  c: VirtualSportsConfig,
): OneShotEngine<{ stake: number; fixture: number; market: Market }> {
  const odds = matchOdds(c);
  return {
    kind: 'oneShot',
    params: z.strictObject({
      stake: stakeSchema,
      fixture: z
        .number()
        .int()
        .min(0)
        .max(c.fixtures.length - 1),
      market: z.enum(MARKETS),
    }),
    stakeOf: (p) => p.stake,
    rules: { ...c, odds } satisfies VirtualSportsRules,
    // Odds are rounded down: the written RTP is the exact return of the default bet (first fixture, home).
    rtp: virtualSportsRtp(c, 0, 'home'),
    play(rng, p) {
      const f = c.fixtures[p.fixture] as Fixture;
      const goals: Goal[] = [];
      for (let period = 0; period < c.periods; period++) {
        const home = rng.int(1000) < f.homeRate;
        const away = rng.int(1000) < f.awayRate;
        const minute = period * c.minutesPerPeriod + 1 + rng.int(c.minutesPerPeriod);
        if (home) goals.push({ minute, side: 'home' });
        if (away) goals.push({ minute, side: 'away' });
      }
      const score = [
        goals.filter((g) => g.side === 'home').length,
        goals.filter((g) => g.side === 'away').length,
      ] as const;
      const total = score[0] + score[1];
      const won = {
        home: score[0] > score[1],
        draw: score[0] === score[1],
        away: score[0] < score[1],
        over: total > c.line,
        under: total < c.line,
      }[p.market];
      const price = odds[p.fixture]?.[p.market] as number;
      return {
        win: won ? times(p.stake, price) : 0,
        result: `${f.home} ${score[0]}-${score[1]} ${f.away}; ${p.market} at ${(price / 100).toFixed(2)}`,
        outcome: {
          fixture: p.fixture,
          goals,
          score,
          market: p.market,
          won,
          odds: price / 100,
        } satisfies VirtualSportsOutcome,
      };
    },
  };
}

export const virtualSportsFamily: EngineFamily<VirtualSportsConfig> = {
  key: 'virtualSports',
  configs: VIRTUAL_SPORTS_CONFIGS,
  create: virtualSportsEngine,
};
