/**
 * The baccarat felt: the shoe, Player's and Banker's hands with their totals, the winner's banner; cards
 * slide from the shoe and turn face up. Also the private table's studio (a drawn dealer) and top bar.
 */

import type { BaccaratOutcome, BaccaratRules } from '../../games/baccarat';
import type { Card } from '../../games/cards';
import type { GameKit } from '../kit/types';
import { payWords } from './bets';
import { cardNode, handTotal } from './cards';

export type Side = 'player' | 'banker';
export type Winner = BaccaratOutcome['winner'];

const STUDIO_SVG = `<svg viewBox="0 0 240 120" preserveAspectRatio="xMidYMax meet">
      <path d="M60 122c2-27 23-42 60-44 37 2 58 17 60 44z" fill="#17171d"/>
      <path d="M104 79l16 32 16-32z" fill="#f4f1ea"/>
      <path d="M104 79l-12 7 16 26zM136 79l12 7-16 26z" fill="#2b2b35"/>
      <path d="M111 84l9 4.5-9 4.5zM129 84l-9 4.5 9 4.5z" fill="#c4161c"/>
      <rect x="141" y="97" width="17" height="6" rx="1.5" fill="#f0c75e"/>
      <rect x="112" y="62" width="16" height="19" rx="6" fill="#d29a74"/>
      <ellipse cx="120" cy="46" rx="19" ry="23" fill="#e4b38d"/>
      <path d="M100.5 48c-3-21 7-32 19.5-32s22.5 11 19.5 32c-3-11-9.5-17-19.5-17s-16.5 6-19.5 17z" fill="#2b1a12"/>
      <circle cx="120" cy="16" r="8.5" fill="#2b1a12"/>
      <path d="M110 48q3-2.6 6 0M124 48q3-2.6 6 0" stroke="#2b1a12" stroke-width="1.8" fill="none" stroke-linecap="round"/>
      <path d="M114.5 57.5q5.5 3.6 11 0" stroke="#a0523d" stroke-width="1.7" fill="none" stroke-linecap="round"/>
    </svg>`;

/** The live look's top bar: the auto-deal light and the table's name. */
export function topBar(G: GameKit) {
  const { el, t } = G;
  return el(
    'div',
    { class: 'bac-topbar' },
    el('span', { class: 'bac-live' }, el('i', { 'aria-hidden': 'true' }), t('live')),
    el('span', { class: 'bac-table-name', text: t('table') }),
  );
}

/** A private table's drawn dealer (a shared table has common.js's live dealer scene instead). */
export const studio = (G: GameKit) => G.el('div', { class: 'bac-studio', 'aria-hidden': 'true', html: STUDIO_SVG });

interface HandZone {
  zone: HTMLElement;
  total: HTMLElement;
  slots: HTMLElement;
}

/** The felt's pays, from the title's rules (Banker, its six's exception on a No Commission table, Tie). */
function feltWords(G: GameKit): string {
  const { banker, tie, six } = payWords(G.rules as BaccaratRules | undefined);
  return six ? G.t('feltTextSix', { banker, tie, six }) : G.t('feltText', { banker, tie });
}

export function createFelt(G: GameKit) {
  const { el, t } = G;

  function handZone(side: Side): HandZone {
    const total = el('span', { class: 'bac-total', 'aria-live': 'polite', text: '' });
    const slots = el('div', { class: 'bac-cards' });
    const zone = el(
      'div',
      { class: `bac-hand bac-hand-${side}` },
      el('div', { class: 'bac-hand-head' }, el('span', { class: 'bac-hand-name', text: t(side) }), total),
      slots,
    );
    return { zone, total, slots };
  }
  const hands: Record<Side, HandZone> = { player: handZone('player'), banker: handZone('banker') };
  const banner = el('div', { class: 'bac-banner', hidden: true, role: 'status' });
  const shoe = el('div', { class: 'bac-shoe', 'aria-hidden': 'true' }, el('i'));
  const feltText = el('div', {
    class: 'bac-felt-text',
    'aria-hidden': 'true',
    html: `<svg viewBox="0 0 360 60"><path id="bac-arc" d="M20 58Q180 -8 340 58" fill="none"/><text><textPath href="#bac-arc" startOffset="50%" text-anchor="middle">${feltWords(G)}</textPath></text></svg>`,
  });
  const node = el(
    'section',
    { class: 'bac-felt' },
    feltText,
    shoe,
    el('div', { class: 'bac-hands' }, hands.player.zone, hands.banker.zone),
    banner,
  );

  /** Slides a card from the shoe to its place in a hand, then turns it face up. */
  async function dealCard(side: Side, card: Card, index: number) {
    const cardEl = cardNode(el, card);
    if (index === 2) cardEl.classList.add('third');
    hands[side].slots.append(cardEl);
    G.sound.play('card');
    if (G.reducedMotion()) {
      cardEl.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 100 });
      await G.wait(100);
      return;
    }
    const from = shoe.getBoundingClientRect();
    const to = cardEl.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    const rest = index === 2 ? 'rotate(90deg)' : 'rotate(0deg)';
    const inner = cardEl.firstElementChild as HTMLElement;
    inner.style.transform = 'rotateY(180deg)';
    await cardEl.animate(
      [
        { transform: `translate(${dx}px, ${dy}px) rotate(-30deg) scale(.7)`, opacity: 0.6 },
        { transform: `translate(0, 0) ${rest} scale(1)`, opacity: 1 },
      ],
      { duration: 340, easing: 'cubic-bezier(.2,.7,.3,1)' },
    ).finished;
    G.sound.play('flip');
    await inner.animate([{ transform: 'rotateY(180deg)' }, { transform: 'rotateY(0deg)' }], {
      duration: 280,
      easing: 'ease-in-out',
    }).finished;
    inner.style.transform = '';
  }

  function showTotal(side: Side, cards: readonly Card[]) {
    const total = hands[side].total;
    total.textContent = String(handTotal(cards));
    total.setAttribute('aria-label', t('totalLabel', { side: t(side), total: handTotal(cards) }));
    total.classList.add('on');
    total.animate([{ transform: 'scale(1.35)' }, { transform: 'scale(1)' }], { duration: G.ms(250) });
  }

  /** The winner's hand lit and the banner over the felt: who won, and the score. */
  function showWinner(outcome: BaccaratOutcome) {
    const { winner } = outcome;
    node.classList.add(`won-${winner}`);
    if (winner !== 'tie') hands[winner].zone.classList.add('winner');
    banner.className = `bac-banner bac-banner-${winner}`;
    banner.replaceChildren(
      el('strong', { text: t(winner === 'tie' ? 'tieWins' : `${winner}Wins`) }),
      el('span', { text: `${outcome.playerTotal} : ${outcome.bankerTotal}` }),
    );
    banner.hidden = false;
    node.classList.add('has-banner');
  }

  /** An empty felt for the next hand. */
  function clear() {
    banner.hidden = true;
    node.classList.remove('has-banner');
    node.classList.remove('won-player', 'won-banker', 'won-tie');
    for (const side of ['player', 'banker'] as const) {
      hands[side].slots.replaceChildren();
      hands[side].total.textContent = '';
      hands[side].total.classList.remove('on');
      hands[side].zone.classList.remove('winner');
    }
  }

  return { node, dealCard, showTotal, showWinner, clear };
}
