import { describe, expect, it } from 'vitest';
import { RANKS } from './cards';
import { hiLo, hiLoChance } from './hiLo';
import { GameRuleError } from './kinds';
import { expectRejects, scripted, seededRng, steppedOf } from './test-rng';

describe('hiLo family', () => {
  it('returns exactly 97% for one guess then cash out, whatever the card', () => {
    // Each rank is 1/13; a right guess on it pays 0.97 / chance: the expectation is 0.97 either way.
    for (const guess of ['higher', 'lower'] as const) {
      let back = 0;
      for (const rank of RANKS) {
        const p = hiLoChance(`${rank}S`, guess);
        back += (1 / 13) * p * (0.97 / p);
      }
      expect(back).toBeCloseTo(0.97, 12);
    }
    expect(steppedOf(hiLo, 'classic').rtp).toBe(0.97);
  });

  it('grows the pot by the fair odds of each right guess and pays 97% of it on cash out', () => {
    const engine = steppedOf(hiLo, 'classic');
    // Cards: 7S (index 6), then 9S (8), then 9H (21).
    let round = engine.start(scripted([6, 8, 21]), engine.params.parse({ stake: 1000 }));
    expect(() => engine.act(round, 'cashout')).toThrow(GameRuleError);
    round = engine.act(round, 'higher');
    expect(round.multiplier).toBeCloseTo(13 / 7, 12);
    round = engine.act(round, 'lower');
    expect(round.multiplier).toBeCloseTo((13 / 7) * (13 / 9), 12);
    round = engine.act(round, 'cashout');
    expect(engine.done(round)).toBe(true);
    expect(engine.settle(round).win).toBe(Math.floor(1000 * 0.97 * (13 / 7) * (13 / 9)));
    expect(() => engine.act(round, 'higher')).toThrow(GameRuleError);
  });

  it('loses the stake on a wrong guess, replays from a seed, and refuses unknown actions', () => {
    const engine = steppedOf(hiLo, 'classic');
    // 7S then 5S: "higher" loses.
    const lost = engine.act(engine.start(scripted([6, 4]), { stake: 1000 }), 'higher');
    expect(engine.done(lost)).toBe(true);
    expect(engine.settle(lost).win).toBe(0);
    const play = () => engine.view(engine.act(engine.start(seededRng(5), { stake: 1000 }), 'lower'));
    expect(play()).toEqual(play());
    expect(engine.action.safeParse('same').success).toBe(false);
    expectRejects(engine, { stake: 0 });
  });
});
