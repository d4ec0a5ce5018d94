import { describe, expect, it } from 'vitest';
import { andarBahar } from './andarBahar';
import { baccarat } from './baccarat';
import { colorGame } from './colorGame';
import { dragonTiger } from './dragonTiger';
import { roulette } from './roulette';
import { sicBo } from './sicBo';
import { netRisk } from './table';
import { oneShotOf } from './test-rng';

/** Turnover of hedged chip bets (docs/games.md, "Risk review"): only the part no other bet of the round covers. */
describe('net risk of chip bets', () => {
  const turnover = (engine: ReturnType<typeof oneShotOf>, bets: Record<string, number>) =>
    engine.turnoverOf?.(engine.params.parse({ bets }));

  it('counts nothing of equal opposite bets and only the difference of unequal ones', () => {
    const wheel = oneShotOf(roulette, 'european');
    expect(turnover(wheel, { red: 5000, black: 5000 })).toBe(0);
    expect(turnover(wheel, { red: 7000, black: 5000 })).toBe(2000);
    expect(turnover(wheel, { odd: 1000, even: 1000, 'straight-17': 100 })).toBe(100);
    expect(turnover(wheel, { 'dozen-1': 1000, 'dozen-2': 1000, 'dozen-3': 1000 })).toBe(0);
    expect(turnover(wheel, { 'dozen-1': 1000, 'dozen-2': 1000 })).toBe(2000);
    // Every number: 36.00 back on every spin of 37.00 staked, the one chip the house keeps.
    const everyNumber = Object.fromEntries(Array.from({ length: 37 }, (_, n) => [`straight-${n}`, 100]));
    expect(turnover(wheel, everyNumber)).toBe(100);
    // A cover of any shape counts like red and black: 1-18, the third dozen and the six line 19-24.
    expect(turnover(wheel, { low: 2500, 'dozen-3': 1666, 'line-19': 833 })).toBe(1);
    expect(turnover(wheel, { red: 1000 })).toBe(1000);
  });

  it('applies to every table family a player could hedge', () => {
    expect(turnover(oneShotOf(baccarat, 'classic'), { banker: 5000, player: 5000, tie: 500 })).toBe(500);
    expect(turnover(oneShotOf(dragonTiger, 'classic'), { dragon: 3000, tiger: 1000 })).toBe(2000);
    expect(turnover(oneShotOf(sicBo, 'classic'), { big: 2000, small: 2000, odd: 500 })).toBe(500);
    expect(turnover(oneShotOf(andarBahar, 'classic'), { andar: 1000, bahar: 1000 })).toBe(0);
    // All six colours: 60.00 back on 56 % of throws, 50.00 on 42 %, 40.00 on triples (3 %): 10.00 at risk.
    const colours = oneShotOf(colorGame, 'classic');
    const all = Object.fromEntries(Object.keys((colours.rules as { bets: object }).bets).map((c) => [c, 1000]));
    expect(turnover(colours, all)).toBe(1000);
    // The same cover with the six sic bo singles.
    const dice = oneShotOf(sicBo, 'classic');
    const singles = Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`single-${n}`, 1000]));
    expect(turnover(dice, singles)).toBe(1000);
  });

  it('counts a single bet of even chances or worse in full', () => {
    for (const [engine, bet] of [
      [oneShotOf(roulette, 'european'), 'low'],
      [oneShotOf(sicBo, 'classic'), 'big'],
      [oneShotOf(colorGame, 'classic'), 'red'],
      [oneShotOf(baccarat, 'classic'), 'banker'],
    ] as const)
      expect(turnover(engine, { [bet]: 5000 })).toBe(5000);
  });

  it('never counts less than 0 when groups overlap', () => {
    expect(
      netRisk({ bets: { red: 100, black: 100 } }, [
        ['red', 'black'],
        ['red', 'black'],
      ]),
    ).toBe(0);
  });
});
