import { describe, expect, it } from 'vitest';
import { andarBahar, andarOdds } from './andarBahar';
import { expectRejects, expectReplay, oneShotOf, scripted } from './test-rng';

describe('andarBahar family', () => {
  it('computes the exact chance of Andar and both returns', () => {
    // P(first of 3 matches among 51 cards at an odd place) = sum over odd k of C(51 - k, 2) / C(51, 3).
    let p = 0;
    for (let k = 1; k <= 49; k += 2) p += ((51 - k) * (50 - k)) / 2 / ((51 * 50 * 49) / 6);
    expect(andarOdds(1)).toBeCloseTo(p, 12);
    const engine = oneShotOf(andarBahar, 'classic');
    const bets = (engine.rules as { bets: Record<string, { rtp: number }> }).bets;
    expect(bets.andar?.rtp).toBeCloseTo(1.9 * p, 12);
    expect(bets.bahar?.rtp).toBeCloseTo(2 * (1 - p), 12);
    expect(bets.andar?.rtp).toBeLessThan(1);
    expect(bets.bahar?.rtp).toBeLessThan(1);
  });

  it('deals Andar first and stops on the first card of the joker rank', () => {
    const engine = oneShotOf(andarBahar, 'classic');
    // Joker AS; then 2S to Andar, 3S to Bahar, AH (index 13 in the shoe, 10 after the swaps) to Andar.
    const round = engine.play(scripted([0, 0, 0, 10]), engine.params.parse({ bets: { andar: 1000, bahar: 100 } }));
    expect(round.outcome).toMatchObject({ joker: 'AS', andar: ['2S', 'AH'], bahar: ['3S'], winner: 'andar' });
    expect(round.win).toBe(1900);
  });

  it('replays a deal and refuses unknown bets', () => {
    expectReplay(oneShotOf(andarBahar, 'classic'), { bets: { bahar: 1000 } });
    expectRejects(oneShotOf(andarBahar, 'classic'), { bets: { joker: 1000 } });
  });
});
