import { describe, expect, it } from 'vitest';
import { dragonTiger, dragonTigerBets } from './dragonTiger';
import { expectRejects, expectReplay, oneShotOf, scripted } from './test-rng';

describe('dragonTiger family', () => {
  it('has the exact 8-deck returns', () => {
    const bets = dragonTigerBets(8);
    expect(bets.dragon?.rtp).toBeCloseTo(1 - 0.5 * (31 / 415), 12);
    expect(bets.dragon?.rtp).toBeCloseTo(0.96265, 5);
    expect(bets.tie?.rtp).toBeCloseTo((12 * 31) / 415, 12);
    expect(bets.suitedTie?.rtp).toBeCloseTo((51 * 7) / 415, 12);
    expect(oneShotOf(dragonTiger, 'classic').rtp).toBe(bets.dragon?.rtp);
  });

  it('pays the higher card, half back on a tie and 50:1 on a suited tie', () => {
    const engine = oneShotOf(dragonTiger, 'classic');
    const params = engine.params.parse({ bets: { dragon: 1000, tie: 100, suitedTie: 100 } });
    // Dragon KS (index 12, swapped with AS), then index 1 + 1: 3S.
    const high = engine.play(scripted([12, 1]), params);
    expect(high.outcome).toMatchObject({ dragon: 'KS', tiger: '3S', winner: 'dragon' });
    expect(high.win).toBe(2000);
    // Dragon AS, then the second ace of spades of deck 2 (index 52 in the shoe, 51 after the first draw).
    const suited = engine.play(scripted([0, 51]), params);
    expect(suited.outcome).toMatchObject({ dragon: 'AS', tiger: 'AS', winner: 'tie' });
    expect(suited.win).toBe(500 + 1200 + 5100);
  });

  it('replays a round and refuses unknown bets', () => {
    expectReplay(oneShotOf(dragonTiger, 'classic'), { bets: { tiger: 1000 } });
    expectRejects(oneShotOf(dragonTiger, 'classic'), { bets: { player: 1000 } });
  });
});
