import { describe, expect, it } from 'vitest';
import { crashRtp } from './crash';
import { LIMBO_CONFIGS, limboEngine } from './limbo';
import { scripted, seeded } from './test-rng';

describe('limbo family', () => {
  it('returns the RTP at every target and pays the target when reached', () => {
    for (const c of Object.values(LIMBO_CONFIGS))
      for (const t of [101, 200, 10_000]) expect(crashRtp(c.rtp, t)).toBeCloseTo(c.rtp, 10);
    const engine = limboEngine(LIMBO_CONFIGS.classic);
    // 0.99 / (1 - 0.5) = 1.98
    expect(engine.play(scripted([], [0.5]), { stake: 1000, target: 1.98 })).toMatchObject({
      win: 1980,
      outcome: { result: 1.98, won: true },
    });
    expect(engine.play(scripted([], [0.5]), { stake: 1000, target: 1.99 }).win).toBe(0);
    const a = engine.play(seeded(4), { stake: 1000, target: 3 });
    expect(engine.play(seeded(4), { stake: 1000, target: 3 })).toEqual(a);
    expect(engine.params.safeParse({ stake: 1000, target: 1 }).success).toBe(false);
  });
});
