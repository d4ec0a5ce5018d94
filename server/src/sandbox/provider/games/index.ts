/**
 * The studio's stake limits (the old GAMES map of three games is gone: every title plays a family of
 * FAMILIES, see families.ts and titles.ts).
 */
export { MAX_STAKE, MIN_STAKE } from './stakes';
