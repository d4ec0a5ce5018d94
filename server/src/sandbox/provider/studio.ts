import { FAMILIES } from './games/families';
import type { Engine, EngineFamily } from './games/kinds';
import { capWin } from './games/max-win';
import { MAX_WIN } from './games/stake';
import { TITLES, type Title } from './games/titles';

export interface StudioTitle extends Title {
  engine: Engine;
  /** The most one round of this title pays, stake included (centavos): shown in its rules, paid at most. */
  maxWin: number;
}

/**
 * Titles resolved to the engine that plays them: the family named by the title, created once with its
 * configuration. A title whose family or configuration is missing resolves to undefined (the page says
 * so; the catalog test names it).
 */
export function createStudio(
  // biome-ignore lint/suspicious/noExplicitAny: families of every configuration type
  families: readonly EngineFamily<any>[] = FAMILIES,
  titles: ReadonlyMap<string, Title> = TITLES,
) {
  const byKey = new Map(families.map((f) => [f.key, f]));
  const allTitles = new Map(titles);
  const resolved = new Map<string, StudioTitle | undefined>();

  function title(key: string): StudioTitle | undefined {
    if (resolved.has(key)) return resolved.get(key);
    const t = allTitles.get(key);
    const family = t && byKey.get(t.family);
    const config = family && Object.hasOwn(family.configs, t.config) ? family.configs[t.config] : undefined;
    const maxWin = t?.maxWin ?? MAX_WIN;
    const found =
      t && family && config !== undefined ? { ...t, engine: capWin(family.create(config), maxWin), maxWin } : undefined;
    resolved.set(key, found);
    return found;
  }

  /** Why a title does not resolve, for tests and error pages; undefined when it does. */
  function missing(key: string): string | undefined {
    const t = allTitles.get(key);
    if (!t) return `unknown title ${key}`;
    const family = byKey.get(t.family);
    if (!family) return `family ${t.family} is not registered`;
    if (!Object.hasOwn(family.configs, t.config)) return `family ${t.family} has no config ${t.config}`;
    return undefined;
  }

  /** Adds families and titles (the provider's tests play their own tiny families through the real app). */
  // biome-ignore lint/suspicious/noExplicitAny: families of every configuration type
  function extend(more: readonly EngineFamily<any>[], moreTitles: ReadonlyMap<string, Title>) {
    for (const f of more) byKey.set(f.key, f);
    for (const [key, t] of moreTitles) allTitles.set(key, t);
  }

  return {
    title,
    missing,
    extend,
    titles: allTitles as ReadonlyMap<string, Title>,
    families: () => [...byKey.values()],
  };
}

export type Studio = ReturnType<typeof createStudio>;
