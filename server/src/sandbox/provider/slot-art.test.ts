import { describe, expect, it } from 'vitest';
import { SLOT_CONFIGS, type SlotConfig } from './games/slot';
import * as art from './pages/art/slot-symbols';

/** The slot page's symbol art (pages/art/slot-symbols.ts), imported as the page imports it. */
const configs = Object.entries(SLOT_CONFIGS) as [string, SlotConfig][];

describe('slot symbol art', () => {
  it('loads and draws', () => {
    expect(typeof art.svg).toBe('function');
    expect(typeof art.motifOf).toBe('function');
  });

  it.each(configs)('%s: every symbol is a drawn picture, no CJK glyph, one picture per symbol', (key, config) => {
    const motifs = new Set<string>();
    for (const symbol of config.symbols) {
      const svg = art.svg(key, symbol);
      expect(svg, `${key} ${symbol.id}`).toBeTruthy();
      // shapes, not only text
      expect(svg, `${key} ${symbol.id}`).toMatch(/<(path|circle|ellipse|rect)\b/);
      // the page ships no CJK font: mahjong and jade faces are strokes
      expect(svg, `${key} ${symbol.id}`).not.toMatch(/[\u2E80-\u9FFF\uF900-\uFAFF]/);
      if (symbol.kind !== 'pay') expect(svg, `${key} ${symbol.id} ribbon`).toContain('sl-ribbon');
      const motif = art.motifOf(key, symbol.id) ?? '';
      if (motif !== 'rank') {
        expect(motifs.has(motif), `${key}: ${symbol.id} shares its picture (${motif})`).toBe(false);
        motifs.add(motif);
      }
    }
  });
});
