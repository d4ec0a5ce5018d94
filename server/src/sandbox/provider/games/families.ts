import type { EngineFamily } from './kinds';

/** Every engine family of the game studio, one line each. */
// biome-ignore lint/suspicious/noExplicitAny: each family has its own configuration type
export const FAMILIES: readonly EngineFamily<any>[] = [];
