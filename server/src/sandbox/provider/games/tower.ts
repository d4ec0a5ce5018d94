import { z } from 'zod';
import { type EngineFamily, GameRuleError, type SteppedEngine } from './kinds';
import { drawDistinct, stakeSchema, times } from './stake';

/*
 * Tower (stepped): climb `levels` floors; each floor has `tiles` doors of which `traps` are traps (by the
 * chosen difficulty). A safe pick climbs and raises the multiplier to rtp x (tiles / (tiles - traps))^floor,
 * rounded down to the hundredth; a trap ends the round; cash out any time (before the first floor it returns
 * the stake).
 * Configurations (TOWER_CONFIGS), for titles to map to:
 *   temple  Temple Tower   97%, 8 floors
 *   dragon  Dragon Tower   97%, 9 floors
 */
export interface TowerConfig {
  name: string;
  theme: { key: 'temple' | 'dragon'; colors: readonly [string, string, string] };
  levels: number;
  rtp: number;
  difficulties: Readonly<Record<'easy' | 'medium' | 'hard' | 'expert', { tiles: number; traps: number }>>;
}

const DIFFICULTIES = {
  easy: { tiles: 4, traps: 1 },
  medium: { tiles: 3, traps: 1 },
  hard: { tiles: 2, traps: 1 },
  expert: { tiles: 3, traps: 2 },
} as const;

export const TOWER_CONFIGS = {
  temple: {
    name: 'Temple Tower',
    theme: { key: 'temple', colors: ['#1c1917', '#44403c', '#f59e0b'] },
    levels: 8,
    rtp: 0.97,
    difficulties: DIFFICULTIES,
  },
  dragon: {
    name: 'Dragon Tower',
    theme: { key: 'dragon', colors: ['#450a0a', '#7f1d1d', '#fbbf24'] },
    levels: 9,
    rtp: 0.97,
    difficulties: DIFFICULTIES,
  },
} satisfies Record<string, TowerConfig>;

export type TowerDifficulty = keyof typeof DIFFICULTIES;
type Difficulty = TowerDifficulty;

/** The multiplier in hundredths after climbing `floors` floors (100 before the first). */
export function towerMultiplier(c: TowerConfig, d: Difficulty, floors: number): number {
  if (floors === 0) return 100;
  const { tiles, traps } = c.difficulties[d];
  return Math.floor(c.rtp * (tiles / (tiles - traps)) ** floors * 100 + 1e-9);
}

/** The exact return of climbing `floors` floors then cashing out. */
export function towerRtp(c: TowerConfig, d: Difficulty, floors: number): number {
  const { tiles, traps } = c.difficulties[d];
  return (((tiles - traps) / tiles) ** floors * towerMultiplier(c, d, floors)) / 100;
}

export interface TowerState {
  stake: number;
  difficulty: Difficulty;
  /** traps[floor]: the trapped doors of each floor. */
  traps: number[][];
  picks: number[];
  status: 'playing' | 'lost' | 'cashed' | 'top';
}

/** The rules object a page reads: the config and multipliers[difficulty][floor] in hundredths. */
export type TowerRules = TowerConfig & { multipliers: Record<string, number[]> };

/** What the player sees of a round (its view while open, its outcome once done): traps only when over. */
export interface TowerView {
  difficulty: Difficulty;
  picks: number[];
  status: TowerState['status'];
  floor: number;
  multiplier: number;
  next: number | null;
  traps?: number[][];
}

const action = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('pick'), tile: z.number().int().min(0) }),
  z.strictObject({ type: z.literal('cashout') }),
]);

export function towerEngine(
  c: TowerConfig,
): SteppedEngine<{ stake: number; difficulty: Difficulty }, TowerState, z.infer<typeof action>> {
  const climbed = (s: TowerState) => s.picks.length - (s.status === 'lost' ? 1 : 0);
  const view = (s: TowerState): TowerView => {
    const over = s.status !== 'playing';
    const floors = climbed(s);
    return {
      difficulty: s.difficulty,
      picks: s.picks,
      status: s.status,
      floor: floors,
      multiplier: s.status === 'lost' ? 0 : towerMultiplier(c, s.difficulty, floors) / 100,
      next: over ? null : towerMultiplier(c, s.difficulty, floors + 1) / 100,
      ...(over ? { traps: s.traps } : {}),
    };
  };
  return {
    kind: 'stepped',
    params: z.strictObject({ stake: stakeSchema, difficulty: z.enum(['easy', 'medium', 'hard', 'expert']) }),
    action,
    stakeOf: (p) => p.stake,
    rules: {
      ...c,
      multipliers: Object.fromEntries(
        (Object.keys(c.difficulties) as Difficulty[]).map((d) => [
          d,
          Array.from({ length: c.levels + 1 }, (_, f) => towerMultiplier(c, d, f)),
        ]),
      ),
    } satisfies TowerRules,
    rtp: c.rtp,
    defaultBet: { stake: 1000, difficulty: 'medium' },
    // An abandoned round is cashed out as it stands; `npm run rtp` climbs one floor (door 0) then cashes out,
    // which returns towerRtp(c, 'medium', 1): `rtp` less the multiplier's rounding down to the hundredth.
    strategyRtp: towerRtp(c, 'medium', 1),
    finishAction: () => ({ type: 'cashout' }),
    voidUntouched: true,
    strategy: (s) => (s.picks.length === 0 ? { type: 'pick', tile: 0 } : { type: 'cashout' }),
    start(rng, p) {
      const { tiles, traps } = c.difficulties[p.difficulty];
      return {
        stake: p.stake,
        difficulty: p.difficulty,
        traps: Array.from({ length: c.levels }, () => drawDistinct(rng, tiles, traps)),
        picks: [],
        status: 'playing',
      };
    },
    act(s, a) {
      if (s.status !== 'playing') throw new GameRuleError('The round is over');
      // Cashing out before the first floor would return the stake without risk: refused (docs/games.md).
      if (a.type === 'cashout') {
        if (s.picks.length === 0) throw new GameRuleError('Climb a floor before cashing out');
        return { ...s, status: 'cashed' };
      }
      if (a.tile >= c.difficulties[s.difficulty].tiles) throw new GameRuleError('No such door');
      const floor = s.picks.length;
      const picks = [...s.picks, a.tile];
      if (s.traps[floor]?.includes(a.tile)) return { ...s, picks, status: 'lost' };
      return { ...s, picks, status: picks.length === c.levels ? 'top' : 'playing' };
    },
    done: (s) => s.status !== 'playing',
    settle(s) {
      const floors = climbed(s);
      const m = towerMultiplier(c, s.difficulty, floors);
      if (s.status === 'lost')
        return { win: 0, result: `Trapped on floor ${floors + 1} (${s.difficulty})`, outcome: view(s) };
      return {
        win: times(s.stake, m),
        result: `Cashed out at ${(m / 100).toFixed(2)}x on floor ${floors} (${s.difficulty})`,
        outcome: view(s),
      };
    },
    view,
  };
}

export const towerFamily: EngineFamily<TowerConfig> = { key: 'tower', configs: TOWER_CONFIGS, create: towerEngine };
