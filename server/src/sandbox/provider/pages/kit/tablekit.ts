/*
 * The table kit shared by the table families' pages (lucky9, dragonTiger, roulette, sicBo, colorGame,
 * moneyWheel, andarBahar, fanTan, blackjack, videoPoker, hiLo, dealerPoker): a family module writes
 * `import { TableKit } from './kit/tablekit';` (undefined, like Game, on a page without a #game root). It
 * draws a chip-bet felt from Game.rules.bets (pays and RTP come from the server's rules, never written
 * here), the chip tray, the result stage, a history strip and the "How to play" sheet, and plays rounds
 * through Game.play; or drives a stepped round through Game.play and Game.act. The parts: kit/table/.
 */
// kit/game first: its stylesheet (games.css) comes before tables.css, as before.
import { Game } from './game';
import '../styles/tables.css';
import { chipTableOf } from './table/chip-table';
import { pieces } from './table/pieces';
import { steppedOf } from './table/stepped';
import { addTableStrings } from './table/strings';
import type { TableKit as Kit } from './table/types';
import type { GameKit } from './types';

export type * from './table/types';
/** The kit's type, under the same name as its value: `import { TableKit } from './kit/tablekit'` gives both. */
export type TableKit = Kit;

/** The table kit over a page's Game. */
export function createTableKit(G: GameKit): Kit {
  addTableStrings(G);
  const drawn = pieces(G);
  return { ...drawn, chipTable: chipTableOf(G, drawn), ...steppedOf(G, drawn) };
}

export const TableKit: Kit | undefined = Game ? createTableKit(Game) : undefined;
