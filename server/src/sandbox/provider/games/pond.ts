import { fairRng } from './fair';
import type { Fish, FishingConfig } from './fishing';

/*
 * The shared fishing pond: which fish swim through a title's pond, where and when, drawn from the title's
 * committed pond seed and the wave index on the server clock. Nothing here lives in a process's memory:
 * every process (and every player's page) that knows the seed draws the same waves, so a fish is in the
 * pond at the same place and time for everyone, and a shot is checked against the same list whichever
 * process receives it.
 *
 * A wave starts every WAVE_MS: a few schools of small fish in formation (a trail, a column or a V), a few
 * middle-sized fish, now and then a big fish and, more rarely, the title's boss. Each fish crosses the pond
 * (coordinates 0..1 across and down the pond, entering and leaving past the sides) on a gentle wave line
 * between `enterAt` and `leaveAt` (server milliseconds); a fish of one wave may still swim in the next.
 * Where a fish swims has no bearing on a shot's draw: a catch stays rtp / multiplier (fishing.ts).
 */

/** A new wave every 30 s of the server clock. */
export const WAVE_MS = 30_000;
/** A shot is accepted this long after its fish left the pond (the time the tap took to reach the server). */
export const SHOT_GRACE_MS = 1_500;

export interface PondFish {
  /** `<wave>.<index>`: the wave it came with and its place in that wave. */
  id: string;
  /** The kind of fish (an id of the configuration's fish). */
  fish: string;
  enterAt: number;
  leaveAt: number;
  from: readonly [number, number];
  to: readonly [number, number];
  /** The wave line: its height (pond heights) and how many times it rises and falls over the crossing. */
  wobble: number;
  turns: number;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** Where a pond fish is at `now` (pond coordinates; outside 0..1 before it enters and after it leaves). */
export function fishPosition(f: PondFish, now: number): [number, number] {
  const p = Math.min(1, Math.max(0, (now - f.enterAt) / (f.leaveAt - f.enterAt)));
  const x = f.from[0] + (f.to[0] - f.from[0]) * p;
  const y = f.from[1] + (f.to[1] - f.from[1]) * p + f.wobble * Math.sin(2 * Math.PI * f.turns * p);
  return [x, y];
}

/** The fish of wave `wave` of title `key`'s pond, drawn from its pond seed. */
export function pondWave(c: FishingConfig, seed: string, key: string, wave: number): PondFish[] {
  const rng = fairRng(seed, `pond:${key}`, wave);
  const start = wave * WAVE_MS;
  const byValue = [...c.fish].sort((a, b) => a.multiplier - b.multiplier);
  const boss = byValue[byValue.length - 1] as Fish;
  const small = byValue.filter((f) => f.size === 1);
  const middle = byValue.filter((f) => f.size === 2);
  const big = byValue.filter((f) => f.size === 3 && f !== boss);
  const out: PondFish[] = [];
  const add = (
    fish: Fish,
    enterAt: number,
    ms: number,
    from: [number, number],
    to: [number, number],
    wobble: number,
    turns: number,
  ) =>
    out.push({
      id: `${wave}.${out.length}`,
      fish: fish.id,
      enterAt,
      leaveAt: enterAt + ms,
      from: [round3(from[0]), round3(from[1])],
      to: [round3(to[0]), round3(to[1])],
      wobble: round3(wobble),
      turns,
    });
  /** A crossing: left to right or back, from a height to a nearby one, within the upper three quarters. */
  const crossing = (): { from: [number, number]; to: [number, number] } => {
    const y0 = 0.1 + rng.float() * 0.55;
    const y1 = Math.min(0.7, Math.max(0.08, y0 + (rng.float() - 0.5) * 0.3));
    return rng.int(2) === 0 ? { from: [-0.15, y0], to: [1.15, y1] } : { from: [1.15, y0], to: [-0.15, y1] };
  };

  // Schools of small fish, in formation.
  for (let s = 0; s < 4 && small.length > 0; s++) {
    const fish = small[rng.int(small.length)] as Fish;
    const count = 3 + rng.int(4);
    const formation = rng.int(3);
    const ms = 12_000 + rng.int(5_000);
    const at = start + rng.int(WAVE_MS - 3_000);
    const { from, to } = crossing();
    const wobble = 0.02 + rng.float() * 0.03;
    const turns = 1 + rng.int(2);
    for (let k = 0; k < count; k++) {
      const mid = k - (count - 1) / 2;
      // trail: one behind another; column: side by side across the line; V: the leader ahead, wings behind
      const lag = formation === 0 ? k * 600 : formation === 1 ? Math.abs(mid) * 80 : Math.abs(mid) * 450;
      const dy = formation === 0 ? 0 : formation === 1 ? mid * 0.055 : mid * 0.045;
      add(fish, at + lag, ms, [from[0], from[1] + dy], [to[0], to[1] + dy], wobble, turns);
    }
  }
  // Middle-sized fish, one by one.
  for (let m = 0; m < 3 && middle.length > 0; m++) {
    const fish = middle[rng.int(middle.length)] as Fish;
    const { from, to } = crossing();
    add(fish, start + rng.int(WAVE_MS - 3_000), 16_000 + rng.int(5_000), from, to, 0.03, 1);
  }
  // Now and then a big fish, more rarely the boss: slow, on a straighter line.
  if (big.length > 0 && rng.int(2) === 0) {
    const { from, to } = crossing();
    add(big[rng.int(big.length)] as Fish, start + rng.int(WAVE_MS - 6_000), 22_000 + rng.int(4_000), from, to, 0.02, 1);
  }
  if (rng.int(4) === 0) {
    const { from, to } = crossing();
    add(boss, start + rng.int(WAVE_MS - 6_000), 24_000 + rng.int(4_000), from, to, 0.015, 1);
  }
  return out;
}

/** The waves a fish may be swimming from at `now`: the current one and the one just gone. */
export const wavesAt = (now: number) => {
  const wave = Math.floor(now / WAVE_MS);
  return [wave - 1, wave];
};

/** The pond's fish at `now` (entered or about to, not gone), from the current wave and the one just gone. */
export function pondAt(c: FishingConfig, seed: string, key: string, now: number): PondFish[] {
  return wavesAt(now)
    .flatMap((wave) => pondWave(c, seed, key, wave))
    .filter((f) => f.leaveAt >= now);
}

/**
 * The pond fish `id` when it is in the pond at `now` (the grace after it left included), of the current
 * or the just-gone wave; undefined for a fish that left, has not come yet, or never was.
 */
export function fishInPond(c: FishingConfig, seed: string, key: string, id: string, now: number) {
  const [waveText, indexText] = id.split('.');
  const wave = Number(waveText);
  const index = Number(indexText);
  if (!Number.isSafeInteger(wave) || !Number.isSafeInteger(index) || !wavesAt(now).includes(wave)) return undefined;
  const fish = pondWave(c, seed, key, wave)[index];
  if (!fish || now < fish.enterAt || now > fish.leaveAt + SHOT_GRACE_MS) return undefined;
  return fish;
}
