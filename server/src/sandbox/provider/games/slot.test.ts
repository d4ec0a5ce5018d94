import { describe, expect, it } from 'vitest';
import { SLOT_CONFIGS, type SlotConfig, slotEngine, slotRtp, spinRound } from './slot';
import { scripted, seeded } from './test-rng';

/** The weighted() tickets that draw these symbols, cell by cell (reel by reel, top row first). */
function tickets(c: SlotConfig, grid: string[][]): number[] {
  return grid.flatMap((column, reel) =>
    column.map((id) => {
      const s = c.symbols.findIndex((x) => x.id === id);
      const w = c.weights[reel] as readonly number[];
      if (s < 0 || (w[s] ?? 0) === 0) throw new Error(`${id} is not on reel ${reel}`);
      return w.slice(0, s).reduce((a, b) => a + b, 0);
    }),
  );
}
const column = (...ids: string[]) => ids;

describe('slot studio configurations', () => {
  const configs = Object.entries(SLOT_CONFIGS) as [string, SlotConfig][];

  it('ships at least 12 distinct configurations with their own names and symbols', () => {
    expect(configs.length).toBeGreaterThanOrEqual(12);
    expect(new Set(configs.map(([, c]) => c.name)).size).toBe(configs.length);
    const symbolSets = configs.map(([, c]) => c.symbols.map((s) => s.name[0]).join('|'));
    expect(new Set(symbolSets).size).toBe(configs.length);
    const layouts = new Set(configs.map(([, c]) => `${c.reels}x${c.rows}${c.lines ? 'l' : 'w'}`));
    for (const layout of ['5x3l', '5x4l', '6x4w', '3x3l', '5x3w', '5x4w']) expect(layouts).toContain(layout);
  });

  it('has well-formed reels, lines and paytables', () => {
    for (const [, c] of configs) {
      expect(c.weights).toHaveLength(c.reels);
      for (const w of c.weights) expect(w).toHaveLength(c.symbols.length);
      for (const line of c.lines ?? []) {
        expect(line).toHaveLength(c.reels);
        for (const row of line) expect(row).toBeLessThan(c.rows);
      }
      if (c.lines) expect(c.coins).toBe(c.lines.length);
      expect(c.symbols.filter((s) => s.kind === 'wild').length).toBeLessThanOrEqual(1);
      expect(new Set(c.symbols.map((s) => s.id)).size).toBe(c.symbols.length);
    }
  });

  it('writes the exact RTP of every configuration', () => {
    for (const [, c] of configs) {
      expect(slotRtp(c)).toBeCloseTo(c.rtp, 4);
      expect(c.rtp).toBeGreaterThan(0.94);
      expect(c.rtp).toBeLessThan(0.97);
    }
  });

  it('measures close to the exact RTP (Neon 7s, 100,000 seeded spins)', () => {
    const c = SLOT_CONFIGS.neon;
    const rng = seeded(2026);
    let coins = 0;
    const rounds = 100_000;
    for (let i = 0; i < rounds; i++) coins += spinRound(c, rng).coins;
    // Per-spin standard deviation is about 2.5 total bets: 4 standard errors is 3.2 points.
    expect(Math.abs(coins / c.coins / rounds - c.rtp)).toBeLessThan(0.032);
  });
});

describe('slot rounds', () => {
  it('pays lines left to right with the WILD standing in (Lucky Lanterns)', () => {
    const c = SLOT_CONFIGS.lanterns;
    const engine = slotEngine(c);
    const grid = Array.from({ length: 5 }, () => column('Q', 'SEVEN', 'K'));
    grid[2] = column('Q', 'WILD', 'K');
    const round = engine.play(scripted(tickets(c, grid)), { stake: 1000 });
    // Middle 5x SEVEN (1000), top 5x Q (50), bottom 5x K (70), and the WILD completes Q Q W (5) on line 6
    // and K K W (6) on line 7: 1131 coins of a 10-coin bet.
    expect(round.outcome).toMatchObject({ coins: 1131, freeSpins: null, bonus: null });
    expect(round.win).toBe(113_100);
    expect(round.result).toBe('5 wins, best 5x Seven on line 1');
  });

  it('pays ways: symbols on adjacent reels from the left, multiplied by the ways (Jeepney Joyride)', () => {
    const c = SLOT_CONFIGS.jeepney;
    const grid = [
      column('HORSE', 'J', 'J'),
      column('HORSE', 'WILD', 'J'),
      column('HORSE', 'J', 'J'),
      column('J', 'J', 'J'),
      column('J', 'J', 'J'),
    ];
    const { base } = spinRound(c, scripted(tickets(c, grid)));
    // HORSE 3 reels x 2 ways x 20 = 40; J 5 reels x (2*2*2*3*3 = 72 ways) x 15 = 1080.
    expect(base.wins.map((w) => [w.symbol, w.count, w.ways, w.coins])).toEqual([
      ['HORSE', 3, 2, 40],
      ['J', 5, 72, 1080],
    ]);
    expect(base.coins).toBe(1120);
  });

  it('plays free spins out inside the round with the multiplier (Fiesta Reels)', () => {
    const c = SLOT_CONFIGS.fiesta;
    const grid = [
      column('PAROL', 'A', 'K'),
      column('PAROL', 'Q', 'A'),
      column('PAROL', 'K', 'Q'),
      column('A', 'K', 'Q'),
      column('Q', 'A', 'K'),
    ];
    const filler = tickets(c, [column('J')])[0] as number;
    const outcome = spinRound(c, scripted(tickets(c, grid), [], filler));
    expect(outcome.base).toMatchObject({ scatters: 3, scatterCoins: 40, coins: 40 });
    expect(outcome.freeSpins?.multiplier).toBe(2);
    expect(outcome.freeSpins?.spins).toHaveLength(8);
    // Every free spin is all J: 20 lines x 5x J (30) x 2 = 1200.
    for (const spin of outcome.freeSpins?.spins ?? []) expect(spin.coins).toBe(1200);
    expect(outcome.coins).toBe(40 + 8 * 1200);
    expect(slotEngine(c).play(scripted(tickets(c, grid), [], filler), { stake: 2000 }).win).toBe(
      Math.floor((2000 * (40 + 9600)) / 20),
    );
  });

  it('opens the pick bonus on three bonus symbols and adds the picked prizes (Fiesta Reels)', () => {
    const c = SLOT_CONFIGS.fiesta;
    const grid = [
      column('PINATA', 'A', 'K'),
      column('K', 'Q', 'A'),
      column('PINATA', 'K', 'Q'),
      column('A', 'K', 'Q'),
      column('PINATA', 'A', 'K'),
    ];
    // Prize tickets over weights 40/30/20/8/2: 0 -> 2x, 40 -> 5x, 98 -> 100x.
    const outcome = spinRound(c, scripted([...tickets(c, grid), 0, 40, 98]));
    expect(outcome.bonus).toEqual({ type: 'pick', prizes: [2, 5, 100], coins: 107 * 20 });
    expect(outcome.coins).toBe(outcome.base.coins + 2140);
  });

  it('replays a round exactly from the same seed', () => {
    for (const c of Object.values(SLOT_CONFIGS) as SlotConfig[]) {
      const engine = slotEngine(c);
      const first = engine.play(seeded(99), { stake: 500 });
      expect(engine.play(seeded(99), { stake: 500 })).toEqual(first);
      const o = first.outcome as ReturnType<typeof spinRound>;
      const spins = o.freeSpins?.spins.reduce((sum, s) => sum + s.coins, 0) ?? 0;
      expect(o.coins).toBe(o.base.coins + spins + (o.bonus?.coins ?? 0));
      expect(first.win).toBe(Math.floor((500 * o.coins) / c.coins));
    }
  });

  it('refuses a stake outside the limits or an unknown field', () => {
    const engine = slotEngine(SLOT_CONFIGS.aurora);
    expect(engine.params.safeParse({ stake: 100 }).success).toBe(true);
    expect(engine.params.safeParse({ stake: 99 }).success).toBe(false);
    expect(engine.params.safeParse({ stake: 500_001 }).success).toBe(false);
    expect(engine.params.safeParse({ stake: 1000, lines: 5 }).success).toBe(false);
  });
});
