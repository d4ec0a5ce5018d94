import { type Rng, weighted } from './rng';

/**
 * "Lucky Lanterns": 5 reels x 3 rows, 10 fixed paylines, left-to-right wins of 3 to 5, WILD substitutes.
 * Every cell is drawn independently from the symbol weights (a virtual reel), so the return to player is
 * computed exactly by `slotTheoreticalRtp` and checked against a million simulated rounds by scripts/rtp.ts.
 */
export const SLOT_SYMBOLS = ['WILD', 'SEVEN', 'DIAMOND', 'BAR', 'BELL', 'A', 'K', 'Q'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

const WEIGHTS = [3, 4, 5, 6, 8, 10, 12, 14] as const;
const TOTAL_WEIGHT = WEIGHTS.reduce((a, b) => a + b, 0);

/** Pays per line bet for 3, 4 and 5 of a kind. Five WILDs pay the WILD line. */
export const SLOT_PAYTABLE: Record<SlotSymbol, readonly [number, number, number]> = {
  WILD: [100, 500, 2500],
  SEVEN: [50, 250, 1000],
  DIAMOND: [30, 120, 500],
  BAR: [20, 80, 300],
  BELL: [13, 50, 200],
  A: [9, 25, 100],
  K: [6, 18, 70],
  Q: [5, 12, 50],
};

/** The written return to player (exact, see slotTheoreticalRtp): 96.55%. */
export const SLOT_RTP = 0.9655;

/** Rows (0 top, 1 middle, 2 bottom) of each reel, per payline. */
export const SLOT_PAYLINES: readonly (readonly [number, number, number, number, number])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
];
export const SLOT_LINES = SLOT_PAYLINES.length;

export interface LineWin {
  line: number;
  symbol: SlotSymbol;
  count: number;
  /** Multiple of the line bet. */
  pays: number;
}

/** What one line pays, in line bets: the longest left run of one symbol, WILD standing in for any. */
export function evaluateLine(
  symbols: readonly SlotSymbol[],
): { symbol: SlotSymbol; count: number; pays: number } | null {
  const target = symbols.find((s) => s !== 'WILD') ?? 'WILD';
  let count = 0;
  for (const s of symbols) {
    if (s === target || s === 'WILD') count++;
    else break;
  }
  // A run that starts with wilds may pay more as wilds alone.
  let wildRun = 0;
  for (const s of symbols) {
    if (s === 'WILD') wildRun++;
    else break;
  }
  const pay = (symbol: SlotSymbol, n: number) => (n >= 3 ? (SLOT_PAYTABLE[symbol][n - 3] as number) : 0);
  const best: { symbol: SlotSymbol; count: number } =
    pay(target, count) >= pay('WILD', wildRun) ? { symbol: target, count } : { symbol: 'WILD', count: wildRun };
  const pays = pay(best.symbol, best.count);
  return pays > 0 ? { ...best, pays } : null;
}

export interface SlotSpin {
  /** reels[reel][row] */
  reels: SlotSymbol[][];
  wins: LineWin[];
  /** Total multiple of the line bet. */
  totalLinePays: number;
}

export function spinSlot(rng: Rng): SlotSpin {
  const reels = Array.from({ length: 5 }, () =>
    Array.from({ length: 3 }, () => SLOT_SYMBOLS[weighted(rng, WEIGHTS, TOTAL_WEIGHT)] as SlotSymbol),
  );
  const wins: LineWin[] = [];
  SLOT_PAYLINES.forEach((rows, line) => {
    const win = evaluateLine(rows.map((row, reel) => reels[reel]?.[row] as SlotSymbol));
    if (win) wins.push({ line: line + 1, ...win });
  });
  return { reels, wins, totalLinePays: wins.reduce((sum, w) => sum + w.pays, 0) };
}

/** Win in centavos for a total bet in centavos (split evenly over the lines). */
export const slotWin = (totalBet: number, spin: SlotSpin) => Math.floor((totalBet * spin.totalLinePays) / SLOT_LINES);

/**
 * The exact return to player: cells are independent, so every line has the same distribution and the RTP
 * is the expected line pay (in line bets) over all 10^5 symbol combinations of one line.
 */
export function slotTheoreticalRtp(): number {
  const n = SLOT_SYMBOLS.length;
  let expected = 0;
  const line: SlotSymbol[] = new Array(5);
  const walk = (position: number, probability: number) => {
    if (position === 5) {
      expected += probability * (evaluateLine(line)?.pays ?? 0);
      return;
    }
    for (let i = 0; i < n; i++) {
      line[position] = SLOT_SYMBOLS[i] as SlotSymbol;
      walk(position + 1, probability * ((WEIGHTS[i] as number) / TOTAL_WEIGHT));
    }
  };
  walk(0, 1);
  return expected;
}
