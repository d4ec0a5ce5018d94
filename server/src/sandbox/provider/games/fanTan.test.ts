import { describe, expect, it } from 'vitest';
import { fanTan, fanTanFactor } from './fanTan';
import { expectRejects, expectReplay, oneShotOf, scripted } from './test-rng';

describe('fanTan family', () => {
  it('returns 96.25% on Fan and 97.5% on Nim and Kwok, each result equally likely', () => {
    const engine = oneShotOf(fanTan, 'classic');
    const bets = (engine.rules as { bets: Record<string, { rtp: number }> }).bets;
    for (const [key, bet] of Object.entries(bets)) {
      let back = 0;
      for (let r = 1; r <= 4; r++) back += fanTanFactor(key, r) / 100 / 4;
      expect(bet.rtp, key).toBeCloseTo(back, 12);
    }
    expect(engine.rtp).toBeCloseTo(0.9625, 12);
    const config = fanTan.configs.classic;
    expect((config?.span ?? 1) % 4).toBe(0);
  });

  it('counts the beads off by fours and settles Fan, Nim and Kwok', () => {
    const engine = oneShotOf(fanTan, 'classic');
    const params = engine.params.parse({ bets: { 'fan-3': 1000, 'nim-2-3': 1000, 'nim-3-1': 1000, 'kwok-2-3': 1000 } });
    // 40 + 3 = 43 beads: 43 = 4 x 10 + 3.
    const round = engine.play(scripted([3]), params);
    expect(round.outcome).toMatchObject({ beads: 43, result: 3 });
    expect(round.win).toBe(3850 + 1000 + 2900 + 1950);
  });

  it('replays a count and refuses Kwok on numbers that are not adjacent', () => {
    expectReplay(oneShotOf(fanTan, 'classic'), { bets: { 'fan-1': 1000 } });
    expectRejects(oneShotOf(fanTan, 'classic'), { bets: { 'kwok-1-3': 100 } }, { bets: { 'nim-2-2': 100 } });
  });
});
