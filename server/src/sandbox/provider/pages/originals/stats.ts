/**
 * The originals' look and figures: the theme's colours on the page, the stake stepper they share and the
 * row of figures under the controls (win chance, pays, win on hit...).
 */
import type { GameKit } from '../kit/types';

/** The stakes (pesos) every original's stepper offers. */
export const ORIGINAL_STAKES = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];

/** The title's theme colours as the page's variables: --og-bg1, --og-bg2, --og-accent (mines: --mn-). */
export function applyTheme(colors: readonly [string, string, string], prefix: 'og' | 'mn' = 'og'): void {
  const [bg1, bg2, accent] = colors;
  document.body.style.setProperty(`--${prefix}-bg1`, bg1);
  document.body.style.setProperty(`--${prefix}-bg2`, bg2);
  document.body.style.setProperty(`--${prefix}-accent`, accent);
}

/** A row of figures, each a small label over a bold value; `values[i]` is the i-th label's value to write. */
export function statsRow(G: GameKit, labels: readonly string[]) {
  const values = labels.map(() => G.el('b'));
  const node = G.el(
    'div',
    { class: 'og-stats' },
    ...labels.map((label, i) => G.el('div', { class: 'og-stat' }, G.el('small', { text: label }), values[i] ?? null)),
  );
  return { node, values };
}
