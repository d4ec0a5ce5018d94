/** The originals' strip of last results (dice's rolls, limbo's multipliers): newest first, won ones lit. */
import type { GameKit } from '../kit/types';

export function historyStrip(G: GameKit, label: string, keep: number) {
  const node = G.el('div', { class: 'og-history', 'aria-label': label });
  return {
    node,
    /** Adds a result at the front; the oldest past `keep` goes. */
    push(text: string, won: boolean) {
      node.prepend(G.el('span', { class: won ? 'won' : '', text }));
      while (node.children.length > keep) node.lastElementChild?.remove();
    },
  };
}
