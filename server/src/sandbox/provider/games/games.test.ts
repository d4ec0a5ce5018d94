import { describe, expect, it } from 'vitest';
import { baccaratReturn, dealBaccarat } from './baccarat';
import { CRASH_RTP, crashPoint, crashReturn } from './crash';
import type { Rng } from './rng';
import { cryptoRng } from './rng';
import { evaluateLine, SLOT_RTP, slotTheoreticalRtp, slotWin, spinSlot } from './slot';

/** An RNG that replays fixed draws: int(max) takes the next value mod max; float the next fraction. */
const scripted = (ints: number[], floats: number[] = []): Rng => ({
  int: (max) => (ints.shift() ?? 0) % max,
  float: () => floats.shift() ?? 0,
});

describe('Lucky Lanterns slot', () => {
  it('pays the longest left run, wilds substituting', () => {
    expect(evaluateLine(['SEVEN', 'SEVEN', 'SEVEN', 'Q', 'K'])).toEqual({ symbol: 'SEVEN', count: 3, pays: 50 });
    expect(evaluateLine(['WILD', 'BAR', 'WILD', 'BAR', 'A'])).toEqual({ symbol: 'BAR', count: 4, pays: 80 });
    expect(evaluateLine(['WILD', 'WILD', 'WILD', 'Q', 'K'])).toEqual({ symbol: 'WILD', count: 3, pays: 100 });
    expect(evaluateLine(['WILD', 'WILD', 'WILD', 'WILD', 'WILD'])).toEqual({ symbol: 'WILD', count: 5, pays: 2500 });
    expect(evaluateLine(['Q', 'K', 'Q', 'Q', 'Q'])).toBeNull();
  });

  it('has the written return to player exactly', () => {
    expect(slotTheoreticalRtp()).toBeCloseTo(SLOT_RTP, 4);
  });

  it('draws 5 reels of 3 and pays the sum of its line wins', () => {
    const spin = spinSlot(cryptoRng);
    expect(spin.reels).toHaveLength(5);
    for (const reel of spin.reels) expect(reel).toHaveLength(3);
    expect(slotWin(1000, spin)).toBe(Math.floor((1000 * spin.totalLinePays) / 10));
  });
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

describe('Rocket Crash', () => {
  it('draws P(crash >= m) = 0.97 / m', () => {
    expect(crashPoint(scripted([], [0]))).toBe(100);
    expect(crashPoint(scripted([], [0.515]))).toBe(200);
    expect(crashPoint(scripted([], [0.903]))).toBe(1000);
  });

  it('pays the target when the rocket reached it', () => {
    expect(crashReturn(1000, 200, 200)).toBe(2000);
    expect(crashReturn(1000, 201, 200)).toBe(0);
    expect(crashReturn(333, 150, 900)).toBe(499);
  });

  it('returns close to 97% over many rounds', () => {
    let returned = 0;
    const rounds = 200_000;
    for (let i = 0; i < rounds; i++) returned += crashReturn(100, 200, crashPoint(cryptoRng));
    expect(returned / (100 * rounds)).toBeGreaterThan(CRASH_RTP - 0.02);
    expect(returned / (100 * rounds)).toBeLessThan(CRASH_RTP + 0.02);
  });
});
