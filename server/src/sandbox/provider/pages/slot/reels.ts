/** The reels: a grid of reels x rows cells, painted from a screen and spun to the server's screen. */
import type { SymbolArt } from './art';
import type { SlotPage } from './context';

export interface Reels {
  grid: HTMLElement;
  /** cells[reel][row]. */
  cells: HTMLElement[][];
  /** The server's screen (grid[reel][row]: symbol ids), or a sample of pay symbols before the first spin. */
  paint(screen: readonly (readonly string[])[] | null): void;
  /** Spins every reel, then stops them left to right on the screen. */
  spinTo(screen: readonly (readonly string[])[]): Promise<void>;
}

export function createReels({ G, R }: SlotPage, art: SymbolArt): Reels {
  const { el, t } = G;
  const cells: HTMLElement[][] = [];
  const reelNodes: HTMLElement[] = [];
  const grid = el('div', {
    class: 'sl-grid',
    role: 'group',
    'aria-label': t('reels'),
    style: `--reels:${R.reels};--rows:${R.rows}`,
  });
  for (let r = 0; r < R.reels; r++) {
    const reel = el('div', { class: 'sl-reel' });
    const column: HTMLElement[] = [];
    cells[r] = column;
    for (let row = 0; row < R.rows; row++) {
      const cell = el('div', { class: 'sl-cell' });
      column[row] = cell;
      reel.append(cell);
    }
    reelNodes.push(reel);
    grid.append(reel);
  }
  const cell = (r: number, row: number) => cells[r]![row]!;
  const paySymbols = R.symbols.filter((s) => s.kind === 'pay');

  function paint(screen: readonly (readonly string[])[] | null) {
    for (let r = 0; r < R.reels; r++)
      for (let row = 0; row < R.rows; row++) {
        const id = screen ? screen[r]![row]! : paySymbols[(r * 3 + row * 2) % paySymbols.length]!.id;
        cell(r, row).replaceChildren(art(id));
        cell(r, row).classList.remove('win', 'dim');
      }
  }

  async function spinTo(screen: readonly (readonly string[])[]) {
    G.sound.play('spin');
    for (const reel of reelNodes) reel.classList.add('spinning');
    const tick = setInterval(() => {
      for (let r = 0; r < R.reels; r++)
        if (reelNodes[r]!.classList.contains('spinning'))
          for (let row = 0; row < R.rows; row++)
            cell(r, row).replaceChildren(art(R.symbols[Math.floor(Math.random() * R.symbols.length)]!.id));
    }, 70);
    await G.wait(G.ms(450));
    for (let r = 0; r < R.reels; r++) {
      reelNodes[r]!.classList.remove('spinning');
      for (let row = 0; row < R.rows; row++) cell(r, row).replaceChildren(art(screen[r]![row]!));
      G.sound.play('stop');
      await G.wait(G.ms(160));
    }
    clearInterval(tick);
    for (let r = 0; r < R.reels; r++)
      for (let row = 0; row < R.rows; row++) cell(r, row).classList.remove('win', 'dim');
  }

  return { grid, cells, paint, spinTo };
}
