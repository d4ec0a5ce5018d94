import { z } from 'zod';
import { type EngineFamily, GameRuleError, type SteppedEngine } from './kinds';
import { choose, drawDistinct, stakeSchema, times } from './stake';

/*
 * Mines (stepped): a 5x5 field hides 1 to 24 mines; each safe tile raises the multiplier, a mine ends the
 * round, cash out any time (before the first tile it returns the stake). After k safe tiles with m mines the multiplier is
 * rtp / P(k safe in a row), rounded down to the hundredth, so every way of playing returns at most `rtp`
 * (exactly `rtp` before rounding; see minesRtp for a strategy of k picks).
 * Configurations (MINES_CONFIGS), for titles to map to:
 *   classic  Mines          97%, 5x5
 */
export interface MinesConfig {
  name: string;
  theme: { key: 'classic'; colors: readonly [string, string, string] };
  tiles: number;
  rtp: number;
  defaultMines: number;
}

export const MINES_CONFIGS = {
  classic: {
    name: 'Mines',
    theme: { key: 'classic', colors: ['#0f172a', '#1e293b', '#22c55e'] },
    tiles: 25,
    rtp: 0.97,
    defaultMines: 3,
  },
} satisfies Record<string, MinesConfig>;

/** The multiplier in hundredths after `safe` safe tiles with `mines` mines (100 before the first). */
export function minesMultiplier(c: MinesConfig, mines: number, safe: number): number {
  if (safe === 0) return 100;
  const p = choose(c.tiles - mines, safe) / choose(c.tiles, safe);
  return Math.floor((c.rtp / p) * 100 + 1e-9);
}

/** The exact return of revealing `safe` tiles then cashing out. */
export const minesRtp = (c: MinesConfig, mines: number, safe: number) =>
  ((choose(c.tiles - mines, safe) / choose(c.tiles, safe)) * minesMultiplier(c, mines, safe)) / 100;

export interface MinesState {
  stake: number;
  mines: number[];
  revealed: number[];
  status: 'playing' | 'lost' | 'cashed' | 'cleared';
}

/** The rules object a page reads: the config and multipliers[mines][safe] in hundredths. */
export type MinesRules = MinesConfig & { multipliers: number[][] };

/** What the player sees of a round (its view while open, its outcome once done): mines only when over. */
export interface MinesView {
  revealed: number[];
  status: MinesState['status'];
  mineCount: number;
  multiplier: number;
  next: number | null;
  mines?: number[];
}

const action = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('reveal'), tile: z.number().int().min(0) }),
  z.strictObject({ type: z.literal('cashout') }),
]);

export function minesEngine(
  c: MinesConfig,
): SteppedEngine<{ stake: number; mines: number }, MinesState, z.infer<typeof action>> {
  const multiplier = (s: MinesState) => minesMultiplier(c, s.mines.length, s.revealed.length);
  return {
    kind: 'stepped',
    params: z.strictObject({
      stake: stakeSchema,
      mines: z
        .number()
        .int()
        .min(1)
        .max(c.tiles - 1),
    }),
    action,
    stakeOf: (p) => p.stake,
    rules: { ...c, multipliers: minesTable(c) } satisfies MinesRules,
    rtp: c.rtp,
    defaultBet: { stake: 1000, mines: c.defaultMines },
    // An abandoned round is cashed out as it stands; `npm run rtp` reveals one tile then cashes out, which
    // returns minesRtp(c, mines, 1): `rtp` less the multiplier's rounding down to the hundredth.
    strategyRtp: minesRtp(c, c.defaultMines, 1),
    finishAction: () => ({ type: 'cashout' }),
    voidUntouched: true,
    strategy: (s) => (s.revealed.length === 0 ? { type: 'reveal', tile: 0 } : { type: 'cashout' }),
    start: (rng, p) => ({
      stake: p.stake,
      mines: drawDistinct(rng, c.tiles, p.mines),
      revealed: [],
      status: 'playing',
    }),
    act(s, a) {
      if (s.status !== 'playing') throw new GameRuleError('The round is over');
      // Cashing out before the first tile would return the stake without risk: refused (docs/games.md).
      if (a.type === 'cashout') {
        if (s.revealed.length === 0) throw new GameRuleError('Reveal a tile before cashing out');
        return { ...s, status: 'cashed' };
      }
      if (a.tile >= c.tiles || s.revealed.includes(a.tile)) throw new GameRuleError('Pick a hidden tile');
      const revealed = [...s.revealed, a.tile];
      if (s.mines.includes(a.tile)) return { ...s, revealed, status: 'lost' };
      return { ...s, revealed, status: revealed.length === c.tiles - s.mines.length ? 'cleared' : 'playing' };
    },
    done: (s) => s.status !== 'playing',
    settle(s) {
      const m = multiplier(s);
      const safe = s.revealed.filter((t) => !s.mines.includes(t)).length;
      if (s.status === 'lost')
        return { win: 0, result: `Hit a mine after ${safe} safe tile${safe === 1 ? '' : 's'}`, outcome: view(s, m) };
      return {
        win: times(s.stake, m),
        result: `Cashed out at ${(m / 100).toFixed(2)}x after ${safe} safe tiles (${s.mines.length} mines)`,
        outcome: view(s, m),
      };
    },
    view: (s) => view(s, multiplier(s)),
  };
  function view(s: MinesState, m: number): MinesView {
    const over = s.status !== 'playing';
    return {
      revealed: s.revealed,
      status: s.status,
      mineCount: s.mines.length,
      multiplier: s.status === 'lost' ? 0 : m / 100,
      next: over ? null : minesMultiplier(c, s.mines.length, s.revealed.length + 1) / 100,
      ...(over ? { mines: s.mines } : {}),
    };
  }
}

/** multipliers[mines][safe] in hundredths, for the page's table. */
function minesTable(c: MinesConfig): number[][] {
  return Array.from({ length: c.tiles }, (_, mines) =>
    mines === 0 ? [] : Array.from({ length: c.tiles - mines + 1 }, (_, safe) => minesMultiplier(c, mines, safe)),
  );
}

export const minesFamily: EngineFamily<MinesConfig> = { key: 'mines', configs: MINES_CONFIGS, create: minesEngine };
