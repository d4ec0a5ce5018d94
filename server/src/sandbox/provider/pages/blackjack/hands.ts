/**
 * The blackjack table: the dealer's cards (the hole card face down while the round is open) and the
 * player's hands side by side, the one being played marked; only new cards are dealt on each answer.
 */
import type { Card } from '../../games/cards';
import type { TableKit } from '../kit/table/types';
import type { GameKit } from '../kit/types';

/** A hand as drawn: the view's, or a settled hand (no soft total, its return). */
export interface DrawnHand {
  cards: Card[];
  total: number;
  soft: boolean;
  stake: number;
  doubled: boolean;
  win?: number;
}

interface Zone {
  zone: HTMLElement;
  cards: HTMLElement;
  total: HTMLElement;
  stakeTag: HTMLElement;
  result: HTMLElement;
  /** How many of the hand's cards are on the table. */
  shown: number;
  first: Card | null;
}

export function createTable(G: GameKit, K: TableKit) {
  const { el, t, money } = G;
  const dealerCards = el('div', { class: 'tk-cards' });
  const dealerTotal = el('span', { class: 'tk-total' });
  const dealerZone = el(
    'div',
    { class: 'tk-hand bj-dealer' },
    el('h3', {}, t('dealer'), ' ', dealerTotal),
    dealerCards,
  );
  const hands = el('div', { class: 'bj-hands', role: 'list' });
  const insuredLine = el('div', { class: 'bj-insured', hidden: true });
  const node = el('section', { class: 'tk-stage bj-table' }, dealerZone, insuredLine, hands);

  /** The hands on the table: each zone keeps how many of its cards are shown, to deal only the new ones. */
  let zones: Zone[] = [];
  let dealerShown = 0;
  const label = (n: number, count: number) => (count > 1 ? t('handN', { n }) : t('you'));
  const totalText = (h: DrawnHand) => (h.soft && h.total < 21 ? `${h.total} ${t('soft')}` : String(h.total));
  function zoneOf(count: number, i: number): Zone {
    const cards = el('div', { class: 'tk-cards' });
    const total = el('span', { class: 'tk-total' });
    const stakeTag = el('span', { class: 'bj-stake' });
    const result = el('span', { class: 'bj-result', hidden: true });
    const title = el('h3', {}, label(i + 1, count), ' ', total);
    const zone = el('div', { class: 'tk-hand bj-hand', role: 'listitem' }, title, cards, stakeTag, result);
    return { zone, cards, total, stakeTag, result, shown: 0, first: null };
  }

  async function drawHands(list: readonly DrawnHand[], active: number, over: boolean) {
    if (list.length !== zones.length) {
      zones = list.map((_, i) => zoneOf(list.length, i));
      hands.replaceChildren(...zones.map((z) => z.zone));
      hands.dataset.count = String(list.length);
    }
    for (const [i, h] of list.entries()) {
      const z = zones[i] as Zone;
      if (h.cards.length < z.shown || (z.first && z.first !== h.cards[0])) {
        z.cards.replaceChildren();
        z.shown = 0;
      }
      z.zone.classList.toggle('active', !over && i === active);
      z.zone.setAttribute('aria-current', !over && i === active ? 'true' : 'false');
      await K.reveal(
        z.cards,
        h.cards.slice(z.shown).map((c) => K.card(c)),
        300,
      );
      z.shown = h.cards.length;
      z.first = h.cards[0] ?? null;
      z.total.textContent = totalText(h);
      z.stakeTag.textContent = h.doubled ? `${money(h.stake)} · ${t('doubled')}` : money(h.stake);
      const settled = typeof h.win === 'number';
      z.result.hidden = !settled;
      z.zone.classList.toggle('winner', h.win !== undefined && h.win > h.stake);
      if (h.win !== undefined) {
        const key = h.win > h.stake ? 'handWin' : h.win === h.stake ? 'handPush' : 'handLose';
        z.result.textContent = t(key);
        z.result.className = `bj-result ${key}`;
      }
    }
  }

  async function drawDealer(cards: readonly Card[], total: number, hole?: boolean) {
    if (cards.length < dealerShown || (dealerShown && dealerCards.querySelector('.tk-back'))) {
      dealerCards.replaceChildren();
      dealerShown = 0;
    }
    await K.reveal(
      dealerCards,
      cards.slice(dealerShown).map((c) => K.card(c)),
      300,
    );
    dealerShown = cards.length;
    if (hole) dealerCards.append(K.card(null));
    dealerTotal.textContent = String(total);
  }

  function showInsurance(amount: number) {
    insuredLine.hidden = !amount;
    insuredLine.textContent = amount ? t('insured', { amount: money(amount) }) : '';
  }

  /** An empty table for a new round. */
  function clear() {
    zones = [];
    hands.replaceChildren();
    dealerCards.replaceChildren();
    dealerTotal.textContent = '';
    dealerShown = 0;
    showInsurance(0);
  }

  return { node, drawHands, drawDealer, showInsurance, clear };
}
