import { describe, expect, it } from 'vitest';
import { scripted, seeded } from './test-rng';
import { MARKETS, matchChances, VIRTUAL_SPORTS_CONFIGS, virtualSportsEngine, virtualSportsRtp } from './virtualSports';

describe('virtual sports family', () => {
  it('has exact market chances and prices every market at or under the margin', () => {
    for (const c of Object.values(VIRTUAL_SPORTS_CONFIGS))
      c.fixtures.forEach((f, i) => {
        const p = matchChances(c, f);
        expect(p.home + p.draw + p.away).toBeCloseTo(1, 12);
        expect(p.over + p.under).toBeCloseTo(1, 12);
        for (const m of MARKETS) {
          expect(virtualSportsRtp(c, i, m)).toBeLessThanOrEqual(c.rtp + 1e-12);
          expect(virtualSportsRtp(c, i, m)).toBeGreaterThan(c.rtp - 0.01);
        }
      });
  });

  it('plays the match period by period and settles the market', () => {
    const c = VIRTUAL_SPORTS_CONFIGS.football;
    const engine = virtualSportsEngine(c);
    // Per period: home ticket, away ticket, minute ticket. Home scores in the first two periods only.
    const ints = [0, 999, 0, 0, 999, 4, ...Array.from({ length: 16 }, () => [999, 999, 0]).flat()];
    const round = engine.play(scripted(ints), { stake: 1000, fixture: 0, market: 'home' });
    expect(round.outcome).toMatchObject({
      score: [2, 0],
      goals: [
        { minute: 1, side: 'home' },
        { minute: 10, side: 'home' },
      ],
      won: true,
    });
    expect(round.win).toBe((1000 * ((engine.rules as { odds: { home: number }[] }).odds[0]?.home as number)) / 100);
    const a = engine.play(seeded(21), { stake: 1000, fixture: 2, market: 'over' });
    expect(engine.play(seeded(21), { stake: 1000, fixture: 2, market: 'over' })).toEqual(a);
    expect(engine.params.safeParse({ stake: 1000, fixture: 9, market: 'home' }).success).toBe(false);
  });
});
