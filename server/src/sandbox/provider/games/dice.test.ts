import { describe, expect, it } from 'vitest';
import { DICE_CONFIGS, diceEngine, dicePays, diceRtp } from './dice';
import { scripted, seeded } from './test-rng';

describe('dice family', () => {
  it('prices every chance at or under the RTP', () => {
    for (const c of Object.values(DICE_CONFIGS)) {
      for (let chance = c.minChance; chance <= c.maxChance; chance++) {
        expect(diceRtp(c, chance)).toBeLessThanOrEqual(c.rtp + 1e-12);
        expect(diceRtp(c, chance)).toBeGreaterThan(c.rtp - 0.01);
      }
      expect(diceRtp(c, c.defaultChance)).toBeCloseTo(c.rtp, 6);
    }
    expect(dicePays(DICE_CONFIGS.classic, 50)).toBe(198);
  });

  it('wins under or over the line and replays from a seed', () => {
    const engine = diceEngine(DICE_CONFIGS.classic);
    expect(engine.play(scripted([4999]), { stake: 1000, chance: 50, side: 'under' }).win).toBe(1980);
    expect(engine.play(scripted([5000]), { stake: 1000, chance: 50, side: 'under' }).win).toBe(0);
    expect(engine.play(scripted([9000]), { stake: 1000, chance: 10, side: 'over' })).toMatchObject({
      win: 9900,
      outcome: { roll: 90, line: 90 },
    });
    const a = engine.play(seeded(2), { stake: 1000, chance: 30, side: 'over' });
    expect(engine.play(seeded(2), { stake: 1000, chance: 30, side: 'over' })).toEqual(a);
    expect(engine.params.safeParse({ stake: 1000, chance: 99, side: 'under' }).success).toBe(false);
  });
});
