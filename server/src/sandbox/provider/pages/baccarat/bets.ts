/**
 * The baccarat bets: the spots (Player, Tie, Banker and the pairs the rules offer) with their chip stacks,
 * the chip tray, and the chips on the table, kept in the browser between visits.
 */
import type { BaccaratRules } from '../../games/baccarat';
import type { GameKit } from '../kit/types';

export type Bet = 'player' | 'tie' | 'banker' | 'playerPair' | 'bankerPair';
export const SIDES = ['player', 'tie', 'banker'] as const;
const CHIPS = [1, 5, 10, 50, 100, 500];

/** A Banker win on 6's pay as the felt says it ("1:2"), or null on a commission table. */
function sixPays(rules: BaccaratRules | undefined): string | null {
  const six = rules?.bankerSixPays;
  if (!six) return null;
  return six < 1 ? `1:${Math.round(1 / six)}` : `${six}:1`;
}

/**
 * The words of the Banker and Tie pays, for the felt's arc and the rules sheet's No Commission line alike:
 * Banker's and Tie's pay to one ("0.95", "8") and the six's exception ("1:2"), or null without one.
 */
export function payWords(rules: BaccaratRules | undefined) {
  return {
    banker: String(rules?.bets.banker?.pays ?? ''),
    tie: String(rules?.bets.tie?.pays ?? ''),
    six: sixPays(rules),
  };
}

/** The bets this table offers, and each one's pays ("1:1") and exact return ("98.94%") from the rules. */
export function tableBets(rules: BaccaratRules | undefined) {
  const ruleBets = rules?.bets ?? {};
  const pairs = (['playerPair', 'bankerPair'] as const).filter((b) => ruleBets[b]);
  const bets: Bet[] = [...SIDES, ...pairs];
  const pays = Object.fromEntries(bets.map((s) => [s, `${ruleBets[s]?.pays ?? '?'}:1`])) as Record<Bet, string>;
  // No Commission: the Banker spot names its exception ("1:1 (6: 1:2)")
  const six = sixPays(rules);
  if (six) pays.banker = `${pays.banker} (6: ${six})`;
  const rtp = Object.fromEntries(bets.map((s) => [s, `${((ruleBets[s]?.rtp ?? 0) * 100).toFixed(2)}%`])) as Record<
    Bet,
    string
  >;
  return { bets, pairs: pairs as readonly Bet[], pays, rtp };
}

interface Spot {
  button: HTMLButtonElement;
  stack: HTMLElement;
  amount: HTMLElement;
}

/** Splits an amount into chips, largest first, for the stack drawing. */
function chipsFor(amount: number) {
  const out: number[] = [];
  let left = Math.round(amount / 100);
  for (const value of [...CHIPS].reverse()) {
    while (left >= value && out.length < 5) {
      out.push(value);
      left -= value;
    }
  }
  return out;
}

export function createBets(G: GameKit, table: ReturnType<typeof tableBets>, onTap: (bet: Bet) => void) {
  const { el, t, money } = G;
  const { bets: BETS, pairs: PAIRS, pays: PAYS } = table;

  const spots = {} as Record<Bet, Spot>;
  const betAreas = el('div', { class: 'bac-bets' });
  const pairAreas = el('div', { class: 'bac-pairs' });
  for (const side of BETS) {
    const stack = el('div', { class: 'bac-stack', 'aria-hidden': 'true' });
    const amount = el('span', { class: 'bac-stack-amount' });
    const button = el(
      'button',
      {
        type: 'button',
        class: `bac-spot bac-spot-${side}`,
        'aria-label': t('betArea', { side: t(side), pays: PAYS[side] }),
      },
      el('span', { class: 'bac-spot-name', text: t(side) }),
      el('span', { class: 'bac-spot-pays', text: PAYS[side] }),
      stack,
      amount,
    );
    button.addEventListener('click', () => onTap(side));
    spots[side] = { button, stack, amount };
    (PAIRS.includes(side) ? pairAreas : betAreas).append(button);
  }

  let chip = G.store.get('baccarat:chip', 1000);
  if (!CHIPS.includes(chip / 100)) chip = 1000;
  const chipButtons = CHIPS.map((value) => {
    const button = el(
      'button',
      {
        type: 'button',
        class: `bac-chip bac-chip-${value}`,
        'aria-label': t('chipLabel', { amount: money(value * 100) }),
        'aria-pressed': String(value * 100 === chip),
      },
      el('span', { text: value >= 1000 ? `${value / 1000}K` : String(value) }),
    );
    button.addEventListener('click', () => {
      chip = value * 100;
      G.store.set('baccarat:chip', chip);
      G.sound.play('chip');
      for (const b of chipButtons) b.setAttribute('aria-pressed', String(b === button));
    });
    return button;
  });
  const chipTray = el('div', { class: 'bac-chips', role: 'group', 'aria-label': t('chips') }, chipButtons);

  /** The chips on the table: { bet: centavos }, several bets at once (the server settles each). */
  const placed: Partial<Record<Bet, number>> = {};
  const saved = G.store.get<unknown>('baccarat:bets', null);
  if (saved && typeof saved === 'object') {
    let sum = 0;
    for (const [side, amount] of Object.entries(saved as Record<string, unknown>))
      if (
        BETS.includes(side as Bet) &&
        typeof amount === 'number' &&
        Number.isInteger(amount) &&
        amount >= G.MIN_STAKE &&
        sum + amount <= G.MAX_STAKE
      ) {
        placed[side as Bet] = amount;
        sum += amount;
      }
  }
  const total = () => Object.values(placed).reduce((a, b) => a + b, 0);

  /** Each spot's stack and amount, then the chips kept in the browser. */
  function paint() {
    for (const side of BETS) {
      const spot = spots[side];
      const amount = placed[side] || 0;
      spot.button.classList.toggle('has-bet', amount > 0);
      spot.amount.textContent = amount ? money(amount) : '';
      spot.button.setAttribute(
        'aria-label',
        amount
          ? `${t('betArea', { side: t(side), pays: PAYS[side] })}, ${t('betOn', { amount: money(amount), side: t(side) })}`
          : t('betArea', { side: t(side), pays: PAYS[side] }),
      );
      spot.stack.replaceChildren(
        ...(amount ? chipsFor(amount) : []).map((v, i) =>
          el('i', { class: `bac-chip-mini bac-chip-${v}`, style: `--i:${i}` }),
        ),
      );
    }
    G.store.set('baccarat:bets', total() > 0 ? placed : null);
  }

  /** Locks or frees the spots and the chips. */
  function setDisabled(locked: boolean) {
    for (const side of BETS) spots[side].button.disabled = locked;
    for (const b of chipButtons) b.disabled = locked;
  }

  /** Marks each spot won, returned or lost after a hand (none: a new hand). */
  function mark(states: Partial<Record<Bet, 'winner' | 'loser' | 'push'>>) {
    for (const side of BETS) {
      spots[side].button.classList.remove('winner', 'loser', 'push');
      const state = states[side];
      if (state) spots[side].button.classList.add(state);
    }
  }

  return {
    pairAreas,
    betAreas,
    chipTray,
    placed,
    total,
    get chip() {
      return chip;
    },
    paint,
    setDisabled,
    mark,
  };
}
