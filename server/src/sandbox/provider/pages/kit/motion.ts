const reducedQuery = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;

export const reducedMotion = () => Boolean(reducedQuery?.matches);

/** An animation length, shortened to a quick hint when the player prefers reduced motion. */
export const ms = (full: number) => (reducedMotion() ? Math.min(full, 120) : full);
