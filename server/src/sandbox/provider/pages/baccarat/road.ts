/**
 * A private table's road: the winners of the player's own last hands, kept in the browser (a shared
 * table's road is the table's own, from the server, in common.js's live panel).
 */
import type { GameKit } from '../kit/types';
import type { Winner } from './felt';

const ROAD_SIZE = 20;
const WINNERS: readonly Winner[] = ['player', 'tie', 'banker'];
const isWinner = (w: unknown): w is Winner => WINNERS.includes(w as Winner);

export function createRoad(G: GameKit) {
  const { el, t } = G;
  const beads = el('div', { class: 'bac-road-beads' });
  const counts = el('div', { class: 'bac-road-counts' });
  const node = el(
    'section',
    { class: 'bac-road', 'aria-label': t('road') },
    el('span', { class: 'bac-road-title', text: t('road') }),
    beads,
    counts,
  );

  const stored = G.store.get<unknown>('baccarat:road', []);
  let history: Winner[] = Array.isArray(stored) ? stored : [];

  function paint() {
    history = history.filter(isWinner).slice(-ROAD_SIZE);
    beads.replaceChildren(
      ...history.map((w, i) =>
        el('i', {
          class: `bac-bead bac-bead-${w}${i === history.length - 1 ? ' last' : ''}`,
          text: t(`bead${w}`),
          title: t(w),
        }),
      ),
    );
    if (!history.length) beads.append(el('span', { class: 'bac-road-empty', text: t('roadEmpty') }));
    const count = (w: Winner) => history.filter((h) => h === w).length;
    counts.replaceChildren(
      ...(['player', 'banker', 'tie'] as const).map((w) =>
        el('span', { class: `bac-count bac-count-${w}` }, el('i', { text: t(`bead${w}`) }), String(count(w))),
      ),
    );
  }

  /** Adds a hand's winner, keeps the last ROAD_SIZE in the browser and repaints. */
  function record(winner: Winner) {
    history.push(winner);
    G.store.set('baccarat:road', history.slice(-ROAD_SIZE));
    paint();
  }

  return { node, paint, record };
}
