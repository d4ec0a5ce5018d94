import { crashFamily } from './crash';
import type { EngineFamily } from './kinds';
import { slotFamily } from './slot';

/** Every engine family of the game studio, one line each. */
// biome-ignore lint/suspicious/noExplicitAny: each family has its own configuration type
export const FAMILIES: readonly EngineFamily<any>[] = [slotFamily, crashFamily];
