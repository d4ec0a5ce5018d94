import { describe, expect, it } from 'vitest';
import { baccaratReturn, dealBaccarat } from './baccarat';
import type { Rng } from './rng';
import { cryptoRng } from './rng';

/** An RNG that replays fixed draws: int(max) takes the next value mod max; float the next fraction. */
const scripted = (ints: number[], floats: number[] = []): Rng => ({
  int: (max) => (ints.shift() ?? 0) % max,
  float: () => floats.shift() ?? 0,
});

describe('Royal Baccarat', () => {
  it('pays player 1:1, banker 0.95:1, tie 8:1 and pushes sides on a tie', () => {
    const hand = (winner: 'player' | 'banker' | 'tie') => ({
      player: [],
      banker: [],
      playerTotal: 0,
      bankerTotal: 0,
      winner,
    });
    expect(baccaratReturn('player', 1000, hand('player'))).toBe(2000);
    expect(baccaratReturn('banker', 1000, hand('banker'))).toBe(1950);
    expect(baccaratReturn('tie', 1000, hand('tie'))).toBe(9000);
    expect(baccaratReturn('banker', 1000, hand('tie'))).toBe(1000);
    expect(baccaratReturn('player', 1000, hand('banker'))).toBe(0);
  });

  it('deals a natural without third cards', () => {
    // The shoe starts AS 2S 3S ... KS; each draw swaps the picked card (next + n) to the front.
    const hand = dealBaccarat(scripted([7, 11, 10, 9]));
    expect(hand).toMatchObject({ player: ['8S', 'KS'], banker: ['2S', '3S'], playerTotal: 8, bankerTotal: 5 });
    expect(hand.winner).toBe('player');
  });

  it('draws a third card for a player total of 5 or less', () => {
    // Player AS 2S (3) draws; banker KS 6S (6) stands on the player's third card 4S.
    const hand = dealBaccarat(scripted([0, 0, 10, 2, 1]));
    expect(hand.player).toEqual(['AS', '2S', '4S']);
    expect(hand.banker).toEqual(['KS', '6S']);
    expect(hand).toMatchObject({ playerTotal: 7, bankerTotal: 6, winner: 'player' });
  });

  it('always ends with 2 or 3 cards a side and a winner that matches the totals', () => {
    for (let i = 0; i < 2000; i++) {
      const hand = dealBaccarat(cryptoRng);
      expect(hand.player.length).toBeGreaterThanOrEqual(2);
      expect(hand.banker.length).toBeLessThanOrEqual(3);
      const winner =
        hand.playerTotal > hand.bankerTotal ? 'player' : hand.bankerTotal > hand.playerTotal ? 'banker' : 'tie';
      expect(hand.winner).toBe(winner);
    }
  });
});
