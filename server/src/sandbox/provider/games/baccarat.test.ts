import { describe, expect, it } from 'vitest';
import { type BaccaratHand, baccarat, baccaratBets, baccaratOdds, dealBaccarat } from './baccarat';
import { describePoints } from './points';
import { expectRejects, expectReplay, oneShotOf, scripted, seededRng } from './test-rng';

describe('baccarat family', () => {
  it('has the exact 8-deck returns and writes the banker bet as its RTP', () => {
    const bets = baccaratBets(8);
    expect(bets.banker?.rtp).toBeCloseTo(0.98942, 5);
    expect(bets.player?.rtp).toBeCloseTo(0.98765, 5);
    expect(bets.tie?.rtp).toBeCloseTo(0.8564, 5);
    expect(bets.playerPair?.rtp).toBeCloseTo((12 * 31) / 415, 10);
    for (const config of Object.values(baccarat.configs)) {
      const engine = baccarat.create(config);
      expect(engine.rtp).toBe((engine.rules as { bets: typeof bets }).bets.banker?.rtp);
    }
  });

  it('prices each table its own way: commission, No Commission (1:2 on a six) and Tie 9:1', () => {
    const rules = (config: string) =>
      baccarat.create(baccarat.configs[config] as (typeof baccarat.configs)[string]).rules as {
        bets: Record<string, { pays: number; rtp: number }>;
        bankerSixPays: number | null;
      };
    // The published 8-deck house edges: commission Banker 1.06%, No Commission Banker 1.46%, Tie 8:1
    // 14.36%, Tie 9:1 4.84% (Wizard of Odds, "Baccarat").
    expect(rules('classic').bets.banker).toMatchObject({ pays: 0.95 });
    expect(rules('classic').bankerSixPays).toBeNull();
    expect(rules('speed').bets.banker).toMatchObject({ pays: 1 });
    expect(rules('speed').bets.banker?.rtp).toBeCloseTo(0.98542, 5);
    expect(rules('speed').bankerSixPays).toBe(0.5);
    expect(rules('speed').bets.tie).toEqual(rules('classic').bets.tie);
    expect(rules('squeeze').bets.tie?.pays).toBe(9);
    expect(rules('squeeze').bets.tie?.rtp).toBeCloseTo(0.95156, 5);
    expect(rules('squeeze').bets.banker).toEqual(rules('classic').bets.banker);
    const sixes = baccaratOdds(8);
    // a Banker win on 6 is about 5.4% of hands: what No Commission keeps back
    expect(sixes.bankerSix).toBeCloseTo(0.0539, 3);
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

  /** The first seeded hand of one config that `wanted` accepts, played with these bets. */
  const first = (config: string, bets: Record<string, number>, wanted: (hand: BaccaratHand) => boolean) => {
    const engine = oneShotOf(baccarat, config);
    const params = engine.params.parse({ bets });
    for (let seed = 0; ; seed++) {
      const round = engine.play(seededRng(seed), params);
      if (wanted(round.outcome as BaccaratHand)) return round;
    }
  };
  const won = (winner: string) => (hand: BaccaratHand) => hand.winner === winner;

  it('pushes Player and Banker on a tie, pays the tie 8:1 and the banker 0.95:1 floored (classic)', () => {
    const bets = { player: 300, banker: 150, tie: 100 };
    expect(first('classic', bets, won('tie')).win).toBe(300 + 150 + 900);
    expect(first('classic', bets, won('banker')).win).toBe(150 + 142);
    expect(first('classic', bets, won('player')).win).toBe(600);
    // the commission table pays its 0.95:1 on a six as on any Banker win
    expect(first('classic', bets, (h) => h.winner === 'banker' && h.bankerTotal === 6).win).toBe(150 + 142);
  });

  it('pays Banker 1:1 without commission, and 1:2 on a winning six (speed: No Commission)', () => {
    const bets = { player: 300, banker: 200, tie: 100 };
    const six = (h: BaccaratHand) => h.winner === 'banker' && h.bankerTotal === 6;
    expect(first('speed', bets, (h) => h.winner === 'banker' && h.bankerTotal !== 6).win).toBe(400);
    expect(first('speed', bets, six).win).toBe(200 + 100);
    expect(first('speed', bets, six).outcome).toMatchObject({ returns: { banker: 300, player: 0, tie: 0 } });
    expect(first('speed', bets, won('tie')).win).toBe(300 + 200 + 900);
    expect(first('speed', bets, won('player')).win).toBe(600);
  });

  it('pays the Tie 9:1 and keeps the commission (squeeze)', () => {
    const bets = { player: 300, banker: 150, tie: 100 };
    expect(first('squeeze', bets, won('tie')).win).toBe(300 + 150 + 1000);
    expect(first('squeeze', bets, won('banker')).win).toBe(150 + 142);
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
