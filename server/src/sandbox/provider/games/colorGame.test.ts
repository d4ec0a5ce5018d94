import { describe, expect, it } from 'vitest';
import { colorGame } from './colorGame';
import { expectRejects, expectReplay, oneShotOf, scripted } from './test-rng';

describe('colorGame family', () => {
  it('returns 199/216 on every colour', () => {
    for (const config of Object.keys(colorGame.configs)) {
      const engine = oneShotOf(colorGame, config);
      expect(engine.rtp).toBeCloseTo(199 / 216, 12);
      for (const bet of Object.values((engine.rules as { bets: Record<string, { rtp: number }> }).bets))
        expect(bet.rtp).toBeCloseTo(199 / 216, 12);
    }
  });

  it('pays 1:1, 2:1 or 3:1 by how many dice show the colour', () => {
    const engine = oneShotOf(colorGame, 'classic');
    const params = engine.params.parse({ bets: { red: 1000, blue: 1000, green: 1000 } });
    // Faces 5, 5, 4: red, red, blue.
    const round = engine.play(scripted([4, 4, 3]), params);
    expect(round.outcome).toMatchObject({ dice: ['red', 'red', 'blue'] });
    expect(round.win).toBe(3000 + 2000);
    const triple = engine.play(scripted([5, 5, 5]), params);
    expect(triple.win).toBe(4000);
  });

  it('replays a throw and refuses colours that are not on the dice', () => {
    expectReplay(oneShotOf(colorGame, 'classic'), { bets: { yellow: 500, pink: 500 } });
    expectRejects(oneShotOf(colorGame, 'classic'), { bets: { purple: 100 } });
  });
});
