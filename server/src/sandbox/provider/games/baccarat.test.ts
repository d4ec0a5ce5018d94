import { describe, expect, it } from 'vitest';
import { baccarat, baccaratBets, dealBaccarat } from './baccarat';
import { describePoints } from './points';
import { expectRejects, expectReplay, oneShotOf, scripted, seededRng } from './test-rng';

describe('baccarat family', () => {
  it('has the exact 8-deck returns and writes the banker bet as its RTP', () => {
    const bets = baccaratBets(8);
    expect(bets.banker?.rtp).toBeCloseTo(0.98942, 5);
    expect(bets.player?.rtp).toBeCloseTo(0.98765, 5);
    expect(bets.tie?.rtp).toBeCloseTo(0.8564, 5);
    expect(bets.playerPair?.rtp).toBeCloseTo((12 * 31) / 415, 10);
    for (const config of Object.values(baccarat.configs)) expect(baccarat.create(config).rtp).toBe(bets.banker?.rtp);
  });

  it('deals a natural 8 without third cards and pays every bet on it', () => {
    // The shoe starts AS 2S 3S ... KS; each draw swaps the picked card (next + n) to the front.
    const engine = oneShotOf(baccarat, 'classic');
    const params = engine.params.parse({ bets: { player: 1000, banker: 500, tie: 100, playerPair: 100 } });
    const round = engine.play(scripted([7, 11, 10, 9]), params);
    expect(round.outcome).toMatchObject({ player: ['8S', 'KS'], banker: ['2S', '3S'], winner: 'player' });
    expect(round.win).toBe(2000);
    expect(round.outcome).toMatchObject({ returns: { player: 2000, banker: 0, tie: 0, playerPair: 0 } });
    expect(engine.stakeOf(params)).toBe(1700);
  });

  it('pushes Player and Banker on a tie, pays the tie 8:1 and the banker 0.95:1 floored', () => {
    const engine = oneShotOf(baccarat, 'speed');
    const params = engine.params.parse({ bets: { player: 300, banker: 150, tie: 100 } });
    const first = (winner: string) => {
      for (let seed = 0; ; seed++) {
        const round = engine.play(seededRng(seed), params);
        if ((round.outcome as { winner: string }).winner === winner) return round;
      }
    };
    expect(first('tie').win).toBe(300 + 150 + 900);
    expect(first('banker').win).toBe(150 + 142);
    expect(first('player').win).toBe(600);
  });

  it('replays a round from a seed', () => {
    const round = expectReplay(oneShotOf(baccarat, 'squeeze'), { bets: { banker: 5000 } });
    expect(round.result).toMatch(/^Player \d – Banker \d, (Player wins|Banker wins|Tie); bets banker 50\.00$/);
  });

  it('refuses unknown bets, empty tables, chips under a peso and totals over the maximum', () => {
    expectRejects(
      oneShotOf(baccarat, 'classic'),
      { bets: {} },
      { bets: { dragon: 1000 } },
      { bets: { player: 50 } },
      { bets: { player: 400_000, banker: 200_000 } },
      { bets: { player: 10.5 } },
      { stake: 1000, side: 'player' },
    );
  });

  it('ends every hand with 2 or 3 cards a side and a winner that matches the totals', () => {
    for (let seed = 0; seed < 500; seed++) {
      const hand = dealBaccarat(scripted(Array.from({ length: 6 }, (_, i) => (seed * 7919 + i * 104729) % 400)));
      expect(hand.player.length).toBeGreaterThanOrEqual(2);
      expect(hand.banker.length).toBeLessThanOrEqual(3);
      const winner =
        hand.playerTotal > hand.bankerTotal ? 'player' : hand.bankerTotal > hand.playerTotal ? 'banker' : 'tie';
      expect(hand.winner).toBe(winner);
    }
  });

  it("names each side's own total: Player 6 against Banker 5 is 'Player 6 – Banker 5, Player wins'", () => {
    expect(describePoints({ winner: 'player', playerTotal: 6, bankerTotal: 5 })).toBe(
      'Player 6 – Banker 5, Player wins',
    );
    expect(describePoints({ winner: 'banker', playerTotal: 5, bankerTotal: 7 })).toBe(
      'Player 5 – Banker 7, Banker wins',
    );
    expect(describePoints({ winner: 'tie', playerTotal: 4, bankerTotal: 4 })).toBe('Player 4 – Banker 4, Tie');
    const rng = seededRng(28);
    for (let i = 0; i < 500; i++) {
      const hand = dealBaccarat(rng, 8);
      const [player, banker] = (/^Player (\d) – Banker (\d),/.exec(describePoints(hand)) ?? []).slice(1).map(Number);
      expect([player, banker]).toEqual([hand.playerTotal, hand.bankerTotal]);
    }
  });
});
