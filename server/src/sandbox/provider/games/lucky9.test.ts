import { describe, expect, it } from 'vitest';
import { lucky9, lucky9Bets } from './lucky9';
import { expectRejects, expectReplay, measuredRtp, oneShotOf, seededRng } from './test-rng';

describe('lucky9 family', () => {
  it('has exact one-deck returns under 100% for every bet, the Player bet written as its RTP', () => {
    const bets = lucky9Bets(1);
    expect(bets.player?.rtp).toBeCloseTo(0.98531, 4);
    expect(bets.banker?.rtp).toBeCloseTo(0.99071, 4);
    expect(bets.tie?.rtp).toBeCloseTo(0.89508, 4);
    expect(oneShotOf(lucky9, 'classic').rtp).toBe(bets.player?.rtp);
    // A cross-check of the enumeration: 50,000 seeded rounds land near the exact figure.
    expect(measuredRtp(oneShotOf(lucky9, 'classic'), { bets: { banker: 10000 } }, 50_000)).toBeCloseTo(0.9907, 1);
  });

  it('pays a natural 9 2:1, an ordinary win 1:1 and loses both sides on a tie', () => {
    const engine = oneShotOf(lucky9, 'classic');
    const params = engine.params.parse({ bets: { player: 1000, banker: 1000, tie: 100 } });
    for (let seed = 0; seed < 400; seed++) {
      const round = engine.play(seededRng(seed), params);
      const hand = round.outcome as {
        player: string[];
        banker: string[];
        playerTotal: number;
        bankerTotal: number;
        winner: string;
      };
      if (hand.winner === 'tie') expect(round.win).toBe(900);
      else {
        const cards = hand[hand.winner as 'player' | 'banker'];
        const total = hand.winner === 'player' ? hand.playerTotal : hand.bankerTotal;
        expect(round.win).toBe(cards.length === 2 && total === 9 ? 3000 : 2000);
      }
      // A natural 9 on either side stops the hand at two cards each.
      if (
        (hand.player.length === 2 && hand.playerTotal === 9) ||
        (hand.banker.length === 2 && hand.bankerTotal === 9)
      ) {
        if (hand.player.length === 2) expect(hand.banker.length === 2 || hand.playerTotal !== 9).toBe(true);
      } else if (hand.player.length === 2) expect(hand.playerTotal).toBeGreaterThanOrEqual(5);
    }
  });

  it('replays a round and refuses baccarat-only bets', () => {
    expectReplay(oneShotOf(lucky9, 'classic'), { bets: { player: 2500 } });
    expectRejects(oneShotOf(lucky9, 'classic'), { bets: { playerPair: 1000 } }, { bets: { player: 0 } });
  });
});
