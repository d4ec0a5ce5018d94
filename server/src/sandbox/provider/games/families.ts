import { andarBahar } from './andarBahar';
import { baccarat } from './baccarat';
import { blackjack } from './blackjack';
import { coinFlipFamily } from './coinFlip';
import { colorGame } from './colorGame';
import { crashFamily } from './crash';
import { dealerPoker } from './dealerPoker';
import { diceFamily } from './dice';
import { dragonTiger } from './dragonTiger';
import { fanTan } from './fanTan';
import { fishingFamily } from './fishing';
import { hiLo } from './hiLo';
import { kenoFamily } from './keno';
import type { EngineFamily } from './kinds';
import { limboFamily } from './limbo';
import { lucky9 } from './lucky9';
import { minesFamily } from './mines';
import { moneyWheel } from './moneyWheel';
import { plinkoFamily } from './plinko';
import { raceFamily } from './race';
import { roulette } from './roulette';
import { scratchFamily } from './scratch';
import { sicBo } from './sicBo';
import { slotFamily } from './slot';
import { towerFamily } from './tower';
import { videoPoker } from './videoPoker';
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
  dealerPoker,
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
