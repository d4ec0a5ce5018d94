import { andarBahar } from './andarBahar';
import { baccarat } from './baccarat';
import { blackjack } from './blackjack';
import { colorGame } from './colorGame';
import { dragonTiger } from './dragonTiger';
import { fanTan } from './fanTan';
import { hiLo } from './hiLo';
import type { EngineFamily } from './kinds';
import { lucky9 } from './lucky9';
import { moneyWheel } from './moneyWheel';
import { roulette } from './roulette';
import { sicBo } from './sicBo';
import { videoPoker } from './videoPoker';
import { coinFlipFamily } from './coinFlip';
import { crashFamily } from './crash';
import { diceFamily } from './dice';
import { fishingFamily } from './fishing';
import { kenoFamily } from './keno';
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
  baccarat,
  lucky9,
  dragonTiger,
  roulette,
  sicBo,
  colorGame,
  moneyWheel,
  andarBahar,
  fanTan,
  blackjack,
  videoPoker,
  hiLo,
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
