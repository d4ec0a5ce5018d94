import { z } from 'zod';
import type { EngineFamily, OneShotEngine } from './kinds';
import { type Rng, weighted } from './rng';
import { stakeSchema } from './stake';

/*
 * The slot studio: one engine configured by data. Configurations (SLOT_CONFIGS), for titles to map to:
 *   lanterns   Lucky Lanterns     5x3, 10 lines, classic (no features), WILD pays
 *   fiesta     Fiesta Reels       5x3, 20 lines, free spins x2, pick-a-prize bonus
 *   jeepney    Jeepney Joyride    5x3, 243 ways, free spins x3
 *   sampaguita Sampaguita Bloom   5x4, 40 lines, free spins x2, wheel bonus
 *   jade       Jade Emperor       5x3, 25 lines, wheel bonus
 *   aurora     Aurora Nights      6x4, 4096 ways, free spins x2
 *   neon       Neon 7s            3x3, 5 lines, classic
 *   pearl      Ocean Pearl        5x4, 1024 ways, free spins x2, pick bonus
 *   dragon     Golden Dragon      5x3, 243 ways, wheel bonus, free spins x2
 *   terraces   Rice Terraces      5x3, 20 lines, free spins x3
 *   pharaoh    Desert Gold        5x3, 10 lines, free spins x3 (high volatility)
 *   candy      Sugar Rush         6x4, 4096 ways, free spins x2, pick bonus
 *   fruits     Hot Fruits         3x3, 5 lines, classic
 *   safari     Safari Sunset      5x4, 1024 ways, free spins x2
 *   island     Island Treasure    5x3, 25 lines, free spins x3, pick bonus
 *   mahjong    Mahjong Fortune    5x4, 40 lines, wheel bonus
 *
 * Every cell is drawn independently from its reel's weights (a weighted virtual reel), so the return to
 * player is computed exactly by `slotRtp` (base game, scatter pays, free spins and bonus); free spins are
 * played out inside the one round (no retrigger) and the page shows them as a sequence.
 */

export type SymbolKind = 'wild' | 'scatter' | 'bonus' | 'pay';

export interface SlotSymbol {
  id: string;
  kind: SymbolKind;
  /** English and Vietnamese names for the paytable. */
  name: readonly [string, string];
  /** The page's drawing: a shape from its art set, a short glyph (letters or digits) and a colour. */
  art: { shape: string; glyph: string; color: string };
  /**
   * By count of a kind. A pay or wild symbol pays coins per line (lines) or per way (ways); a scatter pays
   * total bets anywhere on the screen.
   */
  pays: Readonly<Record<number, number>>;
}

export interface SlotConfig {
  name: string;
  /** Page look: background gradient and accent colours. */
  theme: { key: string; colors: readonly [string, string, string] };
  reels: number;
  rows: number;
  /** Fixed paylines (the row of each reel); absent for ways (every left-to-right run of adjacent reels). */
  lines?: readonly (readonly number[])[];
  /** The total bet is this many coins; line and way pays are in coins. */
  coins: number;
  symbols: readonly SlotSymbol[];
  /** weights[reel][symbol]: each cell of a reel is drawn from these. */
  weights: readonly (readonly number[])[];
  /** Scatters anywhere: count -> free spins (the highest count listed applies above it), all pays x multiplier. */
  freeSpins?: { spins: Readonly<Record<number, number>>; multiplier: number };
  /** `trigger` bonus symbols anywhere open the bonus: a wheel spin or `picks` picks, prizes in total bets. */
  bonus?: { type: 'pick' | 'wheel'; trigger: number; picks: number; prizes: readonly { x: number; weight: number }[] };
  /** The written RTP (exact, see slotRtp; a test holds them equal). */
  rtp: number;
}

export interface SlotWin {
  /** 1-based payline, or 0 for ways. */
  line: number;
  symbol: string;
  count: number;
  /** Ways counted (1 on a line). */
  ways: number;
  coins: number;
  /** [reel, row] of the cells that make the win. */
  cells: [number, number][];
}

export interface SlotScreen {
  /** grid[reel][row]: symbol ids. */
  grid: string[][];
  wins: SlotWin[];
  scatters: number;
  /** Scatter pay in coins. */
  scatterCoins: number;
  bonusSymbols: number;
  /** All this screen pays in coins (multiplier applied). */
  coins: number;
}

export interface SlotOutcome {
  base: SlotScreen;
  freeSpins: { multiplier: number; spins: SlotScreen[] } | null;
  bonus: { type: 'pick' | 'wheel'; prizes: number[]; coins: number } | null;
  /** Total coins won; the win is stake x coins / config.coins. */
  coins: number;
}

const sym = (
  id: string,
  kind: SymbolKind,
  name: readonly [string, string],
  shape: string,
  glyph: string,
  color: string,
  pays: Record<number, number> = {},
): SlotSymbol => ({ id, kind, name, art: { shape, glyph, color }, pays });

/** The same weights on every reel, with some symbols only on some reels ({ symbolIndex: [reels] }). */
const reelsOf = (reels: number, weights: number[], only: Record<number, number[]> = {}) =>
  Array.from({ length: reels }, (_, reel) => weights.map((w, s) => (only[s] && !only[s]?.includes(reel) ? 0 : w)));

/** 25 paylines of a 5x3 screen (the first 10 and 20 are the usual smaller sets). */
const LINES_5X3 = [
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
  [2, 1, 1, 1, 2],
  [1, 0, 1, 0, 1],
  [1, 2, 1, 2, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [1, 0, 2, 0, 1],
  [1, 2, 0, 2, 1],
  [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2],
] as const;

/** 40 paylines of a 5x4 screen: the four rows, then the 5x3 shapes on the top and bottom three rows. */
const LINES_5X4 = (() => {
  const seen = new Set<string>();
  const out: number[][] = [];
  const add = (line: number[]) => {
    const key = line.join('');
    if (!seen.has(key) && out.length < 40) {
      seen.add(key);
      out.push(line);
    }
  };
  for (const row of [0, 1, 2, 3]) add([row, row, row, row, row]);
  for (const line of LINES_5X3) {
    add([...line]);
    add(line.map((r) => r + 1));
  }
  return out;
})();

const LINES_3X3 = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
] as const;

// Card ranks shared by several configs (each config colours them its own way).
const ranks = (colors: [string, string, string, string], pays: Record<number, number>[]) =>
  (['A', 'K', 'Q', 'J'] as const).map((r, i) =>
    sym(
      r,
      'pay',
      [
        ({ A: 'Ace', K: 'King', Q: 'Queen', J: 'Jack' } as const)[r],
        ({ A: 'Át', K: 'Già', Q: 'Đầm', J: 'Bồi' } as const)[r],
      ],
      'card',
      r,
      colors[i] as string,
      pays[i],
    ),
  );

export const SLOT_CONFIGS = {
  lanterns: {
    name: 'Lucky Lanterns',
    theme: { key: 'lanterns', colors: ['#5b0f16', '#a3171f', '#ffcf4a'] },
    reels: 5,
    rows: 3,
    lines: LINES_5X3.slice(0, 10),
    coins: 10,
    symbols: [
      sym('WILD', 'wild', ['Lantern (WILD)', 'Đèn lồng (WILD)'], 'lantern', 'WILD', '#e8232f', {
        3: 100,
        4: 500,
        5: 2500,
      }),
      sym('SEVEN', 'pay', ['Seven', 'Số bảy'], 'circle', '7', '#d81b60', { 3: 50, 4: 250, 5: 1000 }),
      sym('DIAMOND', 'pay', ['Diamond', 'Kim cương'], 'gem', '', '#29b6f6', { 3: 30, 4: 120, 5: 500 }),
      sym('BAR', 'pay', ['Bar', 'Bar'], 'bar', 'BAR', '#6d4c41', { 3: 20, 4: 80, 5: 300 }),
      sym('BELL', 'pay', ['Bell', 'Chuông'], 'bell', '', '#fbc02d', { 3: 13, 4: 50, 5: 200 }),
      ...ranks(
        ['#e53935', '#8e24aa', '#1e88e5', '#43a047'],
        [
          { 3: 9, 4: 25, 5: 100 },
          { 3: 6, 4: 18, 5: 70 },
          { 3: 5, 4: 12, 5: 50 },
        ],
      ).slice(0, 3),
    ],
    weights: reelsOf(5, [3, 4, 5, 6, 8, 10, 12, 14]),
    rtp: 0.9655,
  },
  fiesta: {
    name: 'Fiesta Reels',
    theme: { key: 'fiesta', colors: ['#3a0ca3', '#f72585', '#ffd60a'] },
    reels: 5,
    rows: 3,
    lines: LINES_5X3.slice(0, 20),
    coins: 20,
    symbols: [
      sym('WILD', 'wild', ['Banderitas (WILD)', 'Cờ lễ hội (WILD)'], 'star', 'WILD', '#f72585', {
        3: 50,
        4: 200,
        5: 1000,
      }),
      sym('PAROL', 'scatter', ['Parol (free spins)', 'Đèn sao (quay miễn phí)'], 'sun', 'FREE', '#ffd60a', {
        3: 2,
        4: 10,
        5: 50,
      }),
      sym('PINATA', 'bonus', ['Piñata (bonus)', 'Piñata (thưởng)'], 'heart', 'BONUS', '#4cc9f0'),
      sym('LECHON', 'pay', ['Lechon', 'Heo quay'], 'circle', 'L', '#e85d04', { 3: 25, 4: 100, 5: 400 }),
      sym('DRUM', 'pay', ['Drum', 'Trống'], 'hex', 'D', '#7209b7', { 3: 20, 4: 75, 5: 250 }),
      sym('GUITAR', 'pay', ['Guitar', 'Đàn ghi-ta'], 'drop', 'G', '#06d6a0', { 3: 15, 4: 50, 5: 150 }),
      sym('HAT', 'pay', ['Salakot hat', 'Nón salakot'], 'crown', 'H', '#ffb703', { 3: 10, 4: 30, 5: 100 }),
      ...ranks(
        ['#ef476f', '#118ab2', '#8338ec', '#2a9d8f'],
        [
          { 3: 5, 4: 15, 5: 60 },
          { 3: 5, 4: 12, 5: 50 },
          { 3: 4, 4: 10, 5: 40 },
          { 3: 3, 4: 8, 5: 30 },
        ],
      ),
    ],
    weights: reelsOf(5, [6, 9, 12, 10, 13, 15, 18, 23, 25, 28, 33], { 2: [0, 2, 4] }),
    freeSpins: { spins: { 3: 8, 4: 12, 5: 20 }, multiplier: 2 },
    bonus: {
      type: 'pick',
      trigger: 3,
      picks: 3,
      prizes: [
        { x: 2, weight: 40 },
        { x: 5, weight: 30 },
        { x: 10, weight: 20 },
        { x: 25, weight: 8 },
        { x: 100, weight: 2 },
      ],
    },
    rtp: 0.9647,
  },
  jeepney: {
    name: 'Jeepney Joyride',
    theme: { key: 'jeepney', colors: ['#1b4332', '#2d6a4f', '#f4a261'] },
    reels: 5,
    rows: 3,
    coins: 25,
    symbols: [
      sym('WILD', 'wild', ['Jeepney (WILD)', 'Xe jeepney (WILD)'], 'shield', 'WILD', '#e63946'),
      sym('SIGN', 'scatter', ['Route sign (free spins)', 'Biển tuyến (quay miễn phí)'], 'hex', 'FREE', '#ffd166', {
        3: 2,
        4: 8,
        5: 40,
      }),
      sym('HORSE', 'pay', ['Chrome horse', 'Ngựa mạ crôm'], 'star', 'H', '#adb5bd', { 3: 20, 4: 60, 5: 200 }),
      sym('HORN', 'pay', ['Horn', 'Còi xe'], 'bell', '', '#f4a261', { 3: 15, 4: 40, 5: 120 }),
      sym('MIRROR', 'pay', ['Mirror', 'Gương'], 'circle', 'M', '#48cae4', { 3: 10, 4: 25, 5: 80 }),
      sym('FARE', 'pay', ['Fare coins', 'Tiền vé'], 'coin', '₱', '#e9c46a', { 3: 8, 4: 20, 5: 60 }),
      ...ranks(
        ['#e76f51', '#2a9d8f', '#8ecae6', '#b5838d'],
        [
          { 3: 5, 4: 10, 5: 30 },
          { 3: 4, 4: 8, 5: 25 },
          { 3: 3, 4: 6, 5: 20 },
          { 3: 2, 4: 5, 5: 15 },
        ],
      ),
    ],
    weights: reelsOf(5, [6, 6, 7, 9, 11, 13, 18, 20, 22, 29], { 0: [1, 2, 3, 4] }),
    freeSpins: { spins: { 3: 10, 4: 15, 5: 20 }, multiplier: 3 },
    rtp: 0.9655,
  },
  sampaguita: {
    name: 'Sampaguita Bloom',
    theme: { key: 'sampaguita', colors: ['#0b3d2e', '#1f7a57', '#f1faee'] },
    reels: 5,
    rows: 4,
    lines: LINES_5X4,
    coins: 40,
    symbols: [
      sym('WILD', 'wild', ['Sampaguita (WILD)', 'Hoa nhài (WILD)'], 'flower', 'WILD', '#f8f9fa', {
        3: 40,
        4: 150,
        5: 750,
      }),
      sym('BUTTERFLY', 'scatter', ['Butterfly (free spins)', 'Bươm bướm (quay miễn phí)'], 'heart', 'FREE', '#ff70a6', {
        3: 2,
        4: 10,
        5: 50,
      }),
      sym('GARLAND', 'bonus', ['Garland (wheel bonus)', 'Vòng hoa (vòng quay thưởng)'], 'coin', 'BONUS', '#ffd670'),
      sym('BEE', 'pay', ['Bee', 'Con ong'], 'hex', 'B', '#ffb703', { 3: 20, 4: 80, 5: 300 }),
      sym('LEAF', 'pay', ['Leaf', 'Lá'], 'leaf', '', '#52b788', { 3: 15, 4: 50, 5: 200 }),
      sym('DEW', 'pay', ['Dewdrop', 'Giọt sương'], 'drop', '', '#90e0ef', { 3: 10, 4: 30, 5: 120 }),
      ...ranks(
        ['#e5989b', '#b5838d', '#6d6875', '#ffb4a2'],
        [
          { 3: 5, 4: 15, 5: 60 },
          { 3: 4, 4: 12, 5: 50 },
          { 3: 3, 4: 10, 5: 40 },
          { 3: 2, 4: 8, 5: 30 },
        ],
      ),
    ],
    weights: reelsOf(5, [6, 6, 9, 11, 14, 17, 25, 28, 31, 44], { 2: [0, 2, 4] }),
    freeSpins: { spins: { 3: 10, 4: 15, 5: 25 }, multiplier: 2 },
    bonus: {
      type: 'wheel',
      trigger: 3,
      picks: 1,
      prizes: [
        { x: 5, weight: 30 },
        { x: 10, weight: 25 },
        { x: 15, weight: 20 },
        { x: 25, weight: 12 },
        { x: 50, weight: 8 },
        { x: 100, weight: 4 },
        { x: 500, weight: 1 },
      ],
    },
    rtp: 0.9626,
  },
  jade: {
    name: 'Jade Emperor',
    theme: { key: 'jade', colors: ['#013220', '#0f5132', '#d4af37'] },
    reels: 5,
    rows: 3,
    lines: LINES_5X3,
    coins: 25,
    symbols: [
      sym('WILD', 'wild', ['Emperor (WILD)', 'Hoàng đế (WILD)'], 'crown', 'WILD', '#d4af37', {
        3: 50,
        4: 250,
        5: 1000,
      }),
      sym('GONG', 'bonus', ['Gong (wheel bonus)', 'Cồng (vòng quay thưởng)'], 'coin', 'BONUS', '#c9184a'),
      sym('JADE', 'pay', ['Jade disc', 'Đĩa ngọc'], 'circle', '玉', '#2dc653', { 3: 30, 4: 120, 5: 500 }),
      sym('INGOT', 'pay', ['Gold ingot', 'Thỏi vàng'], 'bar', '', '#ffc300', { 3: 20, 4: 80, 5: 300 }),
      sym('FAN', 'pay', ['Fan', 'Quạt'], 'shield', 'F', '#e85d75', { 3: 15, 4: 50, 5: 150 }),
      sym('KOI', 'pay', ['Koi', 'Cá chép'], 'fish', '', '#ff7b00', { 3: 10, 4: 30, 5: 100 }),
      ...ranks(
        ['#80ed99', '#57cc99', '#38a3a5', '#22577a'],
        [
          { 3: 5, 4: 15, 5: 50 },
          { 3: 4, 4: 12, 5: 40 },
          { 3: 3, 4: 10, 5: 30 },
          { 3: 2, 4: 8, 5: 25 },
        ],
      ),
    ],
    weights: reelsOf(5, [6, 9, 6, 8, 10, 12, 16, 18, 20, 29], { 1: [0, 2, 4] }),
    bonus: {
      type: 'wheel',
      trigger: 3,
      picks: 1,
      prizes: [
        { x: 8, weight: 30 },
        { x: 12, weight: 25 },
        { x: 20, weight: 20 },
        { x: 30, weight: 12 },
        { x: 60, weight: 8 },
        { x: 150, weight: 4 },
        { x: 888, weight: 1 },
      ],
    },
    rtp: 0.9616,
  },
  aurora: {
    name: 'Aurora Nights',
    theme: { key: 'aurora', colors: ['#03071e', '#240046', '#72efdd'] },
    reels: 6,
    rows: 4,
    coins: 20,
    symbols: [
      sym('WILD', 'wild', ['Aurora (WILD)', 'Cực quang (WILD)'], 'wave', 'WILD', '#72efdd'),
      sym('MOON', 'scatter', ['Moon (free spins)', 'Mặt trăng (quay miễn phí)'], 'moon', 'FREE', '#fefae0', {
        3: 1,
        4: 5,
        5: 20,
        6: 100,
      }),
      sym('WOLF', 'pay', ['Wolf', 'Sói'], 'shield', 'W', '#adb5bd', { 3: 3, 4: 8, 5: 25, 6: 100 }),
      sym('OWL', 'pay', ['Owl', 'Cú'], 'circle', 'O', '#b8c0ff', { 3: 2, 4: 6, 5: 15, 6: 60 }),
      sym('FOX', 'pay', ['Fox', 'Cáo'], 'star', 'F', '#ff9e00', { 3: 2, 4: 5, 5: 10, 6: 40 }),
      sym('STAR', 'pay', ['Star', 'Ngôi sao'], 'star', '', '#ffd60a', { 3: 1, 4: 3, 5: 8, 6: 25 }),
      ...ranks(
        ['#7400b8', '#5e60ce', '#4ea8de', '#56cfe1'],
        [
          { 3: 1, 4: 2, 5: 5, 6: 15 },
          { 3: 1, 4: 2, 5: 4, 6: 12 },
          { 3: 1, 4: 1, 5: 3, 6: 10 },
          { 3: 1, 4: 1, 5: 2, 6: 8 },
        ],
      ),
    ],
    weights: reelsOf(6, [6, 6, 13, 17, 20, 23, 30, 33, 36, 51], { 0: [1, 2, 3, 4, 5] }),
    freeSpins: { spins: { 3: 8, 4: 12, 5: 15, 6: 20 }, multiplier: 2 },
    rtp: 0.9599,
  },
  neon: {
    name: 'Neon 7s',
    theme: { key: 'neon', colors: ['#10002b', '#3c096c', '#ff00ff'] },
    reels: 3,
    rows: 3,
    lines: LINES_3X3,
    coins: 5,
    symbols: [
      sym('WILD', 'wild', ['Neon WILD', 'WILD neon'], 'bolt', 'WILD', '#ff00ff', { 3: 200 }),
      sym('SEVEN', 'pay', ['Red seven', 'Số bảy đỏ'], 'circle', '7', '#ff0054', { 3: 100 }),
      sym('BAR3', 'pay', ['Triple bar', 'Ba vạch'], 'bar', '≡', '#00f5d4', { 3: 40 }),
      sym('BAR', 'pay', ['Bar', 'Vạch'], 'bar', 'BAR', '#00bbf9', { 3: 20 }),
      sym('BELL', 'pay', ['Bell', 'Chuông'], 'bell', '', '#fee440', { 3: 12 }),
      sym('CHERRY', 'pay', ['Cherry', 'Anh đào'], 'heart', '', '#f15bb5', { 3: 6 }),
    ],
    weights: reelsOf(3, [3, 12, 19, 25, 31, 43]),
    rtp: 0.9601,
  },
  pearl: {
    name: 'Ocean Pearl',
    theme: { key: 'pearl', colors: ['#012a4a', '#01497c', '#a9d6e5'] },
    reels: 5,
    rows: 4,
    coins: 25,
    symbols: [
      sym('WILD', 'wild', ['Pearl (WILD)', 'Ngọc trai (WILD)'], 'circle', 'WILD', '#f8f9fa'),
      sym('SHELL', 'scatter', ['Shell (free spins)', 'Vỏ sò (quay miễn phí)'], 'shell', 'FREE', '#ffafcc', {
        3: 2,
        4: 10,
        5: 50,
      }),
      sym('CHEST', 'bonus', ['Treasure chest (bonus)', 'Rương báu (thưởng)'], 'shield', 'BONUS', '#bc6c25'),
      sym('TURTLE', 'pay', ['Turtle', 'Rùa biển'], 'hex', 'T', '#52b788', { 3: 10, 4: 30, 5: 100 }),
      sym('DOLPHIN', 'pay', ['Dolphin', 'Cá heo'], 'wave', 'D', '#4cc9f0', { 3: 8, 4: 20, 5: 80 }),
      sym('FISH', 'pay', ['Angelfish', 'Cá thần tiên'], 'fish', '', '#ffb703', { 3: 5, 4: 15, 5: 50 }),
      ...ranks(
        ['#90e0ef', '#00b4d8', '#0077b6', '#caf0f8'],
        [
          { 3: 3, 4: 8, 5: 25 },
          { 3: 2, 4: 6, 5: 20 },
          { 3: 2, 4: 5, 5: 15 },
          { 3: 1, 4: 4, 5: 10 },
        ],
      ),
    ],
    weights: reelsOf(5, [6, 6, 9, 37, 46, 55, 74, 83, 92, 110], { 0: [1, 2, 3, 4], 2: [0, 2, 4] }),
    freeSpins: { spins: { 3: 10, 4: 15, 5: 20 }, multiplier: 2 },
    bonus: {
      type: 'pick',
      trigger: 3,
      picks: 3,
      prizes: [
        { x: 2, weight: 40 },
        { x: 4, weight: 30 },
        { x: 8, weight: 20 },
        { x: 20, weight: 8 },
        { x: 75, weight: 2 },
      ],
    },
    rtp: 0.9601,
  },
  dragon: {
    name: 'Golden Dragon',
    theme: { key: 'dragon', colors: ['#370617', '#9d0208', '#ffba08'] },
    reels: 5,
    rows: 3,
    coins: 25,
    symbols: [
      sym('WILD', 'wild', ['Dragon (WILD)', 'Rồng (WILD)'], 'shield', 'WILD', '#ffba08'),
      sym('PEARL', 'scatter', ['Flaming pearl (free spins)', 'Ngọc lửa (quay miễn phí)'], 'sun', 'FREE', '#f48c06', {
        3: 2,
        4: 10,
        5: 50,
      }),
      sym(
        'ENVELOPE',
        'bonus',
        ['Red envelope (wheel bonus)', 'Bao lì xì (vòng quay thưởng)'],
        'bar',
        'BONUS',
        '#d00000',
      ),
      sym('TIGER', 'pay', ['Tiger', 'Hổ'], 'star', 'T', '#e85d04', { 3: 20, 4: 60, 5: 200 }),
      sym('COIN', 'pay', ['Gold coin', 'Đồng vàng'], 'coin', '福', '#ffd000', { 3: 15, 4: 40, 5: 120 }),
      sym('LOTUS', 'pay', ['Lotus', 'Hoa sen'], 'flower', '', '#ff8fab', { 3: 10, 4: 25, 5: 80 }),
      ...ranks(
        ['#f48c06', '#dc2f02', '#6a040f', '#e85d04'],
        [
          { 3: 5, 4: 10, 5: 30 },
          { 3: 4, 4: 8, 5: 25 },
          { 3: 3, 4: 6, 5: 20 },
          { 3: 2, 4: 5, 5: 15 },
        ],
      ),
    ],
    weights: reelsOf(5, [6, 6, 9, 12, 15, 18, 24, 27, 30, 33], { 0: [1, 2, 3, 4], 2: [0, 2, 4] }),
    freeSpins: { spins: { 3: 8, 4: 12, 5: 18 }, multiplier: 2 },
    bonus: {
      type: 'wheel',
      trigger: 3,
      picks: 1,
      prizes: [
        { x: 8, weight: 30 },
        { x: 18, weight: 25 },
        { x: 28, weight: 20 },
        { x: 38, weight: 12 },
        { x: 88, weight: 8 },
        { x: 188, weight: 4 },
        { x: 888, weight: 1 },
      ],
    },
    rtp: 0.9588,
  },
  terraces: {
    name: 'Rice Terraces',
    theme: { key: 'terraces', colors: ['#283618', '#606c38', '#dda15e'] },
    reels: 5,
    rows: 3,
    lines: LINES_5X3.slice(0, 20),
    coins: 20,
    symbols: [
      sym('WILD', 'wild', ['Carabao (WILD)', 'Trâu nước (WILD)'], 'shield', 'WILD', '#6c584c', {
        3: 50,
        4: 200,
        5: 1000,
      }),
      sym('SUN', 'scatter', ['Sun (free spins)', 'Mặt trời (quay miễn phí)'], 'sun', 'FREE', '#ffb703', {
        3: 2,
        4: 8,
        5: 40,
      }),
      sym('RICE', 'pay', ['Rice sheaf', 'Bó lúa'], 'leaf', '', '#e9c46a', { 3: 25, 4: 100, 5: 400 }),
      sym('HUT', 'pay', ['Nipa hut', 'Nhà tranh'], 'hex', 'N', '#bc6c25', { 3: 20, 4: 75, 5: 250 }),
      sym('MANGO', 'pay', ['Mango', 'Xoài'], 'drop', '', '#ffb703', { 3: 15, 4: 50, 5: 150 }),
      sym('HAT', 'pay', ['Farmer hat', 'Nón nông dân'], 'crown', 'H', '#dda15e', { 3: 10, 4: 30, 5: 100 }),
      ...ranks(
        ['#606c38', '#a98467', '#588157', '#b08968'],
        [
          { 3: 5, 4: 15, 5: 60 },
          { 3: 5, 4: 12, 5: 50 },
          { 3: 4, 4: 10, 5: 40 },
          { 3: 3, 4: 8, 5: 30 },
        ],
      ),
    ],
    weights: reelsOf(5, [6, 9, 10, 12, 14, 17, 22, 24, 26, 35]),
    freeSpins: { spins: { 3: 10, 4: 15, 5: 20 }, multiplier: 3 },
    rtp: 0.9629,
  },
  pharaoh: {
    name: 'Desert Gold',
    theme: { key: 'pharaoh', colors: ['#3d2c1e', '#9c6644', '#ffd166'] },
    reels: 5,
    rows: 3,
    lines: LINES_5X3.slice(0, 10),
    coins: 10,
    symbols: [
      sym('WILD', 'wild', ['Pharaoh (WILD)', 'Pharaoh (WILD)'], 'crown', 'WILD', '#ffd166', {
        2: 10,
        3: 100,
        4: 1000,
        5: 5000,
      }),
      sym('SCARAB', 'scatter', ['Scarab (free spins)', 'Bọ hung (quay miễn phí)'], 'gem', 'FREE', '#06d6a0', {
        3: 2,
        4: 20,
        5: 200,
      }),
      sym('EYE', 'pay', ['Eye of Horus', 'Mắt thần Horus'], 'circle', 'Ⓞ', '#118ab2', { 2: 5, 3: 50, 4: 400, 5: 2000 }),
      sym('ANKH', 'pay', ['Ankh', 'Chữ thập Ankh'], 'star', '☥', '#ef476f', { 3: 30, 4: 100, 5: 750 }),
      sym('CAT', 'pay', ['Cat statue', 'Tượng mèo'], 'shield', 'C', '#8d99ae', { 3: 20, 4: 80, 5: 300 }),
      ...ranks(
        ['#f4a261', '#e76f51', '#e9c46a', '#2a9d8f'],
        [
          { 3: 5, 4: 25, 5: 100 },
          { 3: 5, 4: 25, 5: 100 },
          { 3: 5, 4: 20, 5: 80 },
          { 3: 5, 4: 20, 5: 80 },
        ],
      ),
    ],
    weights: reelsOf(5, [6, 9, 14, 18, 23, 37, 41, 46, 58]),
    freeSpins: { spins: { 3: 10 }, multiplier: 3 },
    rtp: 0.9601,
  },
  candy: {
    name: 'Sugar Rush',
    theme: { key: 'candy', colors: ['#ff5d8f', '#ff97b7', '#fff3b0'] },
    reels: 6,
    rows: 4,
    coins: 50,
    symbols: [
      sym('WILD', 'wild', ['Lollipop (WILD)', 'Kẹo mút (WILD)'], 'circle', 'WILD', '#ff006e'),
      sym('CUPCAKE', 'scatter', ['Cupcake (free spins)', 'Bánh cupcake (quay miễn phí)'], 'crown', 'FREE', '#8338ec', {
        3: 1,
        4: 3,
        5: 10,
        6: 50,
      }),
      sym('JAR', 'bonus', ['Candy jar (bonus)', 'Hũ kẹo (thưởng)'], 'hex', 'BONUS', '#3a86ff'),
      sym('HEART', 'pay', ['Heart candy', 'Kẹo trái tim'], 'heart', '', '#ef233c', { 3: 3, 4: 8, 5: 25, 6: 100 }),
      sym('STAR', 'pay', ['Star candy', 'Kẹo ngôi sao'], 'star', '', '#ffbe0b', { 3: 2, 4: 6, 5: 15, 6: 60 }),
      sym('DROP', 'pay', ['Gumdrop', 'Kẹo dẻo'], 'drop', '', '#06d6a0', { 3: 2, 4: 5, 5: 10, 6: 40 }),
      sym('GEM', 'pay', ['Jelly bean', 'Kẹo đậu'], 'gem', '', '#4cc9f0', { 3: 1, 4: 3, 5: 8, 6: 25 }),
      sym('MINT', 'pay', ['Mint', 'Kẹo bạc hà'], 'coin', '', '#80ffdb', { 3: 1, 4: 2, 5: 5, 6: 15 }),
      sym('TAFFY', 'pay', ['Taffy', 'Kẹo kéo'], 'bar', '', '#ffafcc', { 3: 1, 4: 1, 5: 3, 6: 10 }),
    ],
    weights: reelsOf(6, [6, 6, 9, 24, 30, 36, 42, 54, 61], { 0: [1, 2, 3, 4, 5], 2: [0, 2, 4] }),
    freeSpins: { spins: { 3: 8, 4: 10, 5: 12, 6: 15 }, multiplier: 2 },
    bonus: {
      type: 'pick',
      trigger: 3,
      picks: 3,
      prizes: [
        { x: 1, weight: 40 },
        { x: 3, weight: 30 },
        { x: 6, weight: 20 },
        { x: 15, weight: 8 },
        { x: 50, weight: 2 },
      ],
    },
    rtp: 0.9605,
  },
  fruits: {
    name: 'Hot Fruits',
    theme: { key: 'fruits', colors: ['#7f1d1d', '#dc2626', '#fde047'] },
    reels: 3,
    rows: 3,
    lines: LINES_3X3,
    coins: 5,
    symbols: [
      sym('SEVEN', 'wild', ['Lucky 7 (WILD)', 'Số 7 may mắn (WILD)'], 'star', '7', '#facc15', { 3: 250 }),
      sym('WATERMELON', 'pay', ['Watermelon', 'Dưa hấu'], 'circle', '', '#16a34a', { 3: 60 }),
      sym('GRAPES', 'pay', ['Grapes', 'Nho'], 'hex', '', '#7c3aed', { 3: 30 }),
      sym('PLUM', 'pay', ['Plum', 'Mận'], 'drop', '', '#9333ea', { 3: 16 }),
      sym('ORANGE', 'pay', ['Orange', 'Cam'], 'coin', '', '#f97316', { 3: 10 }),
      sym('LEMON', 'pay', ['Lemon', 'Chanh'], 'leaf', '', '#eab308', { 3: 6 }),
      sym('CHERRY', 'pay', ['Cherry', 'Anh đào'], 'heart', '', '#dc2626', { 3: 4 }),
    ],
    weights: reelsOf(3, [3, 3, 4, 5, 7, 8, 10]),
    rtp: 0.9619,
  },
  safari: {
    name: 'Safari Sunset',
    theme: { key: 'safari', colors: ['#582f0e', '#bc6c25', '#fefae0'] },
    reels: 5,
    rows: 4,
    coins: 25,
    symbols: [
      sym('WILD', 'wild', ['Acacia (WILD)', 'Cây keo (WILD)'], 'leaf', 'WILD', '#606c38'),
      sym('SUNSET', 'scatter', ['Sunset (free spins)', 'Hoàng hôn (quay miễn phí)'], 'sun', 'FREE', '#f77f00', {
        3: 2,
        4: 10,
        5: 50,
      }),
      sym('LION', 'pay', ['Lion', 'Sư tử'], 'crown', 'L', '#e9c46a', { 3: 10, 4: 30, 5: 120 }),
      sym('ELEPHANT', 'pay', ['Elephant', 'Voi'], 'shield', 'E', '#8d99ae', { 3: 8, 4: 25, 5: 100 }),
      sym('ZEBRA', 'pay', ['Zebra', 'Ngựa vằn'], 'bar', 'Z', '#f8f9fa', { 3: 6, 4: 20, 5: 60 }),
      sym('GIRAFFE', 'pay', ['Giraffe', 'Hươu cao cổ'], 'hex', 'G', '#dda15e', { 3: 5, 4: 15, 5: 50 }),
      ...ranks(
        ['#bc6c25', '#dda15e', '#a3b18a', '#e76f51'],
        [
          { 3: 3, 4: 8, 5: 25 },
          { 3: 2, 4: 6, 5: 20 },
          { 3: 2, 4: 5, 5: 15 },
          { 3: 1, 4: 4, 5: 10 },
        ],
      ),
    ],
    weights: reelsOf(5, [6, 6, 18, 23, 28, 28, 37, 41, 46, 59], { 0: [1, 2, 3, 4] }),
    freeSpins: { spins: { 3: 10, 4: 15, 5: 20 }, multiplier: 2 },
    rtp: 0.9605,
  },
  island: {
    name: 'Island Treasure',
    theme: { key: 'island', colors: ['#0077b6', '#00b4d8', '#ffe8d6'] },
    reels: 5,
    rows: 3,
    lines: LINES_5X3,
    coins: 25,
    symbols: [
      sym('WILD', 'wild', ['Palm (WILD)', 'Cây dừa (WILD)'], 'leaf', 'WILD', '#2d6a4f', { 3: 50, 4: 200, 5: 1000 }),
      sym('COMPASS', 'scatter', ['Compass (free spins)', 'La bàn (quay miễn phí)'], 'sun', 'FREE', '#e9c46a', {
        3: 2,
        4: 10,
        5: 50,
      }),
      sym('MAP', 'bonus', ['Treasure map (bonus)', 'Bản đồ kho báu (thưởng)'], 'shield', 'BONUS', '#bc6c25'),
      sym('PARROT', 'pay', ['Parrot', 'Vẹt'], 'heart', 'P', '#e63946', { 3: 25, 4: 100, 5: 400 }),
      sym('BANCA', 'pay', ['Banca boat', 'Thuyền banca'], 'wave', 'B', '#457b9d', { 3: 20, 4: 75, 5: 250 }),
      sym('SHELL', 'pay', ['Shell', 'Vỏ sò'], 'shell', '', '#ffafcc', { 3: 15, 4: 50, 5: 150 }),
      sym('COCONUT', 'pay', ['Coconut', 'Quả dừa'], 'circle', '', '#7f5539', { 3: 10, 4: 30, 5: 100 }),
      ...ranks(
        ['#00b4d8', '#0096c7', '#48cae4', '#f4a261'],
        [
          { 3: 5, 4: 15, 5: 60 },
          { 3: 5, 4: 12, 5: 50 },
          { 3: 4, 4: 10, 5: 40 },
          { 3: 3, 4: 8, 5: 30 },
        ],
      ),
    ],
    weights: reelsOf(5, [18, 27, 36, 31, 40, 47, 56, 71, 78, 87, 96], { 2: [0, 2, 4] }),
    freeSpins: { spins: { 3: 6, 4: 10, 5: 15 }, multiplier: 3 },
    bonus: {
      type: 'pick',
      trigger: 3,
      picks: 3,
      prizes: [
        { x: 2, weight: 40 },
        { x: 5, weight: 30 },
        { x: 10, weight: 20 },
        { x: 25, weight: 8 },
        { x: 100, weight: 2 },
      ],
    },
    rtp: 0.9495,
  },
  mahjong: {
    name: 'Mahjong Fortune',
    theme: { key: 'mahjong', colors: ['#1b263b', '#415a77', '#e0e1dd'] },
    reels: 5,
    rows: 4,
    lines: LINES_5X4,
    coins: 40,
    symbols: [
      sym('WILD', 'wild', ['Dragon tile (WILD)', 'Quân rồng (WILD)'], 'card', 'WILD', '#c1121f', {
        3: 40,
        4: 150,
        5: 750,
      }),
      sym('GONG', 'bonus', ['Gong (wheel bonus)', 'Cồng (vòng quay thưởng)'], 'coin', 'BONUS', '#ffb703'),
      sym('RED', 'pay', ['Red dragon', 'Rồng đỏ'], 'card', '中', '#d62828', { 3: 20, 4: 80, 5: 300 }),
      sym('GREEN', 'pay', ['Green dragon', 'Rồng xanh'], 'card', '發', '#2a9d8f', { 3: 15, 4: 50, 5: 200 }),
      sym('WHITE', 'pay', ['White dragon', 'Rồng trắng'], 'card', '□', '#457b9d', { 3: 10, 4: 30, 5: 120 }),
      sym('BAMBOO', 'pay', ['Bamboo', 'Tre'], 'card', '|||', '#52b788', { 3: 5, 4: 15, 5: 60 }),
      sym('CIRCLE', 'pay', ['Circles', 'Đồng'], 'card', '●●', '#e76f51', { 3: 4, 4: 12, 5: 50 }),
      sym('CHAR', 'pay', ['Characters', 'Vạn'], 'card', '萬', '#6d597a', { 3: 3, 4: 10, 5: 40 }),
      sym('WIND', 'pay', ['East wind', 'Gió đông'], 'card', '東', '#264653', { 3: 2, 4: 8, 5: 30 }),
    ],
    weights: reelsOf(5, [6, 9, 10, 12, 14, 22, 24, 26, 37], { 1: [0, 2, 4] }),
    bonus: {
      type: 'wheel',
      trigger: 3,
      picks: 1,
      prizes: [
        { x: 5, weight: 30 },
        { x: 10, weight: 25 },
        { x: 15, weight: 20 },
        { x: 25, weight: 12 },
        { x: 50, weight: 8 },
        { x: 100, weight: 4 },
        { x: 500, weight: 1 },
      ],
    },
    rtp: 0.9593,
  },
} satisfies Record<string, SlotConfig>;

export type SlotConfigName = keyof typeof SLOT_CONFIGS;

/* ---------- evaluation ---------- */

interface Compiled {
  c: SlotConfig;
  wild: number;
  totals: number[];
  kinds: SymbolKind[];
}

const compile = (c: SlotConfig): Compiled => ({
  c,
  wild: c.symbols.findIndex((s) => s.kind === 'wild'),
  totals: c.weights.map((w) => w.reduce((a, b) => a + b, 0)),
  kinds: c.symbols.map((s) => s.kind),
});

const pay = (s: SlotSymbol | undefined, n: number) => (s ? (s.pays[n] ?? 0) : 0);

/** The highest listed count at or below n (free spins for 6 scatters when only 3, 4, 5 are listed). */
const byCount = (table: Readonly<Record<number, number>>, n: number) => {
  let best = 0;
  for (const [count, value] of Object.entries(table)) if (n >= Number(count)) best = value;
  return best;
};

function lineWin(k: Compiled, grid: number[][], line: readonly number[], index: number): SlotWin | null {
  const cells = line.map((row, reel) => grid[reel]?.[row] as number);
  const target = cells.find((s) => s !== k.wild) ?? k.wild;
  let wildRun = 0;
  while (wildRun < cells.length && cells[wildRun] === k.wild) wildRun++;
  let count = 0;
  if (k.kinds[target] === 'pay' || target === k.wild)
    while (count < cells.length && (cells[count] === target || cells[count] === k.wild)) count++;
  const wildSymbol = k.c.symbols[k.wild];
  const byTarget = pay(k.c.symbols[target], count);
  const byWild = pay(wildSymbol, wildRun);
  const [symbol, n, coins] = byTarget >= byWild ? [target, count, byTarget] : [k.wild, wildRun, byWild];
  if (coins <= 0) return null;
  return {
    line: index + 1,
    symbol: k.c.symbols[symbol]?.id as string,
    count: n,
    ways: 1,
    coins,
    cells: line.slice(0, n).map((row, reel) => [reel, row]),
  };
}

function waysWins(k: Compiled, grid: number[][]): SlotWin[] {
  const wins: SlotWin[] = [];
  k.c.symbols.forEach((s, index) => {
    if (s.kind !== 'pay') return;
    let ways = 1;
    let count = 0;
    const cells: [number, number][] = [];
    for (const column of grid) {
      const hits = column.flatMap((cell, row) => (cell === index || cell === k.wild ? [row] : []));
      if (hits.length === 0) break;
      ways *= hits.length;
      for (const row of hits) cells.push([count, row]);
      count++;
    }
    const coins = pay(s, count) * ways;
    if (coins > 0) wins.push({ line: 0, symbol: s.id, count, ways, coins, cells });
  });
  return wins;
}

function screen(k: Compiled, rng: Rng, multiplier: number): SlotScreen {
  const { c } = k;
  const grid = c.weights.map((w, reel) =>
    Array.from({ length: c.rows }, () => weighted(rng, w, k.totals[reel] as number)),
  );
  const wins = c.lines ? c.lines.flatMap((line, i) => lineWin(k, grid, line, i) ?? []) : waysWins(k, grid);
  const count = (kind: SymbolKind) => grid.flat().filter((s) => k.kinds[s] === kind).length;
  const scatters = count('scatter');
  const scatter = c.symbols.find((s) => s.kind === 'scatter');
  const scatterCoins = pay(scatter, scatters) * c.coins;
  for (const win of wins) win.coins *= multiplier;
  return {
    grid: grid.map((column) => column.map((s) => c.symbols[s]?.id as string)),
    wins,
    scatters,
    scatterCoins: scatterCoins * multiplier,
    bonusSymbols: count('bonus'),
    coins: wins.reduce((sum, w) => sum + w.coins, 0) + scatterCoins * multiplier,
  };
}

/** One whole round: the base screen, its free spins played out, and the bonus round. */
export function spinRound(c: SlotConfig, rng: Rng): SlotOutcome {
  const k = compile(c);
  const base = screen(k, rng, 1);
  let coins = base.coins;
  let freeSpins: SlotOutcome['freeSpins'] = null;
  const spins = c.freeSpins ? byCount(c.freeSpins.spins, base.scatters) : 0;
  if (c.freeSpins && spins > 0) {
    const played = Array.from({ length: spins }, () => screen(k, rng, c.freeSpins?.multiplier ?? 1));
    freeSpins = { multiplier: c.freeSpins.multiplier, spins: played };
    coins += played.reduce((sum, s) => sum + s.coins, 0);
  }
  let bonus: SlotOutcome['bonus'] = null;
  if (c.bonus && base.bonusSymbols >= c.bonus.trigger) {
    const weights = c.bonus.prizes.map((p) => p.weight);
    const total = weights.reduce((a, b) => a + b, 0);
    const prizes = Array.from(
      { length: c.bonus.picks },
      () => c.bonus?.prizes[weighted(rng, weights, total)]?.x as number,
    );
    const bonusCoins = prizes.reduce((a, b) => a + b, 0) * c.coins;
    bonus = { type: c.bonus.type, prizes, coins: bonusCoins };
    coins += bonusCoins;
  }
  return { base, freeSpins, bonus, coins };
}

/** The win in centavos for a stake in centavos. */
export const slotWin = (c: SlotConfig, stake: number, coins: number) => Math.floor((stake * coins) / c.coins);

/* ---------- exact return to player ---------- */

/** Distribution of how many cells of the screen hold a symbol of this kind (reels independent). */
function countDistribution(k: Compiled, kind: SymbolKind): number[] {
  let dist = [1];
  k.c.weights.forEach((w, reel) => {
    const p = w.reduce((sum, weight, s) => sum + (k.kinds[s] === kind ? weight : 0), 0) / (k.totals[reel] as number);
    const rows = k.c.rows;
    const reelDist = Array.from({ length: rows + 1 }, (_, n) => binomial(rows, n) * p ** n * (1 - p) ** (rows - n));
    const next = new Array(dist.length + rows).fill(0);
    dist.forEach((a, i) => {
      reelDist.forEach((b, j) => {
        next[i + j] += a * b;
      });
    });
    dist = next;
  });
  return dist;
}

function binomial(n: number, k: number) {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** Expected coins of one line: leading wild run w, first other symbol x, run length n. */
function expectedLine(k: Compiled): number {
  const { c, wild } = k;
  const p = (reel: number, s: number) => (s < 0 ? 0 : (c.weights[reel]?.[s] ?? 0) / (k.totals[reel] as number));
  const n = c.reels;
  const wildSymbol = c.symbols[wild];
  let expected = 0;
  let leading = 1;
  for (let w = 0; w <= n; w++) {
    if (w === n) {
      expected += leading * pay(wildSymbol, n);
      break;
    }
    c.symbols.forEach((s, x) => {
      if (x === wild) return;
      const px = p(w, x);
      if (px === 0) return;
      if (s.kind !== 'pay') {
        expected += leading * px * pay(wildSymbol, w);
        return;
      }
      let run = 1;
      for (let end = w + 1; end <= n; end++) {
        const stop = end < n ? 1 - p(end, wild) - p(end, x) : 1;
        expected += leading * px * run * stop * Math.max(pay(s, end), pay(wildSymbol, w));
        if (end < n) run *= p(end, wild) + p(end, x);
      }
    });
    leading *= p(w, wild);
  }
  return expected;
}

function expectedWays(k: Compiled): number {
  const { c, wild } = k;
  let expected = 0;
  c.symbols.forEach((s, x) => {
    if (s.kind !== 'pay') return;
    let ways = 1;
    for (let reel = 0; reel < c.reels; reel++) {
      const total = k.totals[reel] as number;
      const q = ((c.weights[reel]?.[x] ?? 0) + (wild >= 0 ? (c.weights[reel]?.[wild] ?? 0) : 0)) / total;
      const none = (1 - q) ** c.rows;
      expected += ways * none * pay(s, reel);
      ways *= c.rows * q;
    }
    expected += ways * pay(s, c.reels);
  });
  return expected;
}

/** The exact return to player of a configuration (free spins and bonus included). */
export function slotRtp(c: SlotConfig): number {
  const k = compile(c);
  const main = c.lines ? c.lines.length * expectedLine(k) : expectedWays(k);
  const scatter = c.symbols.find((s) => s.kind === 'scatter');
  const scatters = countDistribution(k, 'scatter');
  const scatterCoins = scatters.reduce((sum, p, n) => sum + p * pay(scatter, n) * c.coins, 0);
  const spin = main + scatterCoins;
  let total = spin;
  if (c.freeSpins) {
    const fs = c.freeSpins;
    total += scatters.reduce((sum, p, n) => sum + p * byCount(fs.spins, n), 0) * fs.multiplier * spin;
  }
  if (c.bonus) {
    const b = c.bonus;
    const pTrigger = countDistribution(k, 'bonus').reduce((sum, p, n) => sum + (n >= b.trigger ? p : 0), 0);
    const weight = b.prizes.reduce((sum, p) => sum + p.weight, 0);
    const prize = b.prizes.reduce((sum, p) => sum + (p.x * p.weight) / weight, 0);
    total += pTrigger * b.picks * prize * c.coins;
  }
  return total / c.coins;
}

/* ---------- the family ---------- */

const params = z.strictObject({ stake: stakeSchema });

export function slotEngine(c: SlotConfig): OneShotEngine<z.infer<typeof params>> {
  return {
    kind: 'oneShot',
    params,
    stakeOf: (p) => p.stake,
    rules: c,
    rtp: c.rtp,
    play(rng, p) {
      const outcome = spinRound(c, rng);
      const win = slotWin(c, p.stake, outcome.coins);
      return { win, result: describe(c, outcome), outcome };
    },
  };
}

function describe(c: SlotConfig, o: SlotOutcome): string {
  const parts: string[] = [];
  const best = [...o.base.wins].sort((a, b) => b.coins - a.coins)[0];
  if (best) {
    const name = c.symbols.find((s) => s.id === best.symbol)?.name[0] ?? best.symbol;
    parts.push(
      `${o.base.wins.length} win${o.base.wins.length > 1 ? 's' : ''}, best ${best.count}x ${name}${best.line ? ` on line ${best.line}` : ` (${best.ways} ways)`}`,
    );
  }
  if (o.base.scatterCoins > 0) parts.push(`${o.base.scatters} scatters`);
  if (o.freeSpins) parts.push(`${o.freeSpins.spins.length} free spins x${o.freeSpins.multiplier}`);
  if (o.bonus) parts.push(`${o.bonus.type} bonus ${o.bonus.prizes.reduce((a, b) => a + b, 0)}x`);
  return parts.length > 0 ? parts.join('; ') : 'No win';
}

export const slotFamily: EngineFamily<SlotConfig> = {
  key: 'slot',
  configs: SLOT_CONFIGS,
  create: slotEngine,
};
