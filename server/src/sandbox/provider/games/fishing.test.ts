import { describe, expect, it } from 'vitest';
import { catchMillionths, FISHING_CONFIGS, fishingEngine, fishRtp } from './fishing';
import { scripted, seeded } from './test-rng';

describe('fishing family', () => {
  it('catches each fish with chance rtp / multiplier: every fish returns the RTP', () => {
    for (const c of Object.values(FISHING_CONFIGS)) {
      for (const fish of c.fish) {
        expect(fishRtp(c, fish)).toBeLessThanOrEqual(c.rtp + 1e-12);
        expect(fishRtp(c, fish)).toBeGreaterThan(c.rtp - 1e-4);
      }
      expect(fishRtp(c, c.fish[0] as (typeof c.fish)[number])).toBeCloseTo(c.rtp, 6);
    }
  });

  it('replays a shot and pays the multiplier on a catch', () => {
    const c = FISHING_CONFIGS.ocean;
    const engine = fishingEngine(c);
    const shark = c.fish.find((f) => f.id === 'shark');
    expect(catchMillionths(c, shark as (typeof c.fish)[number])).toBe(9600);
    expect(engine.play(scripted([9599]), { stake: 500, fish: 'shark' })).toMatchObject({
      win: 50_000,
      outcome: { caught: true, multiplier: 100 },
    });
    expect(engine.play(scripted([9600]), { stake: 500, fish: 'shark' }).win).toBe(0);
    const a = engine.play(seeded(8), { stake: 500, fish: 'clown' });
    expect(engine.play(seeded(8), { stake: 500, fish: 'clown' })).toEqual(a);
    expect(engine.params.safeParse({ stake: 500, fish: 'dragon' }).success).toBe(false);
  });
});
