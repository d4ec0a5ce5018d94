import { describe, expect, it } from 'vitest';
import { RED, roulette, rouletteBets, WHEEL } from './roulette';
import { expectRejects, expectReplay, oneShotOf, scripted } from './test-rng';

describe('roulette family', () => {
  it('lays out every European bet at 36/n - 1 and 36/37 return', () => {
    const bets = rouletteBets();
    expect(WHEEL.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, n) => n));
    expect(RED).toHaveLength(18);
    const count = (prefix: string) => Object.keys(bets).filter((k) => k.startsWith(prefix)).length;
    expect([count('straight'), count('split'), count('street'), count('corner'), count('line')]).toEqual([
      37, 60, 12, 22, 11,
    ]);
    expect(bets['straight-17']).toMatchObject({ pays: 35 });
    expect(bets['split-17-20']).toMatchObject({ numbers: [17, 20], pays: 17 });
    expect(bets['corner-17']).toMatchObject({ numbers: [17, 18, 20, 21], pays: 8 });
    expect(bets['line-31']).toMatchObject({ numbers: [31, 32, 33, 34, 35, 36], pays: 5 });
    expect(bets['column-2']?.numbers).toHaveLength(12);
    expect(bets.black?.numbers).toHaveLength(18);
    for (const bet of Object.values(bets)) expect(((bet.pays + 1) * bet.numbers.length) / 37).toBeCloseTo(36 / 37, 12);
    expect(oneShotOf(roulette, 'european').rtp).toBe(36 / 37);
  });

  it('pays every chip that covers the number and nothing on zero for outside bets', () => {
    const engine = oneShotOf(roulette, 'european');
    const params = engine.params.parse({
      bets: { 'straight-17': 100, 'split-17-20': 100, red: 1000, black: 1000, 'dozen-2': 500 },
    });
    const seventeen = engine.play(scripted([17]), params);
    expect(seventeen.win).toBe(3600 + 1800 + 0 + 2000 + 1500);
    const zero = engine.play(scripted([0]), params);
    expect(zero.win).toBe(0);
    expect(zero.result).toMatch(/^0 green/);
  });

  it('replays a spin and refuses bets that are not on the layout', () => {
    expectReplay(oneShotOf(roulette, 'european'), { bets: { 'straight-0': 100, odd: 500 } });
    expectRejects(
      oneShotOf(roulette, 'european'),
      { bets: { 'straight-37': 100 } },
      { bets: { 'split-3-4': 100 } },
      { bets: { '00': 100 } },
    );
  });
});
