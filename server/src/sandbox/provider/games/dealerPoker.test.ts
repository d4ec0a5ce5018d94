import { describe, expect, it } from 'vitest';
import type { Card } from './cards';
import {
  best5,
  compareScores,
  type DealerPokerState,
  dealerPoker,
  dealerQualifies,
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
    expect(dealerQualifies('caribbeanStud', score5(['AS', 'KH', '2D', '7C', '9S']))).toBe(true);
    expect(dealerQualifies('caribbeanStud', score5(['AS', 'QH', '2D', '7C', '9S']))).toBe(false);
    expect(dealerQualifies('threeCard', score3(['QS', '2H', '5D']))).toBe(true);
    expect(dealerQualifies('threeCard', score3(['JS', '9H', '5D']))).toBe(false);
    expect(dealerQualifies('casinoHoldem', best5(['4S', '4H', '2D', '7C', '9S', 'JD', 'KH']))).toBe(true);
    expect(dealerQualifies('casinoHoldem', best5(['3S', '3H', '2D', '7C', '9S', 'JD', 'KH']))).toBe(false);
  });

  it('Caribbean Stud: takes ante + 2x call; pays the fold, a non-qualifying dealer, a win by the table and a loss', () => {
    const engine = steppedOf(dealerPoker, 'caribbeanStud');
    expect(engine.stakeOf({ ante: 1000 })).toBe(3000);
    const flush: Card[] = ['2H', '5H', '8H', 'JH', 'KH'];
    const settle = (s: DealerPokerState, a: 'call' | 'fold') => engine.settle(engine.act(s, a));
    // Fold: the ante is lost, the reserved call returned.
    expect(settle(round(1000, 2000, flush, ['AS', 'KD', '2C', '3D', '9S']), 'fold').win).toBe(2000);
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

  it('Three Card Poker: takes ante + 1x call, Q-high qualifies, ante bonus on every called hand', () => {
    const engine = steppedOf(dealerPoker, 'threeCard');
    expect(engine.stakeOf({ ante: 1000 })).toBe(2000);
    const settle = (s: DealerPokerState, a: 'call' | 'fold') => engine.settle(engine.act(s, a)).win;
    expect(settle(round(1000, 1000, ['4H', '5D', '6C'], ['JS', '9H', '2D']), 'fold')).toBe(1000);
    // Not qualifying: ante 1:1, call back, straight bonus 1:1.
    expect(settle(round(1000, 1000, ['4H', '5D', '6C'], ['JS', '9H', '2D']), 'call')).toBe(3000 + 1000);
    // Qualifying and losing to a straight: ante and call 1:1, bonus 1:1.
    expect(settle(round(1000, 1000, ['4H', '5D', '6C'], ['KS', '9H', '2D']), 'call')).toBe(4000 + 1000);
    // Trips lose to a straight flush but keep the 4:1 ante bonus.
    expect(settle(round(1000, 1000, ['7H', '7D', '7C'], ['2S', '3S', '4S']), 'call')).toBe(4000);
    expect(settle(round(1000, 1000, ['KH', '9D', '2C'], ['AS', '3H', '5D']), 'call')).toBe(0);
  });

  it("Casino Hold'em: best five of seven, a pair of 4s qualifies, the ante paid by the table", () => {
    const engine = steppedOf(dealerPoker, 'casinoHoldem');
    expect(engine.stakeOf({ ante: 1000 })).toBe(3000);
    const board: Card[] = ['2H', '7H', 'JH', '9C', '3S'];
    const settle = (s: DealerPokerState, a: 'call' | 'fold') => engine.settle(engine.act(s, a)).win;
    // Player flush (ante 2:1) against a dealer without a pair of 4s: ante paid by the table, call back.
    expect(settle(round(1000, 2000, ['AH', '5H'], ['KD', 'QC'], board), 'call')).toBe(3000 + 2000);
    // Against a qualifying pair of jacks: ante 2:1 and call 1:1.
    expect(settle(round(1000, 2000, ['AH', '5H'], ['JD', 'QC'], board), 'call')).toBe(3000 + 4000);
    // Player pair of 9s loses to the jacks.
    expect(settle(round(1000, 2000, ['9D', '5C'], ['JD', 'QC'], board), 'call')).toBe(0);
    expect(settle(round(1000, 2000, ['9D', '5C'], ['JD', 'QC'], board), 'fold')).toBe(2000);
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

  it('plays the documented simple strategy', () => {
    expect(simpleStrategy('threeCard', ['QS', '6H', '4D'])).toBe('call');
    expect(simpleStrategy('threeCard', ['QS', '6H', '3D'])).toBe('fold');
    expect(simpleStrategy('caribbeanStud', ['AS', 'KH', '2D', '7C', '9S'])).toBe('call');
    expect(simpleStrategy('caribbeanStud', ['AS', 'QH', '2D', '7C', '9S'])).toBe('fold');
  });
});
