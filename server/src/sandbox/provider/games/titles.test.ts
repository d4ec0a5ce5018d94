import { describe, expect, it } from 'vitest';
import { createStudio } from '../studio';
import { FAMILIES } from './families';
import { TITLES } from './titles';

const titles = [...TITLES.values()];

describe('the titles (issue 28: every title a game of its own, or it goes)', () => {
  it('counts as many distinct (family, configuration, theme) triples as titles', () => {
    const triples = new Set(titles.map((t) => `${t.family}/${t.config}/${t.theme}`));
    expect(triples.size).toBe(titles.length);
  });

  it('gives no two titles the same (family, configuration)', () => {
    const byGame = new Map<string, string[]>();
    for (const t of titles)
      byGame.set(`${t.family}/${t.config}`, [...(byGame.get(`${t.family}/${t.config}`) ?? []), t.key]);
    const shared = [...byGame].filter(([, keys]) => keys.length > 1);
    expect(shared).toEqual([]);
  });

  it('plays every configuration of every family under some title, and every title resolves', () => {
    const used = new Set(titles.map((t) => `${t.family}/${t.config}`));
    const unused = FAMILIES.flatMap((f) => Object.keys(f.configs).map((c) => `${f.key}/${c}`)).filter(
      (game) => !used.has(game),
    );
    expect(unused).toEqual([]);
    const studio = createStudio();
    expect(titles.map((t) => studio.missing(t.key)).filter(Boolean)).toEqual([]);
  });

  it('gives each title its own name, key and tile art', () => {
    for (const field of ['key', 'name', 'art'] as const) {
      expect(new Set(titles.map((t) => t[field].toLowerCase())).size, field).toBe(titles.length);
    }
  });
});
