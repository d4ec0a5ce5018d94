import { describe, expect, it } from 'vitest';
import { CRASH_CONFIGS, crashEngine, crashPoint, crashReturn, crashRtp } from './crash';
import { scripted, seeded } from './test-rng';

describe('crash family', () => {
  it('draws P(crash >= m) = rtp / m', () => {
    expect(crashPoint(scripted([], [0]))).toBe(100);
    expect(crashPoint(scripted([], [0.515]))).toBe(200);
    expect(crashPoint(scripted([], [0.903]))).toBe(1000);
    expect(crashPoint(scripted([], [0.52]), 0.96)).toBe(200);
  });

  it('pays the target when the rocket reached it', () => {
    expect(crashReturn(1000, 200, 200)).toBe(2000);
    expect(crashReturn(1000, 201, 200)).toBe(0);
    expect(crashReturn(333, 150, 900)).toBe(499);
  });

  it('returns exactly the written RTP at every target of every config', () => {
    for (const c of Object.values(CRASH_CONFIGS))
      for (const target of [101, 150, 200, 1000, Math.round(c.maxTarget * 100)])
        expect(crashRtp(c.rtp, target)).toBeCloseTo(c.rtp, 10);
  });

  it('replays a round from a seed and pays from the drawn point', () => {
    const engine = crashEngine(CRASH_CONFIGS.rocket);
    const a = engine.play(seeded(7), { stake: 1000, target: 1.5 });
    const b = engine.play(seeded(7), { stake: 1000, target: 1.5 });
    expect(a).toEqual(b);
    const round = engine.play(scripted([], [0.6]), { stake: 1000, target: 2 });
    expect(round.outcome).toEqual({ crashPoint: 2.42, target: 2, cashedOut: true });
    expect(round.win).toBe(2000);
    expect(engine.play(scripted([], [0.4]), { stake: 1000, target: 2 }).win).toBe(0);
  });

  it('refuses targets outside the config and stakes outside the limits', () => {
    const balloon = crashEngine(CRASH_CONFIGS.balloon);
    expect(balloon.params.safeParse({ stake: 1000, target: 2 }).success).toBe(true);
    expect(balloon.params.safeParse({ stake: 1000, target: 150 }).success).toBe(false);
    expect(balloon.params.safeParse({ stake: 1000, target: 1.005 }).success).toBe(false);
    expect(balloon.params.safeParse({ stake: 99, target: 2 }).success).toBe(false);
  });
});
