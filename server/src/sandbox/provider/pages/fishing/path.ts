/**
 * Where a pond fish is: the server's path formula (games/pond.ts fishPosition, written again here so that no
 * server code is bundled into the page), and the pond's coordinates on screen.
 */
import type { PondFish } from './types';

/** Pond coordinates (0..1 across and down) of a fish at server time `now`. */
export function position(f: PondFish, now: number): [number, number] {
  const p = Math.min(1, Math.max(0, (now - f.enterAt) / (f.leaveAt - f.enterAt)));
  const x = f.from[0] + (f.to[0] - f.from[0]) * p;
  const y = f.from[1] + (f.to[1] - f.from[1]) * p + f.wobble * Math.sin(2 * Math.PI * f.turns * p);
  return [x, y];
}

/** A fish's place on screen (px, its centre) in a pond of w x h at server time `now`. */
export function screenAt(f: PondFish, now: number, w: number, h: number): [number, number] {
  const [x, y] = position(f, now);
  // the pond's fish swim in its upper part; the bottom strip is the cannons'
  return [x * w, y * (h - 70) + 20];
}

/** How near a tap must be to a fish's centre (px) to hit it, by the fish's size. */
export const REACH: Record<1 | 2 | 3, number> = { 1: 28, 2: 38, 3: 52 };
