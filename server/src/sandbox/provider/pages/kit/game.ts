/**
 * The page kit for a family module: `import { Game } from './kit/game'`. Importing it runs kit/common first
 * (module order), which builds the header and the stage; undefined on a page without a #game root.
 */
export { Game } from './common';
export type * from './types';
