import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  type BlackjackState,
  basicStrategy,
  blackjack,
  blackjackReturn,
  handValue,
  raiseOf,
  strategyOf,
  totalStake,
} from './blackjack';
import type { Card } from './cards';
import { GameRuleError, type SteppedEngine } from './kinds';
import { MAX_STAKE } from './stake';
import { expectRejects, scripted, seededRng, steppedOf } from './test-rng';

const hand = (cards: Card[], stake = 1000, extra: Partial<BlackjackState['hands'][number]> = {}) => ({
  cards,
  stake,
  doubled: false,
  split: false,
  done: true,
  ...extra,
});

/** A finished round's state for the return: hands against the dealer's cards. */
const finished = (hands: BlackjackState['hands'], dealer: Card[], insurance = 0): BlackjackState => ({
  stake: 1000,
  shoe: [],
  next: 0,
  hands,
  active: 0,
  dealer,
  insurance,
  phase: 'done',
});

/**
 * A round dealt from a stacked shoe: the player's two cards, the dealer's two, then `rest` in order (what
 * hits, doubles, splits and the dealer draw), through the engine's own start.
 */
function dealt(
  engine: SteppedEngine<{ stake: number }, BlackjackState, string>,
  player: Card[],
  dealer: Card[],
  rest: Card[],
  stake = 1000,
) {
  const start = engine.start(seededRng(1), { stake });
  const shoe = [player[0], dealer[0], player[1], dealer[1], ...rest, ...start.shoe] as Card[];
  // Replays start's logic on the stacked shoe: the same first hand, the insurance offer and the peek.
  const base: BlackjackState = {
    ...start,
    shoe,
    next: 4,
    hands: [{ cards: [...player], stake, doubled: false, split: false, done: false }],
    dealer: [...dealer],
    insurance: 0,
    phase: dealer[0]?.startsWith('A') ? 'insurance' : 'player',
  };
  return base;
}

describe('blackjack family', () => {
  const engine = steppedOf(blackjack, 'classic') as unknown as SteppedEngine<{ stake: number }, BlackjackState, string>;

  it('counts aces soft and hard', () => {
    expect(handValue(['AS', '6H'])).toEqual({ total: 17, soft: true });
    expect(handValue(['AS', '6H', 'KD'])).toEqual({ total: 17, soft: false });
    expect(handValue(['AS', 'AH', '9D'])).toEqual({ total: 21, soft: true });
  });

  it('pays blackjack 3:2, a win 1:1, pushes ties and loses busts; a split 21 is no blackjack; insurance 2:1', () => {
    expect(blackjackReturn(finished([hand(['AS', 'KH'])], ['9S', '7H', '5D']))).toBe(2500);
    expect(blackjackReturn(finished([hand(['AS', 'KH'])], ['AD', 'QH']))).toBe(1000);
    expect(blackjackReturn(finished([hand(['10S', '9H'])], ['AD', 'QH']))).toBe(0);
    expect(blackjackReturn(finished([hand(['10S', '9H'])], ['10D', '7H']))).toBe(2000);
    expect(blackjackReturn(finished([hand(['10S', '7H'])], ['10D', '7H']))).toBe(1000);
    expect(blackjackReturn(finished([hand(['10S', '7H', '8C'])], ['10D', '6H', 'KS']))).toBe(0);
    expect(blackjackReturn(finished([hand(['10S', '7H'])], ['10D', '6H', 'KS']))).toBe(2000);
    // A doubled hand wins twice its doubled stake.
    expect(blackjackReturn(finished([hand(['6S', '5H', '10C'], 2000, { doubled: true })], ['10D', '9H']))).toBe(4000);
    // Split hands: A+K after a split pays 1:1.
    const split = { split: true };
    expect(
      blackjackReturn(finished([hand(['AS', 'KH'], 1000, split), hand(['AD', '5C'], 1000, split)], ['10D', '9H'])),
    ).toBe(2000);
    // Insurance of 500 against a dealer blackjack: 1500 back, the hand lost.
    expect(blackjackReturn(finished([hand(['10S', '9H'])], ['AD', 'QH'], 500))).toBe(1500);
    expect(blackjackReturn(finished([hand(['10S', '9H'])], ['AD', '7H'], 500))).toBe(2000);
  });

  it('deals from a 6-deck shoe drawn at start, hides the hole card, and the dealer stands on soft 17', () => {
    // The shoe starts AS 2S ...; each draw swaps the card at next + n to the front: 10S, 2S, 7S, then AS.
    let round = engine.start(scripted([9, 0, 4, 6]), engine.params.parse({ stake: 1000 }));
    expect(round.shoe).toHaveLength(312);
    expect(round.hands[0]?.cards).toEqual(['10S', '7S']);
    expect(round.dealer).toEqual(['2S', 'AS']);
    expect(engine.view(round)).toMatchObject({
      player: ['10S', '7S'],
      dealer: ['2S'],
      holeCard: true,
      playerTotal: 17,
      actions: ['hit', 'stand', 'double'],
      active: 0,
      stake: 1000,
    });
    expect(JSON.stringify(engine.view(round))).not.toContain('AS');
    round = engine.act(round, 'stand');
    expect(engine.done(round)).toBe(true);
    const dealerTotal = handValue(round.dealer).total;
    expect(dealerTotal).toBeGreaterThanOrEqual(17);
    expect(engine.settle(round).win).toBe(dealerTotal > 21 ? 2000 : 0);
  });

  it('doubles once on the first two cards: one card, the stake doubled, the hand over', () => {
    let round = dealt(engine, ['6S', '5H'], ['10D', '7C'], ['10C']);
    expect(engine.raiseOf?.(round, 'double')).toBe(1000);
    round = engine.act(round, 'double');
    expect(round.hands[0]).toMatchObject({ cards: ['6S', '5H', '10C'], stake: 2000, doubled: true, done: true });
    expect(engine.done(round)).toBe(true);
    expect(totalStake(round)).toBe(2000);
    expect(engine.settle(round)).toMatchObject({ win: 4000, result: '21 vs dealer 17: win; doubled' });
    expect(() => engine.act(round, 'double')).toThrow(GameRuleError);
    // Not after a hit.
    let hit = dealt(engine, ['2S', '3H'], ['10D', '7C'], ['4C', '10S']);
    hit = engine.act(hit, 'hit');
    expect(allowedActions(hit)).toEqual(['hit', 'stand']);
    expect(() => engine.act(hit, 'double')).toThrow('Double only on a hand’s first two cards');
  });

  it('splits a pair of equal rank, doubles after the split, and plays each hand in turn', () => {
    // 8 8 against a 6: the first hand draws 3 then doubles onto 10; the second draws 2 and stands; the
    // dealer draws 9 onto 16 and busts.
    let round = dealt(engine, ['8S', '8H'], ['6D', '10C'], ['3S', '10H', '2C', '9D']);
    expect(allowedActions(round)).toEqual(['hit', 'stand', 'double', 'split']);
    round = engine.act(round, 'split');
    expect(round.hands.map((h) => h.cards)).toEqual([['8S', '3S'], ['8H']]);
    expect(engine.view(round)).toMatchObject({ active: 0, stake: 2000, actions: ['hit', 'stand', 'double'] });
    round = engine.act(round, 'double');
    expect(round.active).toBe(1);
    expect(round.hands.map((h) => h.cards)).toEqual([
      ['8S', '3S', '10H'],
      ['8H', '2C'],
    ]);
    round = engine.act(round, 'stand');
    expect(engine.done(round)).toBe(true);
    expect(round.dealer).toEqual(['6D', '10C', '9D']);
    const settled = engine.settle(round);
    expect(settled.win).toBe(4000 + 2000);
    expect(settled.result).toBe('21 vs dealer bust 25: win; doubled; 10 vs dealer bust 25: win');
    expect(totalStake(round)).toBe(3000);
  });

  it('split aces take one card each, cannot split again, and their 21 pays 1:1', () => {
    let round = dealt(engine, ['AS', 'AH'], ['9D', '8C'], ['KS', 'AD']);
    round = engine.act(round, 'split');
    expect(round.hands.map((h) => h.cards)).toEqual([
      ['AS', 'KS'],
      ['AH', 'AD'],
    ]);
    // Both aces are done (no resplit of AH AD): the dealer stands on 17 at once.
    expect(engine.done(round)).toBe(true);
    expect(engine.settle(round).win).toBe(2000);
  });

  it('splits up to 4 hands, never an unequal pair', () => {
    let round = dealt(engine, ['8S', '8H'], ['6D', '10C'], ['8D', '8C', '8S', '2C', '3C', '4C', '5C']);
    round = engine.act(round, 'split'); // [8S 8D] [8H]
    round = engine.act(round, 'split'); // [8S 8C] [8D] [8H]
    round = engine.act(round, 'split'); // [8S 8S] [8C] [8D] [8H]
    expect(round.hands).toHaveLength(4);
    expect(allowedActions(round)).toEqual(['hit', 'stand', 'double']);
    expect(() => engine.act(round, 'split')).toThrow(GameRuleError);
    expect(totalStake(round)).toBe(4000);
    const faces = dealt(engine, ['KS', 'QH'], ['6D', '10C'], []);
    expect(allowedActions(faces)).not.toContain('split');
    expect(() => engine.act(faces, 'split')).toThrow('Split only a pair of equal rank, up to 4 hands');
  });

  it('offers insurance only while the dealer shows an ace, before the first move; paid 2:1 at the peek', () => {
    let round = dealt(engine, ['10S', '9H'], ['AD', 'KC'], []);
    expect(allowedActions(round)).toEqual(['insurance', 'decline']);
    expect(() => engine.act(round, 'hit')).toThrow('Take insurance or decline it first');
    expect(engine.raiseOf?.(round, 'insurance')).toBe(500);
    round = engine.act(round, 'insurance');
    expect(engine.done(round)).toBe(true);
    expect(engine.settle(round)).toMatchObject({
      win: 1500,
      result: '19 vs dealer blackjack: loss; insurance paid',
    });
    // Insurance lost, then the hand plays on; insurance again is refused.
    let lost = dealt(engine, ['10S', '9H'], ['AD', '6C'], ['10D']);
    lost = engine.act(lost, 'insurance');
    expect(lost.phase).toBe('player');
    expect(allowedActions(lost)).toEqual(['hit', 'stand', 'double']);
    expect(() => engine.act(lost, 'insurance')).toThrow(GameRuleError);
    lost = engine.act(lost, 'stand');
    expect(engine.settle(lost).win).toBe(2000);
    expect(totalStake(lost)).toBe(1500);
    // Not offered when the dealer shows anything else.
    const ten = dealt(engine, ['10S', '9H'], ['KD', '6C'], []);
    expect(() => engine.act(ten, 'insurance')).toThrow(GameRuleError);
    expect(() => engine.act(ten, 'decline')).toThrow(GameRuleError);
  });

  it('keeps the round’s total stake within the stake limit', () => {
    const top = dealt(engine, ['8S', '8H'], ['AD', '6C'], [], MAX_STAKE);
    expect(allowedActions(top)).toEqual(['decline']);
    const declined = engine.act(top, 'decline');
    expect(allowedActions(declined)).toEqual(['hit', 'stand']);
    expect(() => engine.act(declined, 'double')).toThrow(GameRuleError);
    expect(raiseOf(declined, 'hit')).toBe(0);
  });

  it('replays a seeded round played by the basic strategy, and refuses actions after the end', () => {
    const play = (seed: number) => {
      let round = engine.start(seededRng(seed), { stake: 2000 });
      while (!engine.done(round)) round = engine.act(round, strategyOf(round));
      return { round, settled: engine.settle(round) };
    };
    const { round, settled } = play(3);
    expect(play(3).settled).toEqual(settled);
    expect(settled.win).toBe(blackjackReturn(round));
    expect(() => engine.act(round, 'hit')).toThrow(GameRuleError);
    expect(engine.action.safeParse('surrender').success).toBe(false);
    expectRejects(engine, { stake: 50 }, { stake: 600_000 }, { bets: { player: 1000 } });
  });

  it('plays the basic strategy of 6 decks, S17, double after split', () => {
    const all = { double: true, split: true };
    expect(basicStrategy(['10S', '6H'], '6D', all)).toBe('stand');
    expect(basicStrategy(['10S', '6H'], '7D', all)).toBe('hit');
    expect(basicStrategy(['6S', '5H'], '10D', all)).toBe('double');
    expect(basicStrategy(['6S', '5H'], 'AD', all)).toBe('hit');
    expect(basicStrategy(['5S', '4H'], '2D', all)).toBe('hit');
    expect(basicStrategy(['5S', '4H'], '3D', all)).toBe('double');
    expect(basicStrategy(['AS', '7H'], '4D', all)).toBe('double');
    expect(basicStrategy(['AS', '7H'], '4D', { split: true })).toBe('stand');
    expect(basicStrategy(['AS', '7H'], '9D', all)).toBe('hit');
    expect(basicStrategy(['AS', '7H'], '8D', all)).toBe('stand');
    expect(basicStrategy(['AS', '2H'], '5D', all)).toBe('double');
    expect(basicStrategy(['AS', 'AH'], 'AD', all)).toBe('split');
    expect(basicStrategy(['8S', '8H'], '10D', all)).toBe('split');
    expect(basicStrategy(['9S', '9H'], '7D', all)).toBe('stand');
    expect(basicStrategy(['9S', '9H'], '8D', all)).toBe('split');
    expect(basicStrategy(['KS', 'KH'], '6D', all)).toBe('stand');
    expect(basicStrategy(['5S', '5H'], '9D', all)).toBe('double');
    expect(basicStrategy(['4S', '4H'], '5D', all)).toBe('split');
    expect(basicStrategy(['8S', '8H'], '10D', { double: true })).toBe('hit');
    // Insurance is never basic strategy.
    expect(strategyOf(dealt(engine, ['10S', '9H'], ['AD', '6C'], []))).toBe('decline');
  });
});
