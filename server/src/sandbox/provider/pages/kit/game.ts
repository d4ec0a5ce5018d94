/**
 * The page kit for a family module: `import { Game } from './kit/game'`. Importing it runs kit/common first
 * (module order), which builds the header and the stage and exposes the kit; undefined on a page without
 * a #game root.
 */
import './common.js';
import type { GameKit } from './types';

export const Game: GameKit | undefined = window.Game;
export type * from './types';
