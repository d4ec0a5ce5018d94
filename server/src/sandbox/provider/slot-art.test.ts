import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SLOT_CONFIGS, type SlotConfig, type SlotSymbol } from './games/slot';
import { gamePage } from './page';
import type { StudioTitle } from './studio';

/** The slot page's symbol art (assets/slot-symbols.js), run as the browser does, on a bare window. */
const window: {
  SlotArt?: {
    svg(config: string, symbol: SlotSymbol): string | null;
    motifOf(config: string, id: string): string | null;
  };
} = {};
runInNewContext(readFileSync(join(import.meta.dirname, 'assets', 'slot-symbols.js'), 'utf8'), { window });
const art = window.SlotArt;

const configs = Object.entries(SLOT_CONFIGS) as [string, SlotConfig][];

describe('slot symbol art', () => {
  it('loads and draws', () => {
    expect(art).toBeDefined();
  });

  it.each(configs)('%s: every symbol is a drawn picture, no CJK glyph, one picture per symbol', (key, config) => {
    const motifs = new Set<string>();
    for (const symbol of config.symbols) {
      const svg = art?.svg(key, symbol);
      expect(svg, `${key} ${symbol.id}`).toBeTruthy();
      // shapes, not only text
      expect(svg, `${key} ${symbol.id}`).toMatch(/<(path|circle|ellipse|rect)\b/);
      // the page ships no CJK font: mahjong and jade faces are strokes
      expect(svg, `${key} ${symbol.id}`).not.toMatch(/[\u2E80-\u9FFF\uF900-\uFAFF]/);
      if (symbol.kind !== 'pay') expect(svg, `${key} ${symbol.id} ribbon`).toContain('sl-ribbon');
      const motif = art?.motifOf(key, symbol.id) ?? '';
      if (motif !== 'rank') {
        expect(motifs.has(motif), `${key}: ${symbol.id} shares its picture (${motif})`).toBe(false);
        motifs.add(motif);
      }
    }
  });

  it("a slot title's page loads the art before slot.js; other families do not", () => {
    const page = (family: string) =>
      gamePage({
        title: {
          key: 't',
          name: 'T',
          family,
          theme: 'x',
          art: '',
          shared: false,
          maxWin: 1,
          engine: { kind: 'oneShot', rules: {}, rtp: 0.96 },
        } as unknown as StudioTitle,
        sessionId: 's',
        balance: 0,
        nickname: 'n',
        language: 'en-US',
        seeds: null,
      });
    const slot = page('slot');
    expect(slot.indexOf('/provider/assets/slot-symbols.js')).toBeGreaterThan(slot.indexOf('/common.js'));
    expect(slot.indexOf('/provider/assets/slot-symbols.js')).toBeLessThan(slot.indexOf('/provider/assets/slot.js'));
    expect(page('dice')).not.toContain('slot-symbols.js');
  });
});
