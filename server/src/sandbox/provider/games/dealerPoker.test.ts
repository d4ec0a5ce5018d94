import { describe, expect, it } from 'vitest';
import type { Card } from './cards';
import {
  best5,
  compareScores,
  type DealerPokerState,
  dealerPoker,
  dealerQualifies,
  pairPlusRtp,
  score3,
  score5,
  simpleStrategy,
} from './dealerPoker';
import { GameRuleError } from './kinds';
import { expectRejects, seededRng, steppedOf } from './test-rng';

const round = (ante: number, call: number, player: Card[], dealer: Card[], board: Card[] = []): DealerPokerState => ({
  ante,
  call,
  player,
  dealer,
  board,
  choice: null,
});

describe('dealerPoker family', () => {
  it('ranks five- and three-card hands', () => {
    expect(score5(['AS', 'KS', 'QS', 'JS', '10S']).hand).toBe('royalFlush');
    expect(score5(['AS', '2H', '3D', '4C', '5S'])).toEqual({ hand: 'straight', ranks: [5] });
    expect(score3(['AS', '2H', '3D'])).toEqual({ hand: 'straight', ranks: [3] });
    expect(score3(['2S', '7S', '9S']).hand).toBe('flush');
    // Three cards: a straight beats a flush.
    expect(compareScores(score3(['4H', '5D', '6C']), score3(['2S', '7S', '9S']), true)).toBeGreaterThan(0);
    expect(best5(['AS', 'AH', '2D', '7C', '9S', 'AD', '9H']).hand).toBe('fullHouse');
    // Hold'em's two cards and the flop are scored as one five-card hand: four hearts are no flush (the page's
    // label before the decision said "Flush" for three hearts out of five).
    expect(best5(['2H', '10H', '3C', '9H', '7H']).hand).toBe('highCard');
    expect(best5(['2H', '10H', '3H', '9H', '7H']).hand).toBe('flush');
    expect(dealerQualifies('caribbeanStud', score5(['AS', 'KH', '2D', '7C', '9S']))).toBe(true);
    expect(dealerQualifies('caribbeanStud', score5(['AS', 'QH', '2D', '7C', '9S']))).toBe(false);
    expect(dealerQualifies('threeCard', score3(['QS', '2H', '5D']))).toBe(true);
    expect(dealerQualifies('threeCard', score3(['JS', '9H', '5D']))).toBe(false);
    expect(dealerQualifies('casinoHoldem', best5(['4S', '4H', '2D', '7C', '9S', 'JD', 'KH']))).toBe(true);
    expect(dealerQualifies('casinoHoldem', best5(['3S', '3H', '2D', '7C', '9S', 'JD', 'KH']))).toBe(false);
  });

  it('Caribbean Stud: takes the ante at the deal, the 2x call only on a call; pays the fold, a non-qualifying dealer, a win by the table and a loss', () => {
    const engine = steppedOf(dealerPoker, 'caribbeanStud');
    expect(engine.stakeOf({ ante: 1000 })).toBe(1000);
    const flush: Card[] = ['2H', '5H', '8H', 'JH', 'KH'];
    const s0 = round(1000, 2000, flush, ['AS', 'KD', '2C', '3D', '9S']);
    // The call is a further stake of twice the ante, taken only by a call; a fold takes nothing more.
    expect(engine.raiseOf?.(s0, 'call')).toBe(2000);
    expect(engine.raiseOf?.(s0, 'fold')).toBe(0);
    expect(engine.raiseOf?.(engine.act(s0, 'fold'), 'call')).toBe(0);
    const settle = (s: DealerPokerState, a: 'call' | 'fold') => engine.settle(engine.act(s, a));
    // Fold: the ante is lost, nothing else was staked.
    const folded = settle(s0, 'fold');
    expect(folded).toMatchObject({ win: 0, result: 'Fold: ante lost' });
    // Dealer Q-high does not qualify: ante 1:1, call returned.
    expect(settle(round(1000, 2000, flush, ['QS', 'JD', '2C', '3D', '9S']), 'call').win).toBe(4000);
    // Dealer A-K qualifies and loses to a flush: ante 1:1 + call 5:1.
    expect(settle(round(1000, 2000, flush, ['AS', 'KD', '2C', '3D', '9S']), 'call').win).toBe(2000 + 12000);
    // Dealer's pair beats A-K high: both lost.
    const lost = settle(round(1000, 2000, ['AS', 'KD', '2C', '3D', '9S'], ['4S', '4D', '2D', '3C', '9H']), 'call');
    expect(lost.win).toBe(0);
    expect(lost.outcome).toMatchObject({ result: 'lose', qualifies: true });
    // A tie returns both.
    expect(settle(round(1000, 2000, ['AS', 'KD', '2C', '3D', '9S'], ['AH', 'KC', '2S', '3H', '9D']), 'call').win).toBe(
      3000,
    );
  });

  it('Three Card Poker: takes the ante (and Pair Plus) at start, the Play only on a call; Q-high qualifies, ante bonus on every played hand', () => {
    const engine = steppedOf(dealerPoker, 'threeCard');
    expect(engine.stakeOf({ ante: 1000 })).toBe(1000);
    expect(engine.stakeOf({ ante: 1000, pairPlus: 500 })).toBe(1500);
    const s0 = round(1000, 1000, ['4H', '5D', '6C'], ['JS', '9H', '2D']);
    // The Play is a further stake equal to the ante, taken only by a call; a fold takes nothing more.
    expect(engine.raiseOf?.(s0, 'call')).toBe(1000);
    expect(engine.raiseOf?.(s0, 'fold')).toBe(0);
    const settle = (s: DealerPokerState, a: 'call' | 'fold') => engine.settle(engine.act(s, a)).win;
    // Fold: the ante is lost, nothing else was staked.
    expect(settle(s0, 'fold')).toBe(0);
    // Not qualifying: ante 1:1, Play back, straight bonus 1:1.
    expect(settle(s0, 'call')).toBe(3000 + 1000);
    // Qualifying and losing to a straight: ante and Play 1:1, bonus 1:1.
    expect(settle(round(1000, 1000, ['4H', '5D', '6C'], ['KS', '9H', '2D']), 'call')).toBe(4000 + 1000);
    // Trips lose to a straight flush but keep the 4:1 ante bonus.
    expect(settle(round(1000, 1000, ['7H', '7D', '7C'], ['2S', '3S', '4S']), 'call')).toBe(4000);
    expect(settle(round(1000, 1000, ['KH', '9D', '2C'], ['AS', '3H', '5D']), 'call')).toBe(0);
    // A tie with a qualifying dealer returns ante and Play.
    expect(settle(round(1000, 1000, ['KH', '9D', '2C'], ['KS', '9C', '2H']), 'call')).toBe(2000);
  });

  it('Three Card Poker Pair Plus: paid by its table on the three cards alone, played or folded, won or lost', () => {
    const engine = steppedOf(dealerPoker, 'threeCard');
    const pp = (player: Card[], dealer: Card[], pairPlus = 500): DealerPokerState => ({
      ...round(1000, 1000, player, dealer),
      pairPlus,
    });
    const settle = (s: DealerPokerState, a: 'call' | 'fold') => engine.settle(engine.act(s, a));
    const qualifying: Card[] = ['KS', 'KC', '9D'];
    // Each hand by the table (to one), stake back on top: pair 1, flush 4, straight 6, trips 30, straight flush 40.
    const hands: [Card[], number][] = [
      [['8H', '8D', '2C'], 1],
      [['2H', '7H', 'JH'], 4],
      [['9H', '10D', 'JC'], 6],
      [['5H', '5D', '5C'], 30],
      [['QH', 'KH', 'AH'], 40],
    ];
    for (const [cards, pays] of hands) {
      // Folded: the ante is lost, the Pair Plus paid all the same.
      const folded = settle(pp(cards, qualifying), 'fold');
      expect(folded.win, cards.join()).toBe(500 + 500 * pays);
      expect(folded.outcome).toMatchObject({ result: 'fold', pairPlus: 500, pairPlusWin: 500 + 500 * pays });
      expect(folded.result).toBe(`Fold: ante lost; pair plus 5.00 won ${((500 + 500 * pays) / 100).toFixed(2)}`);
    }
    // Played pair of 8s against the kings: ante and Play lost, the Pair Plus paid 1:1.
    expect(settle(pp(['8H', '8D', '2C'], qualifying), 'call').win).toBe(1000);
    // High card loses the Pair Plus whatever the main hand does (here it wins against a non-qualifying dealer).
    const high = settle(pp(['AH', 'KD', '9C'], ['JS', '8H', '2D']), 'call');
    expect(high.win).toBe(3000);
    expect(high.result).toMatch(/; pair plus 5\.00 lost$/);
    // The table's exact return over the 22,100 hands (48 straight flushes, 52 trips, 720 straights, 1,096
    // flushes, 3,744 pairs): 21,588 / 22,100 = 97.68%, written in the rules the page shows.
    expect(pairPlusRtp({ pair: 1, flush: 4, straight: 6, threeKind: 30, straightFlush: 40 })).toBeCloseTo(
      21_588 / 22_100,
      12,
    );
    expect((engine.rules as { pairPlus: { rtp: number } }).pairPlus.rtp).toBeCloseTo(21_588 / 22_100, 12);
  });

  it('Three Card Poker refuses no ante, Pair Plus alone, a Pair Plus under a peso and stakes over the limit with the Play', () => {
    const engine = steppedOf(dealerPoker, 'threeCard');
    expect(engine.params.parse({ ante: 100_000, pairPlus: 300_000 })).toEqual({ ante: 100_000, pairPlus: 300_000 });
    expectRejects(
      engine,
      { pairPlus: 1000 },
      { ante: 0, pairPlus: 1000 },
      { ante: 1000, pairPlus: 50 },
      { ante: 1000, pairPlus: 10.5 },
      // 2 x 2,000 + 1,001 pesos: the Play would take the round over 5,000.
      { ante: 200_000, pairPlus: 100_100 },
      { ante: 250_001 },
      { ante: 1000, play: 1000 },
    );
    // The other games have no Pair Plus.
    expectRejects(steppedOf(dealerPoker, 'caribbeanStud'), { ante: 1000, pairPlus: 1000 });
  });

  it('Three Card Poker: a second decision is refused whatever it is (Play twice, Play after a fold)', () => {
    const engine = steppedOf(dealerPoker, 'threeCard');
    const s = engine.start(seededRng(3), engine.params.parse({ ante: 1000, pairPlus: 100 }));
    expect(engine.view(s)).toMatchObject({ dealer: [], actions: ['call', 'fold'], pairPlus: 100, call: 1000 });
    for (const first of ['call', 'fold'] as const) {
      const after = engine.act(s, first);
      for (const second of ['call', 'fold'] as const) expect(() => engine.act(after, second)).toThrow(GameRuleError);
      expect(engine.view(after)).toMatchObject({ actions: [] });
    }
  });

  it("Casino Hold'em: the ante at the deal, the 2x call only on a call; best five of seven, a pair of 4s qualifies, the ante paid by the table", () => {
    const engine = steppedOf(dealerPoker, 'casinoHoldem');
    expect(engine.stakeOf({ ante: 1000 })).toBe(1000);
    const board: Card[] = ['2H', '7H', 'JH', '9C', '3S'];
    expect(engine.raiseOf?.(round(1000, 2000, ['AH', '5H'], ['KD', 'QC'], board), 'call')).toBe(2000);
    expect(engine.raiseOf?.(round(1000, 2000, ['AH', '5H'], ['KD', 'QC'], board), 'fold')).toBe(0);
    const settle = (s: DealerPokerState, a: 'call' | 'fold') => engine.settle(engine.act(s, a)).win;
    // Player flush (ante 2:1) against a dealer without a pair of 4s: ante paid by the table, call back.
    expect(settle(round(1000, 2000, ['AH', '5H'], ['KD', 'QC'], board), 'call')).toBe(3000 + 2000);
    // Against a qualifying pair of jacks: ante 2:1 and call 1:1.
    expect(settle(round(1000, 2000, ['AH', '5H'], ['JD', 'QC'], board), 'call')).toBe(3000 + 4000);
    // Player pair of 9s loses to the jacks.
    expect(settle(round(1000, 2000, ['9D', '5C'], ['JD', 'QC'], board), 'call')).toBe(0);
    // Fold: the ante is lost, nothing else was staked.
    expect(settle(round(1000, 2000, ['9D', '5C'], ['JD', 'QC'], board), 'fold')).toBe(0);
  });

  it('replays a seeded round, hides the dealer until the end and refuses illegal actions', () => {
    const engine = steppedOf(dealerPoker, 'casinoHoldem');
    const play = (seed: number) => {
      let s = engine.start(seededRng(seed), engine.params.parse({ ante: 500 }));
      const view = engine.view(s) as { board: Card[] };
      s = engine.act(s, engine.strategy?.(s) ?? 'call');
      return { s, view, settled: engine.settle(s) };
    };
    const { s, view, settled } = play(11);
    expect(play(11).settled).toEqual(settled);
    expect(view).toMatchObject({ dealer: [], actions: ['call', 'fold'] });
    expect(view.board).toHaveLength(3);
    for (const c of [...s.dealer, ...s.board.slice(3)]) expect(JSON.stringify(view)).not.toContain(`"${c}"`);
    expect((engine.view(s) as { board: Card[] }).board).toHaveLength(5);
    expect(() => engine.act(s, 'fold')).toThrow(GameRuleError);
    expect(engine.action.safeParse('raise').success).toBe(false);
    expect(engine.finishAction?.(s)).toBe('fold');
    expectRejects(engine, { ante: 50 }, { ante: 200_000 }, { stake: 1000 });
  });

  it('Caribbean Stud: the player sees five cards before deciding, the dealer none; a second decision is refused', () => {
    const engine = steppedOf(dealerPoker, 'caribbeanStud');
    const s = engine.start(seededRng(5), engine.params.parse({ ante: 1000 }));
    const view = engine.view(s) as { player: Card[]; dealer: Card[] };
    expect(view).toMatchObject({ dealer: [], actions: ['call', 'fold'], call: 2000 });
    expect(view.player).toHaveLength(5);
    for (const c of s.dealer) expect(JSON.stringify(view)).not.toContain(`"${c}"`);
    for (const first of ['call', 'fold'] as const) {
      const after = engine.act(s, first);
      for (const second of ['call', 'fold'] as const) expect(() => engine.act(after, second)).toThrow(GameRuleError);
      expect(engine.view(after)).toMatchObject({ dealer: s.dealer, actions: [] });
    }
    // Ante and call within the stake limit: the call is never refused for it.
    expect(engine.params.safeParse({ ante: 166_666 }).success).toBe(true);
    expectRejects(engine, { ante: 166_667 });
  });

  it('plays the documented simple strategy', () => {
    expect(simpleStrategy('threeCard', ['QS', '6H', '4D'])).toBe('call');
    expect(simpleStrategy('threeCard', ['QS', '6H', '3D'])).toBe('fold');
    expect(simpleStrategy('caribbeanStud', ['AS', 'KH', '2D', '7C', '9S'])).toBe('call');
    expect(simpleStrategy('caribbeanStud', ['AS', 'QH', '2D', '7C', '9S'])).toBe('fold');
  });
});
