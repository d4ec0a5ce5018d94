/* Cards, dice and the texts every table draws the same way. */
import type { GameKit } from '../types';
import type { TableKit } from './types';

const SUIT: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const PIPS: Record<number, readonly number[]> = {
  1: [5],
  2: [1, 9],
  3: [1, 5, 9],
  4: [1, 3, 7, 9],
  5: [1, 3, 5, 7, 9],
  6: [1, 3, 4, 6, 7, 9],
};

export type Pieces = Pick<TableKit, 'card' | 'die' | 'reveal' | 'paysText' | 'pct' | 'pushText'>;

export function pieces(G: GameKit): Pieces {
  const { el, t, money } = G;

  const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
  const paysText = (pays: number) => t('kitToOne', { pays: Number.isInteger(pays) ? pays : pays.toFixed(2) });

  function card(code?: string | null, extra = ''): HTMLElement {
    if (!code) return el('div', { class: `tk-card tk-back ${extra}`, role: 'img', 'aria-label': '?' });
    const rank = code.slice(0, -1);
    const suit = code.slice(-1);
    const red = suit === 'H' || suit === 'D';
    return el(
      'div',
      { class: `tk-card ${red ? 'red' : ''} ${extra}`, role: 'img', 'aria-label': `${rank}${SUIT[suit]}` },
      el('b', { text: rank }),
      el('span', { text: SUIT[suit] }),
    );
  }

  function die(face: number, color?: string): HTMLElement {
    const node = el('div', {
      class: `tk-die${color ? ` tk-color-${color}` : ''}`,
      role: 'img',
      'aria-label': color ? t(color) : String(face),
    });
    if (!color) for (let i = 1; i <= 9; i++) node.append(el('i', { class: PIPS[face]?.includes(i) ? 'on' : '' }));
    return node;
  }

  /** Reveals nodes one by one (a short pop each; none with reduced motion). */
  async function reveal(container: Element, nodes: readonly Element[], gap = 260): Promise<void> {
    for (const node of nodes) {
      container.append(node);
      G.sound.play('card');
      if (!G.reducedMotion()) {
        node.animate(
          [
            { transform: 'translateY(-18px) scale(.85)', opacity: 0 },
            { transform: 'none', opacity: 1 },
          ],
          { duration: 240, easing: 'cubic-bezier(.2,.7,.3,1)' },
        );
        await G.wait(G.ms(gap));
      }
    }
  }

  /** A win of no more than the stake: the whole stake back (a push), or part of it (a partial win). */
  const pushText = (answer: { win: number; stake: number }) =>
    answer.win < answer.stake
      ? t('kitBack', { amount: money(answer.win), stake: money(answer.stake) })
      : t('kitPush', { amount: money(answer.win) });

  return { card, die, reveal, paysText, pct, pushText };
}
