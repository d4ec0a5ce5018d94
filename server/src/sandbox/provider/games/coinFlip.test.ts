import { describe, expect, it } from 'vitest';
import { COIN_FLIP_CONFIGS, coinFlipEngine, coinFlipRtp } from './coinFlip';
import { scripted, seeded } from './test-rng';

describe('coin flip family', () => {
  it('pays rtp x 2^coins when every coin lands on the call', () => {
    for (const c of Object.values(COIN_FLIP_CONFIGS))
      for (let n = 1; n <= c.maxCoins; n++) {
        expect(coinFlipRtp(c, n)).toBeLessThanOrEqual(c.rtp + 1e-12);
        expect(coinFlipRtp(c, n)).toBeGreaterThan(c.rtp - 0.005);
      }
    const engine = coinFlipEngine(COIN_FLIP_CONFIGS.peso);
    expect(engine.play(scripted([0, 0]), { stake: 1000, side: 'heads', coins: 2 })).toMatchObject({
      win: 3880,
      outcome: { flips: ['heads', 'heads'] },
    });
    expect(engine.play(scripted([0, 1]), { stake: 1000, side: 'heads', coins: 2 }).win).toBe(0);
    const a = engine.play(seeded(6), { stake: 1000, side: 'tails', coins: 3 });
    expect(engine.play(seeded(6), { stake: 1000, side: 'tails', coins: 3 })).toEqual(a);
    expect(engine.params.safeParse({ stake: 1000, side: 'edge', coins: 1 }).success).toBe(false);
    expect(engine.params.safeParse({ stake: 1000, side: 'heads', coins: 6 }).success).toBe(false);
  });
});
