import { coinFlipFamily } from './coinFlip';
import { crashFamily } from './crash';
import { diceFamily } from './dice';
import { fishingFamily } from './fishing';
import { kenoFamily } from './keno';
import type { EngineFamily } from './kinds';
import { limboFamily } from './limbo';
import { minesFamily } from './mines';
import { plinkoFamily } from './plinko';
import { raceFamily } from './race';
import { scratchFamily } from './scratch';
import { slotFamily } from './slot';
import { towerFamily } from './tower';
import { virtualSportsFamily } from './virtualSports';

/** Every engine family of the game studio, one line each. */
// biome-ignore lint/suspicious/noExplicitAny: each family has its own configuration type
export const FAMILIES: readonly EngineFamily<any>[] = [
  slotFamily,
  crashFamily,
  minesFamily,
  plinkoFamily,
  kenoFamily,
  fishingFamily,
  limboFamily,
  diceFamily,
  coinFlipFamily,
  towerFamily,
  virtualSportsFamily,
  raceFamily,
  scratchFamily,
];
