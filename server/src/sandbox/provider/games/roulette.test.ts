import { describe, expect, it } from 'vitest';
import { EVEN_MONEY, RED, roulette, rouletteBets, WHEEL } from './roulette';
import { MAX_STAKE } from './stake';
import { MAX_CHIP_BETS } from './table';
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

  it('pays every bet of the layout, type by type, on each of the 37 pockets: (36/n) x stake when covered, 0 otherwise', () => {
    const engine = oneShotOf(roulette, 'european');
    const bets = rouletteBets();
    const kinds = new Map<string, number>();
    for (const [key, bet] of Object.entries(bets)) {
      const kind = key.split('-')[0] as string;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      const params = engine.params.parse({ bets: { [key]: 1000 } });
      for (let n = 0; n <= 36; n++) {
        const { win } = engine.play(scripted([n]), params);
        expect(win, `${key} on ${n}`).toBe(bet.numbers.includes(n) ? (1000 * 36) / bet.numbers.length : 0);
      }
    }
    // 157 bets: the inside bets the page anchors at a tapped number, the zero bets and the outside bets
    expect(Object.fromEntries(kinds)).toEqual({
      straight: 37,
      split: 60,
      street: 12,
      trio: 2,
      corner: 22,
      first4: 1,
      line: 11,
      dozen: 3,
      column: 3,
      red: 1,
      black: 1,
      odd: 1,
      even: 1,
      low: 1,
      high: 1,
    });
  });

  it('pays several bets of every type in one spin, each on its own', () => {
    const engine = oneShotOf(roulette, 'european');
    const params = engine.params.parse({
      bets: {
        'split-17-18': 1000,
        'split-0-1': 1000,
        'street-16': 1000,
        'trio-2': 1000,
        'corner-13': 1000,
        'corner-17': 1000,
        first4: 1000,
        'line-13': 1000,
        'column-2': 1000,
        black: 1000,
      },
    });
    // 17: split-17-18 (18x), street-16 (12x), corner-13 (9x), corner-17 (9x), line-13 (6x), column-2 (3x),
    // black (2x); the zero bets lose
    expect(engine.play(scripted([17]), params).win).toBe(1000 * (18 + 12 + 9 + 9 + 6 + 3 + 2));
    // 0: split-0-1 (18x), trio-2 (12x), first4 (9x); every outside bet loses on zero
    expect(engine.play(scripted([0]), params).win).toBe(1000 * (18 + 12 + 9));
  });

  it('refuses a 41st different bet, amounts that are not whole centavos or not positive, and totals over the limit', () => {
    const engine = oneShotOf(roulette, 'european');
    expect(engine.rules).toMatchObject({ maxBets: MAX_CHIP_BETS });
    const straights = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, n) => [`straight-${n}`, 100]));
    const forty = { ...straights(37), red: 100, black: 100, 'dozen-1': 100 };
    expect(engine.params.safeParse({ bets: forty }).success).toBe(true);
    expectRejects(
      engine,
      { bets: { ...forty, 'dozen-2': 100 } },
      { bets: { red: 0 } },
      { bets: { red: -100, black: 200 } },
      { bets: { red: 10.5 } },
      { bets: { red: MAX_STAKE, black: 100 } },
      { bets: { constructor: 100 } },
      { bets: {} },
    );
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

  it('French table (La Partage): an even-money bet gets half back on zero, every other bet is paid as the European', () => {
    const engine = oneShotOf(roulette, 'french');
    const bets = rouletteBets(true);
    for (const [key, bet] of Object.entries(bets)) {
      const params = engine.params.parse({ bets: { [key]: 1001 } });
      const halfBack = EVEN_MONEY.includes(key);
      for (let n = 0; n <= 36; n++) {
        const { win } = engine.play(scripted([n]), params);
        const paid = bet.numbers.includes(n) ? (1001 * 36) / bet.numbers.length : n === 0 && halfBack ? 500 : 0;
        expect(win, `${key} on ${n}`).toBe(Math.floor(paid));
      }
      // The written RTP is the exact one: (covered x 36 + half on zero) / 37.
      const exact = (bet.numbers.length * (bet.pays + 1) + (halfBack ? 0.5 : 0)) / 37;
      expect(bet.rtp, key).toBeCloseTo(exact, 12);
    }
    expect(EVEN_MONEY.map((k) => bets[k]?.rtp)).toEqual(EVEN_MONEY.map(() => 36.5 / 37));
    // The European table keeps nothing on zero.
    const european = oneShotOf(roulette, 'european');
    expect(european.play(scripted([0]), european.params.parse({ bets: { red: 1000 } })).win).toBe(0);
  });
});
