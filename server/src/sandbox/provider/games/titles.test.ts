import { describe, expect, it } from 'vitest';
import { createStudio } from '../studio';
import { FAMILIES } from './families';
import type { Engine, OneShotEngine } from './kinds';
import { seededRng } from './test-rng';
import { TITLES } from './titles';

const titles = [...TITLES.values()];

/** What only shows (names, colours, art, theme, the deal's pace, the quick-pick targets): no money moves on it. */
const LOOKS = new Set(['name', 'theme', 'art', 'colors', 'color', 'pace', 'presets']);
/** The board: reels and rows, lines, a tower's levels. */
const LAYOUT = ['reels', 'rows', 'lines', 'levels'] as const;
const withoutLooks = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(withoutLooks)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => !LOOKS.has(k))
            .map(([k, x]) => [k, withoutLooks(x)]),
        )
      : v;

/**
 * A title's maths, in two parts: its paytable (the rules the server pays from, without the looks and the
 * board, and the written RTP) and its board (reels, rows, lines, levels).
 */
function mathsOf(engine: Engine) {
  const rules = (withoutLooks(engine.rules) ?? {}) as Record<string, unknown>;
  const board = JSON.stringify(LAYOUT.map((k) => rules[k] ?? null));
  for (const k of LAYOUT) delete rules[k];
  return { paytable: JSON.stringify({ rules, rtp: engine.rtp, strategyRtp: engine.strategyRtp }), board };
}

/** A chip table's returns on every bet of its layout, over the same 400 seeded draws. */
function chipReturns(engine: OneShotEngine) {
  const bets = Object.fromEntries(Object.keys((engine.rules as { bets: object }).bets).map((k) => [k, 1000]));
  return JSON.stringify(
    Array.from(
      { length: 400 },
      (_, i) => (engine.play(seededRng(i), { bets }).outcome as { returns: unknown }).returns,
    ),
  );
}

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

  it('gives no two titles of a family one paytable, unless their reels, lines or levels differ', () => {
    // issue 28: a title differs from every other in theme art AND one of paytable, reels, lines or
    // volatility. Volatility follows from the paytable and the board, so two titles of one family that
    // share both are one game under two names, whatever their pace or colours.
    const studio = createStudio();
    const same: string[] = [];
    for (const family of FAMILIES) {
      const own = titles
        .filter((t) => t.family === family.key)
        .map((t) => ({ key: t.key, engine: studio.title(t.key)?.engine as Engine }));
      const maths = own.map((t) => mathsOf(t.engine));
      // a chip table is also played: every bet on the same draws must settle differently somewhere
      const chip = (e: Engine) => e.kind === 'oneShot' && (e.rules as { bets?: unknown } | null)?.bets !== undefined;
      const played = own.map((t) => (chip(t.engine) ? chipReturns(t.engine as OneShotEngine) : undefined));
      for (let i = 0; i < own.length; i++)
        for (let j = i + 1; j < own.length; j++) {
          const [a, b] = [maths[i], maths[j]] as [ReturnType<typeof mathsOf>, ReturnType<typeof mathsOf>];
          const samePays = a.paytable === b.paytable || (played[i] !== undefined && played[i] === played[j]);
          if (samePays && a.board === b.board) same.push(`${own[i]?.key} = ${own[j]?.key}`);
        }
    }
    expect(same).toEqual([]);
  });

  it('gives each title its own name, key and tile art', () => {
    for (const field of ['key', 'name', 'art'] as const) {
      expect(new Set(titles.map((t) => t[field].toLowerCase())).size, field).toBe(titles.length);
    }
  });
});
