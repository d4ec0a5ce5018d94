import { describe, expect, it } from 'vitest';
import { RACE_CONFIGS, raceEngine, raceOdds, raceRtp } from './race';
import { scripted, seeded } from './test-rng';

describe('race family', () => {
  it('prices every runner at or under the margin and writes the default bet exactly', () => {
    for (const c of Object.values(RACE_CONFIGS)) {
      c.runners.forEach((_, i) => {
        expect(raceRtp(c, i)).toBeLessThanOrEqual(c.rtp + 1e-12);
        expect(raceRtp(c, i)).toBeGreaterThan(c.rtp - 0.005);
      });
      expect(raceEngine(c).rtp).toBe(raceRtp(c, 0));
    }
    expect(raceOdds(RACE_CONFIGS.derby)[0]).toBe(320);
  });

  it('draws the whole finishing order by weight and pays the winner', () => {
    const engine = raceEngine(RACE_CONFIGS.derby);
    // Ticket 0 always takes the first runner still running: the order is the list order.
    const round = engine.play(scripted([]), { stake: 1000, runner: 0 });
    expect(round.outcome).toMatchObject({ order: [0, 1, 2, 3, 4, 5, 6], won: true });
    expect(round.win).toBe(3200);
    expect(engine.play(scripted([]), { stake: 1000, runner: 1 }).win).toBe(0);
    const a = engine.play(seeded(12), { stake: 1000, runner: 3 });
    expect(engine.play(seeded(12), { stake: 1000, runner: 3 })).toEqual(a);
    expect(new Set((a.outcome as { order: number[] }).order).size).toBe(7);
    expect(engine.params.safeParse({ stake: 1000, runner: 7 }).success).toBe(false);
  });
});
