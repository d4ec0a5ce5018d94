/** The other players at the pond: their cannons around it (masked names, levels) and their recent shots. */
import type { GameKit } from '../kit/game';
import { cannonSvg } from './art';
import type { PondEffects } from './effects';
import { screenAt } from './path';
import type { PondPlayer, Swimmer } from './types';

/** Where the others' cannons sit (fractions of the pond's width and height). */
const SLOTS: readonly (readonly [number, number])[] = [
  [0.2, 0],
  [0.8, 0],
  [0.5, 0],
  [0, 0.45],
  [1, 0.45],
  [0.14, 1],
  [0.86, 1],
];

export function createSeats(
  G: GameKit,
  deps: {
    seats: HTMLElement;
    crowd: HTMLElement;
    size: () => { w: number; h: number };
    swimming: ReadonlyMap<string, Swimmer>;
    serverNow: () => number;
    effects: PondEffects;
  },
) {
  const { el, t, money } = G;
  const { seats, crowd, size, swimming, serverNow, effects } = deps;
  /** The last shot time drawn per seat. */
  const seen = new Map<string, number>();
  return function paintSeats(players: readonly PondPlayer[]) {
    seats.replaceChildren();
    const { w, h } = size();
    players.slice(0, SLOTS.length).forEach((p, i) => {
      const [sx, sy] = SLOTS[i] as readonly [number, number];
      const seat = el(
        'div',
        { class: `fs-cannon fs-other fs-slot${i}`, style: `left:${sx * 100}%;top:${sy * 100}%` },
        el('span', { class: 'fs-barrel', html: cannonSvg }),
        el('span', { class: 'fs-seat-name', text: p.nickname }),
        el('span', { class: 'fs-level', text: money(p.level) }),
      );
      seats.append(seat);
      const key = `${p.nickname}:${i}`;
      const last = seen.get(key) ?? Date.now();
      for (const shot of [...p.shots].reverse()) {
        if (shot.at <= last || serverNow() - shot.at > 4000) continue;
        const target = swimming.get(shot.target);
        if (!target) continue;
        const [tx, ty] = screenAt(target.f, serverNow() + 250, w, h);
        effects.bullet(sx * w, sy * h, tx, ty, 'fs-their', 250).then(() => {
          if (!shot.caught) return effects.splash(tx, ty, false);
          effects.net(tx, ty);
          effects.coins(tx, ty, 6, shot.win);
        });
      }
      seen.set(key, Math.max(last, ...p.shots.map((s) => s.at)));
    });
    crowd.textContent = players.length ? t('fsPlayers', { n: players.length + 1 }) : t('fsAlone');
  };
}
