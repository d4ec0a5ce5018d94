import { BACCARAT_RTP } from './games/baccarat';
import { CRASH_MAX_TARGET, CRASH_MIN_TARGET, CRASH_RTP } from './games/crash';
import { GAMES } from './games/index';
import type { EngineFamily, OneShotEngine } from './games/kinds';
import { SLOT_CONFIGS } from './games/slot';

/**
 * The three games of before the studio (games/index.ts GAMES) seen as families with one configuration,
 * so their titles keep playing until their owners' families (same keys) reach the registry: the studio
 * always prefers FAMILIES (studio.ts).
 */
const legacy = (key: keyof typeof GAMES, rules: unknown, rtp: number): EngineFamily<Record<string, never>> => {
  const game = GAMES[key];
  const engine: OneShotEngine<{ stake: number }> = {
    kind: 'oneShot',
    params: game.params as never,
    stakeOf: (p) => p.stake,
    rules,
    rtp,
    play: (rng, p) => (game.play as (r: typeof rng, p: unknown) => ReturnType<OneShotEngine['play']>)(rng, p),
  };
  return { key, configs: { classic: {} }, create: () => engine };
};

export const LEGACY_FAMILIES: readonly EngineFamily<Record<string, never>>[] = [
  legacy('slot', SLOT_CONFIGS.lanterns, SLOT_CONFIGS.lanterns.rtp),
  legacy('baccarat', { pays: { player: 1, banker: 0.95, tie: 8 }, rtp: BACCARAT_RTP }, BACCARAT_RTP.banker),
  legacy('crash', { minTarget: CRASH_MIN_TARGET, maxTarget: CRASH_MAX_TARGET }, CRASH_RTP),
];
