import { describe, expect, it } from 'vitest';
import { KENO_CONFIGS, kenoChance, kenoEngine, kenoRtp } from './keno';
import { scripted, seeded } from './test-rng';

const c = KENO_CONFIGS.classic;

describe('keno family', () => {
  it('has the exact RTP of every paytable and writes the default', () => {
    let sum = 0;
    for (let hits = 0; hits <= 5; hits++) sum += kenoChance(c, 5, hits);
    expect(sum).toBeCloseTo(1, 12);
    for (let picks = 1; picks <= 10; picks++) {
      expect(kenoRtp(c, picks)).toBeGreaterThan(0.955);
      expect(kenoRtp(c, picks)).toBeLessThan(0.96);
    }
    for (const config of Object.values(KENO_CONFIGS))
      expect(kenoRtp(config, config.defaultPicks)).toBeCloseTo(config.rtp, 4);
  });

  it('draws ten numbers and pays by hits', () => {
    const engine = kenoEngine(c);
    // Tickets 0 x 10: the draw is 1..10.
    const round = engine.play(scripted([]), { stake: 1000, picks: [1, 2, 3, 20, 30] });
    expect(round.outcome).toMatchObject({ drawn: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], hits: [1, 2, 3] });
    expect(round.win).toBe(4200);
    const a = engine.play(seeded(1), { stake: 1000, picks: [5, 6] });
    expect(engine.play(seeded(1), { stake: 1000, picks: [5, 6] })).toEqual(a);
  });

  it('refuses repeated, out-of-range or too many numbers', () => {
    const engine = kenoEngine(c);
    expect(engine.params.safeParse({ stake: 1000, picks: [1, 1] }).success).toBe(false);
    expect(engine.params.safeParse({ stake: 1000, picks: [41] }).success).toBe(false);
    expect(engine.params.safeParse({ stake: 1000, picks: [] }).success).toBe(false);
    expect(engine.params.safeParse({ stake: 1000, picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }).success).toBe(false);
  });
});
