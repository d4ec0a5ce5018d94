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

  it('pays every fish of every configuration exactly on its catch draw, at every level', () => {
    for (const c of Object.values(FISHING_CONFIGS)) {
      const engine = fishingEngine(c);
      for (const fish of c.fish) {
        const chance = catchMillionths(c, fish);
        // exact, in integers: `chance` draws of 1,000,000 pay the multiplier, the rest nothing, so the return
        // (chance x multiplier / 10^8) is the RTP rounded down by less than one draw's worth
        const rtp = Math.round(c.rtp * 1e8);
        expect(chance * fish.multiplier).toBeLessThanOrEqual(rtp);
        expect(chance * fish.multiplier).toBeGreaterThan(rtp - fish.multiplier);
        expect(fishRtp(c, fish)).toBeCloseTo((chance * fish.multiplier) / 1e8, 12);
        for (const stake of c.levels) {
          const shot = { stake, fish: fish.id, target: '1000.3' };
          expect(engine.play(scripted([chance - 1]), shot)).toMatchObject({
            win: Math.floor((stake * fish.multiplier) / 100),
            outcome: { fish: fish.id, caught: true },
          });
          expect(engine.play(scripted([chance]), shot)).toMatchObject({ win: 0, outcome: { caught: false } });
        }
      }
    }
  });

  it('takes only the cannon levels and a pond fish id', () => {
    const engine = fishingEngine(FISHING_CONFIGS.ocean);
    for (const stake of [100, 200, 500, 1000, 2000, 5000, 10_000])
      expect(engine.params.safeParse({ stake, fish: 'shark', target: '12.0' }).success).toBe(true);
    for (const stake of [0, 99, 150, 300, 10_001, 20_000, 500_000, 1000.5, '1000'])
      expect(engine.params.safeParse({ stake, fish: 'shark' }).success, String(stake)).toBe(false);
    for (const target of ['whale', '1', '1.2.3', '-1.0', ''])
      expect(engine.params.safeParse({ stake: 100, fish: 'shark', target }).success, target).toBe(false);
  });
});
