import { describe, expect, it } from 'vitest';
import { sicBo, sicBoBets, sicBoFactor } from './sicBo';
import { expectRejects, expectReplay, oneShotOf, scripted } from './test-rng';

describe('sicBo family', () => {
  it('has the standard exact returns', () => {
    const bets = sicBoBets();
    expect(bets.big?.rtp).toBeCloseTo(105 / 108, 12); // 97.22%
    expect(bets.small?.rtp).toBe(bets.big?.rtp);
    expect(bets['single-3']?.rtp).toBeCloseTo(199 / 216, 12);
    expect(bets['triple-6']?.rtp).toBeCloseTo(181 / 216, 12);
    expect(bets.anyTriple?.rtp).toBeCloseTo((31 * 6) / 216, 12);
    expect(bets['total-4']?.rtp).toBeCloseTo((61 * 3) / 216, 12);
    expect(bets['combo-1-2']?.rtp).toBeCloseTo((6 * 30) / 216, 12);
    expect(Object.keys(bets)).toHaveLength(5 + 14 + 18 + 15);
    expect(oneShotOf(sicBo, 'classic').rtp).toBe(bets.big?.rtp);
  });

  it('settles a throw: a triple beats big and small', () => {
    expect(sicBoFactor('big', [6, 6, 6])).toBe(0);
    expect(sicBoFactor('triple-6', [6, 6, 6])).toBe(18100);
    expect(sicBoFactor('single-6', [6, 6, 2])).toBe(300);
    const engine = oneShotOf(sicBo, 'classic');
    const round = engine.play(
      scripted([3, 4, 0]),
      engine.params.parse({ bets: { big: 1000, 'total-10': 100, 'combo-1-4': 100 } }),
    );
    expect(round.outcome).toMatchObject({ dice: [4, 5, 1], total: 10 });
    expect(round.win).toBe(700 + 600);
  });

  it('replays a throw and refuses unknown bets', () => {
    expectReplay(oneShotOf(sicBo, 'classic'), { bets: { small: 1000 } });
    expectRejects(oneShotOf(sicBo, 'classic'), { bets: { 'total-3': 100 } }, { bets: { 'combo-2-1': 100 } });
  });
});
