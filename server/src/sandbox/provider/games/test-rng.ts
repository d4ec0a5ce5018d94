import { expect } from 'vitest';
import type { Engine, EngineFamily, OneShotEngine, SteppedEngine } from './kinds';
import type { Rng } from './rng';

/** A small deterministic Rng for tests (mulberry32): the same seed replays the same draws. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (max) => Math.floor(next() * max), float: next };
}

/** The arcade families' name for seededRng. */
export const seeded = seededRng;

/** An Rng that replays fixed draws: int(max) takes the next value mod max (then `rest`); float the next. */
export const scripted = (ints: number[], floats: number[] = [], rest = 0): Rng => ({
  int: (max) => (ints.shift() ?? rest) % max,
  float: () => floats.shift() ?? 0,
});

/** Plays a one-shot engine's round twice from one seed: the same outcome and pay both times. */
export function expectReplay(engine: Engine, params: unknown, seed = 42) {
  const one = engine as OneShotEngine;
  const parsed = one.params.parse(params);
  const first = one.play(seededRng(seed), parsed);
  expect(one.play(seededRng(seed), parsed)).toEqual(first);
  return first;
}

/** The params an engine must refuse. */
export function expectRejects(engine: Engine, ...params: unknown[]) {
  for (const p of params) expect(engine.params.safeParse(p).success, JSON.stringify(p)).toBe(false);
}

/** Measures a one-shot engine's return over many seeded rounds of one param (a sanity check, not the rtp script). */
export function measuredRtp(engine: Engine, params: unknown, rounds: number, seed = 7) {
  const one = engine as OneShotEngine;
  const rng = seededRng(seed);
  const parsed = one.params.parse(params);
  const stake = one.stakeOf(parsed);
  let back = 0;
  for (let i = 0; i < rounds; i++) back += one.play(rng, parsed).win;
  return back / (stake * rounds);
}

/** A family's engine for one named configuration (throws when the name is unknown). */
export function engineOf<C>(family: EngineFamily<C>, config: string): Engine {
  const c = family.configs[config];
  if (c === undefined) throw new Error(`${family.key} has no config ${config}`);
  return family.create(c);
}

// biome-ignore lint/suspicious/noExplicitAny: tests pass whatever params the engine validates
export function oneShotOf<C>(family: EngineFamily<C>, config: string): OneShotEngine<any> {
  const engine = engineOf(family, config);
  if (engine.kind !== 'oneShot') throw new Error(`${family.key} is not one-shot`);
  return engine;
}

// biome-ignore lint/suspicious/noExplicitAny: tests drive whatever state and actions the engine has
export function steppedOf<C>(family: EngineFamily<C>, config: string): SteppedEngine<any, any, any> {
  const engine = engineOf(family, config);
  if (engine.kind !== 'stepped') throw new Error(`${family.key} is not stepped`);
  return engine;
}
