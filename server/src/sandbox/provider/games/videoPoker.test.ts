import { describe, expect, it } from 'vitest';
import { GameRuleError } from './kinds';
import { nameHand } from './poker';
import { expectRejects, scripted, seededRng, steppedOf } from './test-rng';
import { videoPoker } from './videoPoker';

describe('videoPoker family', () => {
  it('names poker hands, with and without wild deuces', () => {
    expect(nameHand(['AS', 'KS', 'QS', 'JS', '10S'])).toBe('naturalRoyal');
    expect(nameHand(['AS', '2H', '3D', '4C', '5S'])).toBe('straight');
    expect(nameHand(['JS', 'JH', '3D', '4C', '9S'])).toBe('jacksOrBetter');
    expect(nameHand(['10S', '10H', '3D', '4C', '9S'])).toBe('pair');
    expect(nameHand(['10S', '10H', '3D', '3C', '9S'])).toBe('twoPair');
    expect(nameHand(['10S', '10H', '10D', '3C', '3S'])).toBe('fullHouse');
    expect(nameHand(['2S', '2H', '2D', '2C', '9S'], true)).toBe('fourDeuces');
    expect(nameHand(['2S', 'KS', 'QS', 'JS', '10S'], true)).toBe('wildRoyal');
    expect(nameHand(['2S', '9H', '9D', '9C', '9S'], true)).toBe('fiveKind');
    expect(nameHand(['2S', '5H', '6H', '7H', '8H'], true)).toBe('straightFlush');
    expect(nameHand(['2S', 'KH', '9D', '3C', '5S'], true)).toBe('jacksOrBetter');
  });

  it('deals five, draws replacements for the cards not held, and pays the 9/6 table for one', () => {
    const engine = steppedOf(videoPoker, 'jacksOrBetter');
    // The deck starts AS 2S 3S ...: picking 0 each time deals AS 2S 3S 4S 5S then 6S 7S 8S 9S 10S.
    let round = engine.start(scripted([]), engine.params.parse({ stake: 1000 }));
    expect(engine.view(round)).toMatchObject({
      cards: ['AS', '2S', '3S', '4S', '5S'],
      hand: 'straightFlush',
      held: null,
    });
    round = engine.act(round, { hold: [false, true, true, true, true] });
    expect(round.cards).toEqual(['6S', '2S', '3S', '4S', '5S']);
    expect(engine.settle(round)).toMatchObject({ win: 50_000 });
    expect(() => engine.act(round, { hold: [true, true, true, true, true] })).toThrow(GameRuleError);
  });

  it('replays a seeded round and refuses a hold that is not five booleans', () => {
    const engine = steppedOf(videoPoker, 'deucesWild');
    const play = () =>
      engine.settle(
        engine.act(engine.start(seededRng(9), { stake: 500 }), { hold: [true, false, true, false, false] }),
      );
    expect(play()).toEqual(play());
    expect(engine.action.safeParse({ hold: [true, true] }).success).toBe(false);
    expectRejects(engine, { stake: 99 });
    expect(engine.rtp).toBe(1.00762);
    expect(steppedOf(videoPoker, 'jacksOrBetter').rtp).toBe(0.99544);
  });
});
