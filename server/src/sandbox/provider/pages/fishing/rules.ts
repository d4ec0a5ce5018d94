/** The rules sheet: how a shot works, each fish with its multiplier and catch chance, the RTP and the levels. */
import type { GameKit } from '../kit/game';
import { fishSvg } from './art';
import type { Fish, FishingConfig } from './types';

export function openRules(G: GameKit, R: FishingConfig, bossId: string, name: (f: Fish) => string) {
  const { el, t, money } = G;
  const x100 = (f: Fish) => f.multiplier / 100;
  const rows = R.fish.map((f) =>
    el(
      'div',
      { class: 'fs-row' },
      el('span', { class: 'fs-icon', html: fishSvg(f) }),
      el('strong', { text: f.id === bossId ? `${name(f)} · ${t('fsBoss')}` : name(f) }),
      el('span', { text: `×${x100(f)}` }),
      el('span', { class: 'fs-note', text: t('fsChance', { p: ((R.rtp / x100(f)) * 100).toFixed(2) }) }),
    ),
  );
  G.openSheet(
    t('rules'),
    el(
      'div',
      {},
      el(
        'ul',
        {},
        el('li', { text: t('fsRule1') }),
        el('li', { text: t('fsRule2', { x: 'N' }) }),
        el('li', { text: t('fsRule3', { s: 30 }) }),
        el('li', { text: t('fsRule4') }),
      ),
      el('h3', { text: t('fsPays') }),
      rows,
      el('p', {}, el('strong', { text: `${t('rtp')}: ${(R.rtp * 100).toFixed(2)}%` })),
      el('p', { class: 'fs-note', text: `${t('fsLevel')}: ${R.levels.map((c) => money(c)).join(' · ')}` }),
      el('p', { class: 'fs-note', text: t('fair') }),
    ),
  );
}
