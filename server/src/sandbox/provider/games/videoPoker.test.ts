import { describe, expect, it } from 'vitest';
import type { Card } from './cards';
import { GameRuleError } from './kinds';
import { nameHand } from './poker';
import { expectRejects, scripted, seededRng, steppedOf } from './test-rng';
import { videoPoker } from './videoPoker';
import { deucesWildHold, jacksOrBetterHold } from './videoPokerStrategy';

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
    expect(engine.rtp).toBe(0.99728);
    expect(steppedOf(videoPoker, 'jacksOrBetter').rtp).toBe(0.99544);
  });

  it('plays a short-pay Deuces Wild (Not So Ugly Ducks 16/10/4/4/3, under 100% for a perfect player)', () => {
    const deuces = videoPoker.configs.deucesWild;
    expect(deuces?.paytable).toMatchObject({ fiveKind: 16, straightFlush: 10, fourKind: 4, fullHouse: 4, flush: 3 });
    for (const config of Object.values(videoPoker.configs)) {
      expect(config.rtp).toBeLessThan(1);
      expect(config.strategyRtp ?? config.rtp).toBeLessThanOrEqual(config.rtp);
    }
    // The NSUD chart meets the perfect-play figure within tolerance: no lower strategy target.
    expect(deuces?.strategyRtp).toBeUndefined();
  });

  it('holds by the simple Jacks or Better strategy', () => {
    const hold = (cards: string) => jacksOrBetterHold(cards.split(' ') as Card[]);
    // A pat flush beats 4 to an outside straight; 4 to a royal breaks a pat flush.
    expect(hold('3H 7H 9H JH KH')).toEqual([true, true, true, true, true]);
    expect(hold('10H JH QH KH 4H')).toEqual([true, true, true, true, false]);
    // A high pair over 3 to a royal; a low pair over 4 to an outside straight.
    expect(hold('JS JD QS KS 4C')).toEqual([true, true, false, false, false]);
    expect(hold('5S 5D 6C 7H 8S')).toEqual([true, true, false, false, false]);
    // 4 to a flush comes before a low pair.
    expect(hold('3S 8S 9S KS 3D')).toEqual([true, true, true, true, false]);
    // Two unsuited high cards: the lowest two of three.
    expect(hold('JS QD KC 4H 7S')).toEqual([true, true, false, false, false]);
    // Nothing: draw five.
    expect(hold('2S 5D 9C 4H 7S')).toEqual([false, false, false, false, false]);
  });

  it('holds by the NSUD Deuces Wild chart, by the number of deuces', () => {
    const hold = (cards: string) =>
      deucesWildHold(cards.split(' ') as Card[])
        .map((h, i) => (h ? cards.split(' ')[i] : ''))
        .filter(Boolean)
        .join(' ');
    // Four deuces: the deuces only. Three: a wild royal or five of a kind stands, a straight flush does not.
    expect(hold('2S 2D 2C 2H 7S')).toBe('2S 2D 2C 2H');
    expect(hold('2S 2D 2C KH AH')).toBe('2S 2D 2C KH AH');
    expect(hold('2S 2D 2C 9H 9C')).toBe('2S 2D 2C 9H 9C');
    expect(hold('2S 2D 2C 6H 7H')).toBe('2S 2D 2C');
    // Two deuces: a four of a kind draws one to five of a kind; 4 to a royal; 4 to a straight flush with
    // five outs or more (6-7, not 4-6); else the deuces, even over a made flush.
    expect(hold('2S 2D 9C 9H KS')).toBe('2S 2D 9C 9H');
    expect(hold('2S 2D QH KH 5C')).toBe('2S 2D QH KH');
    expect(hold('2S 2D 6H 7H KC')).toBe('2S 2D 6H 7H');
    expect(hold('2S 2D 4H 6H KC')).toBe('2S 2D');
    expect(hold('2H 2D 4H 8H KH')).toBe('2H 2D');
    // One deuce: 4 to a royal breaks a made flush; a made flush beats 4 to an open straight flush, which
    // beats a made straight and three of a kind; 3 to a royal; 3 to a straight flush 5-7, not 4-6.
    expect(hold('2S QH KH AH 5H')).toBe('2S QH KH AH');
    expect(hold('2H 5H 6H 7H JH')).toBe('2H 5H 6H 7H JH');
    expect(hold('2S 5H 6H 7H 8C')).toBe('2S 5H 6H 7H');
    expect(hold('2S 6H 6D 9H 10H')).toBe('2S 6H 9H 10H');
    expect(hold('2S 5H 6H 9C 9D')).toBe('2S 9C 9D');
    expect(hold('2S 9C 9D 9H 4S')).toBe('2S 9C 9D 9H');
    expect(hold('2S JH KH 5C 8D')).toBe('2S JH KH');
    expect(hold('2S 5H 7H 10C KD')).toBe('2S 5H 7H');
    expect(hold('2S 4H 6H 9C KD')).toBe('2S');
    // No deuce: 4 to a royal breaks a pat straight; a flush and three of a kind stand; two pair are both
    // held (a full house pays 4); 4 to a flush over a pair; a pair over 4 to an outside straight.
    expect(hold('10H JH QH KH AS')).toBe('10H JH QH KH');
    expect(hold('9S 9H 9D 6C 4D')).toBe('9S 9H 9D');
    expect(hold('9S 9H 5D 5C KD')).toBe('9S 9H 5D 5C');
    expect(hold('JS 9S 5S 6S 6D')).toBe('JS 9S 5S 6S');
    expect(hold('5S 5D 6C 7H 8S')).toBe('5S 5D');
    expect(hold('4S 5H 6D 7C KD')).toBe('4S 5H 6D 7C');
    expect(hold('3S 8D 9C 4H KS')).toBe('');
  });

  it('holds by the Deuces Wild chart, always keeping the deuces', () => {
    const hold = (cards: string) => deucesWildHold(cards.split(' ') as Card[]);
    expect(hold('2S 2D 2C 2H 7S')).toEqual([true, true, true, true, false]);
    expect(hold('2S 2D 9C 5H 7S')).toEqual([true, true, false, false, false]);
    // One deuce and a pair: three of a kind.
    expect(hold('2S 9D 9C 5H KS')).toEqual([true, true, true, false, false]);
    // No deuce: 4 to a royal breaks a pat straight.
    expect(hold('10H JH QH KH AS')).toEqual([true, true, true, true, false]);
    expect(hold('3S 8D 9C 4H KS')).toEqual([false, false, false, false, false]);
  });
});
