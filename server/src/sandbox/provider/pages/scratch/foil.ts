/**
 * The scratch card's foil: one canvas over the nine panels. Dragging scratches it away (a panel counts as
 * uncovered once 45% of its foil is gone), a tap without a drag uncovers the panel under it.
 */
import type { GameKit } from '../kit/game';

export interface Foil {
  canvas: HTMLCanvasElement;
  /** Draws the whole foil; `full: false` keeps the panels already uncovered clear (after a resize). */
  draw(full?: boolean): void;
  /** Clears one panel's foil. */
  clear(i: number): void;
  /** Clears the whole foil. */
  clearAll(): void;
}

export function createFoil(
  G: GameKit,
  options: {
    cells: readonly HTMLElement[];
    symbol: string;
    /** True while a card is open to scratch. */
    open(): boolean;
    revealed(i: number): boolean;
    /** A panel uncovered by scratching or a tap. */
    uncover(i: number): void;
  },
): Foil {
  const { cells, symbol, open, revealed, uncover } = options;
  const foil = G.el('canvas', { class: 'sc-foil', 'aria-hidden': 'true' });
  const ctx = foil.getContext('2d', { willReadFrequently: true });
  let scale = 1;

  function cellRect(i: number) {
    const board = foil.getBoundingClientRect();
    const r = cells[i]!.getBoundingClientRect();
    return {
      x: (r.left - board.left) * scale,
      y: (r.top - board.top) * scale,
      w: r.width * scale,
      h: r.height * scale,
    };
  }
  function clear(i: number) {
    const r = cellRect(i);
    ctx?.clearRect(r.x - 2, r.y - 2, r.w + 4, r.h + 4);
  }
  function draw(full = true) {
    const rect = foil.getBoundingClientRect();
    scale = window.devicePixelRatio || 1;
    foil.width = Math.max(1, Math.round(rect.width * scale));
    foil.height = Math.max(1, Math.round(rect.height * scale));
    if (!ctx) return;
    ctx.globalCompositeOperation = 'source-over';
    const g = ctx.createLinearGradient(0, 0, foil.width, foil.height);
    g.addColorStop(0, '#c7ccd3');
    g.addColorStop(0.45, '#eef1f4');
    g.addColorStop(0.55, '#b3b9c2');
    g.addColorStop(1, '#dfe3e8');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, foil.width, foil.height);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = `800 ${Math.round(26 * scale)}px system-ui, sans-serif`;
    cells.forEach((_, i) => {
      const r = cellRect(i);
      ctx.strokeStyle = 'rgba(70, 78, 90, 0.35)';
      ctx.lineWidth = 2 * scale;
      ctx.strokeRect(r.x + 3 * scale, r.y + 3 * scale, r.w - 6 * scale, r.h - 6 * scale);
      ctx.fillStyle = 'rgba(70, 78, 90, 0.5)';
      ctx.fillText(symbol, r.x + r.w / 2, r.y + r.h / 2);
    });
    if (!full)
      cells.forEach((_, i) => {
        if (revealed(i)) clear(i);
      });
  }
  /** Share of a panel's foil already scratched away (sampled). */
  function cleared(i: number) {
    if (!ctx) return 1;
    const r = cellRect(i);
    const w = Math.max(1, Math.floor(r.w));
    const h = Math.max(1, Math.floor(r.h));
    const data = ctx.getImageData(Math.floor(r.x), Math.floor(r.y), w, h).data;
    let clearCount = 0;
    let seen = 0;
    for (let p = 3; p < data.length; p += 4 * 7) {
      seen++;
      if (data[p]! < 40) clearCount++;
    }
    return seen ? clearCount / seen : 1;
  }

  let scratching = false;
  let last: { x: number; y: number } | null = null;
  let moves = 0;
  const point = (event: PointerEvent) => {
    const rect = foil.getBoundingClientRect();
    return { x: (event.clientX - rect.left) * scale, y: (event.clientY - rect.top) * scale };
  };
  function check() {
    cells.forEach((_, i) => {
      if (!revealed(i) && cleared(i) > 0.45) uncover(i);
    });
  }
  function scratchTo(p: { x: number; y: number }) {
    if (!ctx) return;
    ctx.globalCompositeOperation = 'destination-out';
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = 30 * scale;
    ctx.beginPath();
    ctx.moveTo((last ?? p).x, (last ?? p).y + 0.01);
    ctx.lineTo(p.x, p.y);
    ctx.stroke();
    ctx.globalCompositeOperation = 'source-over';
    last = p;
    if (++moves % 5 === 0) check();
  }
  foil.addEventListener('pointerdown', (event) => {
    if (!open()) return;
    scratching = true;
    last = null;
    foil.setPointerCapture?.(event.pointerId);
    scratchTo(point(event));
  });
  foil.addEventListener('pointermove', (event) => {
    if (scratching && open()) scratchTo(point(event));
  });
  const stop = () => {
    if (!scratching) return;
    scratching = false;
    last = null;
    if (open()) check();
  };
  foil.addEventListener('pointerup', stop);
  foil.addEventListener('pointercancel', stop);
  // A tap without a drag uncovers the panel under it.
  foil.addEventListener('click', (event) => {
    if (!open()) return;
    const hit = cells.findIndex((cell) => {
      const r = cell.getBoundingClientRect();
      return event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom;
    });
    if (hit >= 0 && cleared(hit) < 0.2) uncover(hit);
  });

  return {
    canvas: foil,
    draw,
    clear,
    clearAll: () => ctx?.clearRect(0, 0, foil.width, foil.height),
  };
}
