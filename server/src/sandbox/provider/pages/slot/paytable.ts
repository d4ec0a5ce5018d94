/** The header's info sheet: the paytable for the current bet, the rules of this configuration, the RTP. */
import type { SymbolArt } from './art';
import type { SlotPage } from './context';

export function openRulesSheet({ G, R, symName, ways }: SlotPage, art: SymbolArt, stake: number) {
  const { el, t, money } = G;
  const counts = (pays: Readonly<Record<number, number>>) =>
    Object.entries(pays)
      .filter(([, v]) => v > 0)
      .map(([n, v]) => el('span', {}, el('b', { text: `${n}×` }), ` ${money(Math.floor((stake * v) / R.coins))}`));
  const rows = R.symbols
    .filter((s) => Object.values(s.pays).some((v) => v > 0))
    .map((s) => {
      const pays =
        s.kind === 'scatter' ? Object.fromEntries(Object.entries(s.pays).map(([n, v]) => [n, v * R.coins])) : s.pays;
      return el(
        'div',
        { class: 'sl-pay-row' },
        art(s.id, true),
        el('div', {}, el('strong', { text: symName(s.id) }), el('div', { class: 'sl-pays' }, counts(pays))),
      );
    });
  const list = el('ul', { class: 'sl-rules' });
  list.append(el('li', { text: R.lines ? t('ruleLines', { n: R.lines.length }) : t('ruleWays', { n: ways }) }));
  if (R.symbols.some((s) => s.kind === 'wild')) list.append(el('li', { text: t('ruleWild') }));
  if (R.freeSpins)
    list.append(
      el('li', {
        text: t('ruleScatter', {
          counts: Object.entries(R.freeSpins.spins)
            .map(([n, s]) => `${n} → ${s}`)
            .join(', '),
          m: R.freeSpins.multiplier,
        }),
      }),
    );
  if (R.bonus) {
    const prizes = R.bonus.prizes.map((p) => p.x).join(' / ');
    list.append(
      el('li', {
        text:
          R.bonus.type === 'pick'
            ? t('rulePick', { n: R.bonus.trigger, picks: R.bonus.picks, prizes })
            : t('ruleWheel', { n: R.bonus.trigger, prizes }),
      }),
    );
  }
  const content = el(
    'div',
    { class: 'sl-sheet' },
    el('h3', { text: t('paytable') }),
    el('p', { class: 'sl-note', text: t('paysFor', { stake: money(stake) }) }),
    el('div', { class: 'sl-paytable' }, rows),
    el('h3', { text: t('rules') }),
    list,
    el('p', {}, el('strong', { text: `${t('rtp')}: ${(R.rtp * 100).toFixed(2)}%` })),
    el('p', { class: 'sl-note', text: t('stakeRange', { min: money(G.MIN_STAKE), max: money(G.MAX_STAKE) }) }),
    el('p', { class: 'sl-note', text: t('fair') }),
    el('p', { class: 'sl-note', text: t('malfunction') }),
  );
  G.openSheet(t('rules'), content);
}
