import { describe, expect, it } from 'vitest';
import { basicStrategy, blackjack, blackjackReturn, handValue } from './blackjack';
import type { Card } from './cards';
import { GameRuleError } from './kinds';
import { expectRejects, scripted, seededRng, steppedOf } from './test-rng';

const state = (player: Card[], dealer: Card[]) => ({
  stake: 1000,
  shoe: [],
  next: 0,
  player,
  dealer,
  phase: 'done' as const,
});

describe('blackjack family', () => {
  it('counts aces soft and hard', () => {
    expect(handValue(['AS', '6H'])).toEqual({ total: 17, soft: true });
    expect(handValue(['AS', '6H', 'KD'])).toEqual({ total: 17, soft: false });
    expect(handValue(['AS', 'AH', '9D'])).toEqual({ total: 21, soft: true });
  });

  it('pays blackjack 3:2, a win 1:1, pushes ties and loses busts', () => {
    expect(blackjackReturn(state(['AS', 'KH'], ['9S', '7H', '5D']))).toBe(2500);
    expect(blackjackReturn(state(['AS', 'KH'], ['AD', 'QH']))).toBe(1000);
    expect(blackjackReturn(state(['10S', '9H'], ['AD', 'QH']))).toBe(0);
    expect(blackjackReturn(state(['10S', '9H'], ['10D', '7H']))).toBe(2000);
    expect(blackjackReturn(state(['10S', '7H'], ['10D', '7H']))).toBe(1000);
    expect(blackjackReturn(state(['10S', '7H', '8C'], ['10D', '6H', 'KS']))).toBe(0);
    expect(blackjackReturn(state(['10S', '7H'], ['10D', '6H', 'KS']))).toBe(2000);
  });

  it('deals from a 6-deck shoe drawn at start, hides the hole card, and the dealer stands on soft 17', () => {
    const engine = steppedOf(blackjack, 'classic');
    // The shoe starts AS 2S ...; each draw swaps the card at next + n to the front: 10S, 2S, 7S, then AS.
    let round = engine.start(scripted([9, 0, 4, 6]), engine.params.parse({ stake: 1000 }));
    expect(round.shoe).toHaveLength(312);
    expect(round.player).toEqual(['10S', '7S']);
    expect(round.dealer).toEqual(['2S', 'AS']);
    expect(engine.view(round)).toMatchObject({
      dealer: ['2S'],
      holeCard: true,
      playerTotal: 17,
      actions: ['hit', 'stand'],
    });
    expect(JSON.stringify(engine.view(round))).not.toContain('AS');
    round = engine.act(round, 'stand');
    expect(engine.done(round)).toBe(true);
    const dealerTotal = handValue(round.dealer).total;
    expect(dealerTotal).toBeGreaterThanOrEqual(17);
    expect(engine.settle(round).win).toBe(dealerTotal > 21 ? 2000 : 0);
  });

  it('replays a seeded round played by the basic strategy, and refuses actions after the end', () => {
    const engine = steppedOf(blackjack, 'classic');
    const play = (seed: number) => {
      let round = engine.start(seededRng(seed), { stake: 2000 });
      while (!engine.done(round)) round = engine.act(round, basicStrategy(round.player, round.dealer[0]));
      return { round, settled: engine.settle(round) };
    };
    const { round, settled } = play(3);
    expect(play(3).settled).toEqual(settled);
    expect(settled.win).toBe(blackjackReturn(round));
    expect(() => engine.act(round, 'hit')).toThrow(GameRuleError);
    expect(engine.action.safeParse('double').success).toBe(false);
    expectRejects(engine, { stake: 50 }, { stake: 600_000 }, { bets: { player: 1000 } });
  });

  it('stands by the basic strategy', () => {
    expect(basicStrategy(['10S', '6H'], '6D')).toBe('stand');
    expect(basicStrategy(['10S', '6H'], '7D')).toBe('hit');
    expect(basicStrategy(['AS', '7H'], '9D')).toBe('hit');
    expect(basicStrategy(['AS', '7H'], '8D')).toBe('stand');
  });
});
