/** The shots' effects over the pond: bullets, splashes, the net and the coins of a catch. */
import type { GameKit } from '../kit/game';

export interface PondEffects {
  /** A bullet from (x0, y0) to (x1, y1) px over `duration` ms (cut under reduced motion); resolves on arrival. */
  bullet(x0: number, y0: number, x1: number, y1: number, kind: 'fs-own' | 'fs-their', duration: number): Promise<void>;
  splash(x: number, y: number, big: boolean): void;
  /** The net closing on a fish; remove() takes it away early (a refused shot). */
  net(x: number, y: number): { remove(): void };
  /** A catch: `count` coins burst and the win rises. */
  coins(x: number, y: number, count: number, win: number): void;
}

/** The DOM effects, and the win's rising label (text stays DOM under the Pixi pond too). */
export type DomEffects = PondEffects & { label(x: number, y: number, win: number): void };

/** The effects as DOM nodes in `layer` (styles/fishing.css animates them). */
export function domEffects(G: GameKit, layer: HTMLElement): DomEffects {
  const { el, money } = G;
  const label = (x: number, y: number, win: number) => {
    const node = el('span', { class: 'fs-win', style: `left:${x}px;top:${y}px`, text: `+${money(win)}` });
    layer.append(node);
    setTimeout(() => node.remove(), 1600);
  };
  return {
    label,
    bullet(x0, y0, x1, y1, kind, duration) {
      const node = el('span', { class: `fs-bullet ${kind}` });
      node.style.transform = `translate(${x0}px, ${y0}px)`;
      layer.append(node);
      const time = G.ms(duration);
      return new Promise<void>((resolve) => {
        requestAnimationFrame(() => {
          node.style.transition = `transform ${time}ms linear`;
          node.style.transform = `translate(${x1}px, ${y1}px)`;
          setTimeout(() => {
            node.remove();
            resolve();
          }, time);
        });
      });
    },
    splash(x, y, big) {
      const node = el('span', { class: `fs-splash${big ? ' big' : ''}`, style: `left:${x}px;top:${y}px` });
      layer.append(node);
      setTimeout(() => node.remove(), 700);
    },
    net(x, y) {
      const node = el('span', { class: 'fs-net', style: `left:${x}px;top:${y}px` });
      layer.append(node);
      setTimeout(() => node.remove(), 1100);
      return node;
    },
    coins(x, y, count, win) {
      for (let i = 0; i < count; i++) {
        const angle = (i / count) * Math.PI * 2;
        const node = el('span', {
          class: 'fs-coin',
          style: `left:${x}px;top:${y}px;--dx:${Math.cos(angle) * 60}px;--dy:${Math.sin(angle) * 60 - 30}px;--i:${i}`,
        });
        layer.append(node);
        setTimeout(() => node.remove(), 1400);
      }
      label(x, y, win);
    },
  };
}
