/**
 * A symbol's picture: the config's vector art (art/slot-symbols), else the symbol's shape and glyph from
 * the configuration (a symbol the art set does not draw).
 */
import { svg as drawSymbol } from '../art/slot-symbols';
import type { SlotPage } from './context';

const SHAPES: Record<string, string> = {
  circle: '<circle cx="50" cy="50" r="40"/>',
  gem: '<path d="M25 20h50l18 22-43 48L7 42z"/>',
  star: '<path d="M50 6l12 30 32 2-25 20 9 32-28-18-28 18 9-32L6 38l32-2z"/>',
  heart:
    '<path d="M50 88S8 62 8 34c0-14 11-24 24-24 8 0 14 4 18 10 4-6 10-10 18-10 13 0 24 10 24 24 0 28-42 54-42 54z"/>',
  hex: '<path d="M50 6l38 22v44L50 94 12 72V28z"/>',
  flower:
    '<g><circle cx="50" cy="24" r="18"/><circle cx="76" cy="44" r="18"/><circle cx="66" cy="74" r="18"/><circle cx="34" cy="74" r="18"/><circle cx="24" cy="44" r="18"/></g>',
  leaf: '<path d="M14 86C14 40 40 12 88 12c0 48-28 74-74 74z"/>',
  crown: '<path d="M10 78l-2-50 22 20 20-32 20 32 22-20-2 50z"/>',
  bell: '<path d="M50 8c-18 0-28 14-28 34v18l-10 14h76L78 60V42C78 22 68 8 50 8zM40 80a10 10 0 0020 0z"/>',
  bar: '<rect x="8" y="28" width="84" height="44" rx="10"/>',
  coin: '<g><circle cx="50" cy="50" r="42"/><circle cx="50" cy="50" r="32" fill="none" stroke="rgba(0,0,0,.25)" stroke-width="5"/></g>',
  shield: '<path d="M50 6l38 12v28c0 24-16 40-38 48C28 86 12 70 12 46V18z"/>',
  drop: '<path d="M50 6C38 30 20 46 20 64a30 30 0 0060 0C80 46 62 30 50 6z"/>',
  moon: '<path d="M62 8a42 42 0 100 84A34 34 0 0162 8z"/>',
  lantern:
    '<g><rect x="40" y="4" width="20" height="10" rx="3"/><ellipse cx="50" cy="50" rx="36" ry="36"/><rect x="40" y="84" width="20" height="10" rx="3"/></g>',
  card: '<rect x="14" y="8" width="72" height="84" rx="12"/>',
  sun: '<g><circle cx="50" cy="50" r="24"/><path d="M50 4v16M50 80v16M4 50h16M80 50h16M17 17l11 11M72 72l11 11M17 83l11-11M72 28l11-11" stroke-width="8" stroke-linecap="round"/></g>',
  fish: '<path d="M8 50c14-22 44-30 64-12l20-14-6 26 6 26-20-14C52 80 22 72 8 50z"/>',
  wave: '<path d="M6 60c10-24 26-24 36 0s26 24 36 0 16-16 16-16v40H6z"/>',
  bolt: '<path d="M58 4L16 58h28l-6 38 46-56H56z"/>',
};

export type SymbolArt = (id: string, small?: boolean) => HTMLElement;

export function symbolArt({ G, R, byId, symName }: SlotPage): SymbolArt {
  return (id, small) => {
    const s = byId[id];
    const kind = s?.kind ?? 'pay';
    const drawn = s ? drawSymbol(R.theme.key, s) : null;
    let inner = drawn;
    if (!inner) {
      const a = s?.art ?? { shape: 'circle', glyph: '?', color: '#888' };
      const shape = SHAPES[a.shape] ?? SHAPES.circle;
      const glyph = a.glyph || '';
      const size = glyph.length > 3 ? 20 : glyph.length > 1 ? 30 : 44;
      inner = `<g fill="${a.color}" stroke="${a.color}">${shape}</g>${
        glyph
          ? `<text x="50" y="52" dominant-baseline="central" text-anchor="middle" font-size="${size}" font-weight="900">${glyph.replace(/[<>&]/g, '')}</text>`
          : ''
      }`;
    }
    return G.el('span', {
      class: `sl-sym sl-${kind}${small ? ' sl-small' : ''}${drawn ? ' sl-drawn' : ''}`,
      role: 'img',
      'aria-label': symName(id),
      'data-symbol': id,
      html: `<svg viewBox="0 0 100 100" aria-hidden="true">${inner}</svg>`,
    });
  };
}
