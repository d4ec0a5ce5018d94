/**
 * The wins of a screen: each winning line or way lit in turn (the others dimmed), the payline drawn through
 * its cells' centres, its amount in the banner; scatters lit together.
 */
import type { SlotScreen } from '../../games/slot';
import type { SlotPage } from './context';

/** The cells one shown win lights; `line` (1-based) when a payline is drawn through them. */
interface Lit {
  line?: number;
  cells: readonly (readonly [number, number])[];
}

export interface Paylines {
  /** The layer over the grid the payline is drawn on. */
  layer: HTMLElement;
  /** Shows a screen's wins one after another, `seconds` each, in the banner. */
  showWins(screen: SlotScreen, stake: number, seconds: number): Promise<void>;
}

export function createPaylines(
  { G, R, symName, coinsToMoney }: SlotPage,
  cells: readonly (readonly HTMLElement[])[],
  banner: HTMLElement,
): Paylines {
  const { el, t, money } = G;
  // The payline indicator: the winning line drawn through the cells' centres while its win is shown.
  const layer = el('div', { class: 'sl-lines', 'aria-hidden': 'true' });

  function drawLine(cellsOfWin: Lit['cells'] | null) {
    if (!cellsOfWin || cellsOfWin.length < 2) {
      layer.replaceChildren();
      return;
    }
    const points = [...cellsOfWin]
      .sort((a, b) => a[0] - b[0])
      .map(([r, row]) => `${((r + 0.5) * 100) / R.reels},${((row + 0.5) * 100) / R.rows}`)
      .join(' ');
    layer.innerHTML = `<svg viewBox="0 0 100 100" preserveAspectRatio="none"><polyline points="${points}" class="shadow"/><polyline points="${points}" class="line"/></svg>`;
  }

  async function showWins(screen: SlotScreen, stake: number, seconds: number) {
    const lines = screen.wins.map((w) =>
      w.line
        ? t('lineWin', {
            line: w.line,
            count: w.count,
            symbol: symName(w.symbol),
            amount: money(coinsToMoney(stake, w.coins)),
          })
        : t('waysWin', {
            count: w.count,
            ways: w.ways,
            symbol: symName(w.symbol),
            amount: money(coinsToMoney(stake, w.coins)),
          }),
    );
    const lit: Lit[] = [...screen.wins];
    if (screen.scatterCoins > 0) {
      const scatter = R.symbols.find((s) => s.kind === 'scatter');
      lines.push(t('scatterWin', { count: screen.scatters, amount: money(coinsToMoney(stake, screen.scatterCoins)) }));
      lit.push({
        cells: screen.grid.flatMap((col, r) =>
          col.flatMap((id, row) => (id === scatter?.id ? [[r, row] as const] : [])),
        ),
      });
    }
    if (lines.length === 0) return;
    for (const [i, w] of lit.entries()) {
      for (const column of cells) for (const cell of column) cell.classList.add('dim');
      for (const [r, row] of w.cells) {
        const cell = cells[r]![row]!;
        cell.classList.remove('dim');
        cell.classList.add('win');
      }
      drawLine(w.line ? w.cells : null);
      banner.textContent = lines[i] ?? '';
      await G.wait(G.ms(seconds * 1000));
      drawLine(null);
      for (const column of cells) for (const cell of column) cell.classList.remove('dim', 'win');
    }
  }

  return { layer, showWins };
}
