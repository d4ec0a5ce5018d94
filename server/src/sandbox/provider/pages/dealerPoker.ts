/*
 * Poker against the dealer: Caribbean Stud, Three Card Poker, Casino Hold'em (see games/dealerPoker.ts).
 * dealerPoker/strings holds the labels of the three games.
 */
import type { Card } from '../games/cards';
import type { DealerPokerOutcome, DealerPokerRules, DealerPokerView, PokerHand } from '../games/dealerPoker';
import { EN, VI } from './dealerPoker/strings';
import { Game } from './kit/game';
import type { TableKit as Kit } from './kit/table/types';
import { TableKit } from './kit/tablekit';
import type { GameKit } from './kit/types';

type Side = 'dealer' | 'board' | 'player';

/** The pay table's rows, best hand first. */
const ORDER: readonly PokerHand[] = [
  'royalFlush',
  'straightFlush',
  'fourKind',
  'fullHouse',
  'flush',
  'straight',
  'threeKind',
  'twoPair',
  'pair',
];

function start(G: GameKit, K: Kit) {
  const { el, t, money } = G;
  const R: Partial<DealerPokerRules> = (G.rules as DealerPokerRules | undefined) ?? {};
  const game = R.game ?? 'caribbeanStud';
  const callMultiple = R.callMultiple ?? 2;
  // Every game in the real table's order: the ante (and Three Card Poker's Pair Plus) at the deal, the call
  // (Three Card Poker's Play) staked only when the player calls, after seeing the cards.
  const threeCard = game === 'threeCard';
  const pairPlusTable = R.pairPlus?.pays ?? null;
  G.addStrings(EN, VI);
  const handName = (h: PokerHand | null | undefined) => (h ? t(`h_${h}`) : '');
  const zone = (who: string) => {
    const cards = el('div', { class: 'tk-cards' });
    const total = el('span', { class: 'tk-total' });
    return { cards, total, zone: el('div', { class: 'tk-hand' }, el('h3', {}, t(who), ' ', total), cards) };
  };
  const dealer = zone('dealer');
  const board = zone('board');
  const player = zone('you');
  const message = el('div', { class: 'tk-message', 'aria-live': 'polite' });
  const ppLine = el('div', { class: 'tk-message dp-pairplus-line', 'aria-live': 'polite' });
  const reserve = el('div', { class: 'tk-message dp-reserve' });
  const note = el('div', { class: 'tk-message dp-note', text: t('raiseNote') });
  // Pair Plus, equal to the ante, on or off (Three Card Poker only).
  let pairPlusOn = pairPlusTable ? G.store.get<unknown>('dealerPoker:pairPlus', false) === true : false;
  const pairPlusButton = pairPlusTable
    ? el('button', { type: 'button', class: 'g-btn dp-pairplus', 'aria-pressed': String(pairPlusOn) })
    : null;
  pairPlusButton?.addEventListener('click', () => {
    pairPlusOn = !pairPlusOn;
    G.store.set('dealerPoker:pairPlus', pairPlusOn);
    G.sound.play('chip');
    paintReserve();
  });
  const stake = G.stakeStepper({
    values: [1, 5, 10, 20, 50, 100, 500, 1000],
    initial: 10,
    onChange: () => paintReserve(),
  });
  const deal = el('button', { type: 'button', class: 'tk-play tk-deal', text: t('deal') });
  const call = el('button', { type: 'button', class: 'g-btn tk-hit', text: t(threeCard ? 'play' : 'call') });
  const fold = el('button', { type: 'button', class: 'g-btn tk-stand', text: t('fold') });
  const zones = [dealer.zone];
  if (game === 'casinoHoldem') zones.push(board.zone);
  zones.push(player.zone);
  G.stage.append(
    el('section', { class: 'tk-stage' }, el('div', { class: 'tk-fantan dp-table' }, ...zones)),
    message,
    ppLine,
    el('div', { class: 'tk-action-row' }, call, fold),
    el('div', { class: 'tk-action-row' }, stake.node, deal),
    // (Caribbean Stud and Casino Hold'em have no Pair Plus: nothing appended, not the text "null".)
    ...(pairPlusButton ? [el('div', { class: 'tk-action-row' }, pairPlusButton)] : []),
    reserve,
    note,
  );
  function paintReserve() {
    const ante = stake.value;
    if (pairPlusButton) {
      pairPlusButton.textContent = pairPlusOn ? t('pairPlusOn', { amount: money(ante) }) : t('pairPlusOff');
      pairPlusButton.setAttribute('aria-pressed', String(pairPlusOn));
    }
    reserve.textContent = t(threeCard ? 'stakeNow' : 'stakeNowCall', {
      ante: money(ante),
      pp: pairPlusOn ? t('ppPart', { amount: money(ante) }) : '',
      call: money(ante * callMultiple),
    });
  }
  const shown: Record<Side, number> = { dealer: 0, board: 0, player: 0 };
  const zoneOf = { dealer, board, player };
  /** Deals a side's new cards face up, then `backs` cards face down, and writes its label. */
  async function draw(side: Side, cards: readonly Card[], label: string | undefined, backs = 0) {
    const z = zoneOf[side];
    if (z.cards.querySelector('.tk-back')) {
      z.cards.replaceChildren();
      shown[side] = 0;
    }
    await K.reveal(
      z.cards,
      cards.slice(shown[side]).map((c) => K.card(c)),
      250,
    );
    shown[side] = cards.length;
    for (let i = 0; i < backs; i++) z.cards.append(K.card(null));
    z.total.textContent = label ?? '';
  }
  const holes = R.holeCards ?? 5;
  let open = false;
  const round = K.stepped<DealerPokerView, DealerPokerOutcome>({
    message,
    paint,
    async onView(v) {
      open = true;
      await draw('player', v.player, handName(v.playerHand));
      if (game === 'casinoHoldem') await draw('board', v.board, '', 5 - v.board.length);
      await draw('dealer', [], '', holes);
      message.className = 'tk-message';
      message.textContent = t(threeCard ? 'decideRaise' : 'decideCall', { call: money(v.call) });
    },
    async onDone(a) {
      open = false;
      const o = a.outcome;
      if (game === 'casinoHoldem') await draw('board', o.board, '');
      await draw('dealer', o.dealer, `${handName(o.dealerHand)} · ${t(o.qualifies ? 'qualify' : 'noQualify')}`);
      await draw('player', o.player, handName(o.playerHand));
      dealer.zone.classList.toggle('winner', o.result === 'lose');
      player.zone.classList.toggle('winner', o.result === 'win' || o.result === 'noQualify');
      if (o.choice === 'fold') G.toast?.(t('foldedRaise'));
      if (o.pairPlus > 0)
        ppLine.textContent = o.pairPlusWin
          ? t('pairPlusWon', { hand: handName(o.playerHand), amount: money(o.pairPlusWin) })
          : t('pairPlusLost');
    },
  });
  function paint() {
    deal.disabled = G.ended || round.open || (G.busy && !round.open);
    stake.setDisabled(round.open || G.busy);
    if (pairPlusButton) pairPlusButton.disabled = round.open || G.busy;
    call.disabled = fold.disabled = !open;
  }
  G.onLock(paint);
  deal.addEventListener('click', () => {
    for (const z of [dealer, board, player]) {
      z.cards.replaceChildren();
      z.total.textContent = '';
      z.zone.classList.remove('winner');
    }
    shown.dealer = shown.board = shown.player = 0;
    ppLine.textContent = '';
    round.begin(pairPlusOn ? { ante: stake.value, pairPlus: stake.value } : { ante: stake.value });
  });
  call.addEventListener('click', () => round.act('call'));
  fold.addEventListener('click', () => round.act('fold'));

  const table: Partial<Record<PokerHand, number>> = R.callPays ?? R.anteBonus ?? R.antePays ?? {};
  const rows = ORDER.flatMap((h) => {
    const pays = table[h];
    return pays === undefined ? [] : [[handName(h), K.paysText(pays)]];
  });
  if (game === 'casinoHoldem') rows.push([`${handName('straight')} ↓`, K.paysText(1)]);
  if (threeCard)
    K.infoSheet(
      ['tr1', 'tr2', 'tr3', 'tr4', ...(pairPlusTable ? ['tr5'] : []), 'tr6'],
      rows,
      [t('anteBonus'), t('pays')],
      {
        rtp: `RTP ${K.pct(R.pairPlus?.rtp ?? 0)}`,
      },
    );
  else
    K.infoSheet(
      game === 'caribbeanStud' ? ['cs1', 'cs2', 'cs3', 'cs4', 'undecided'] : ['ch1', 'ch2', 'ch3', 'ch4', 'undecided'],
      rows,
      [t('hand'), t('pays')],
      {},
    );
  paintReserve();
  paint();
}

if (Game && TableKit) start(Game, TableKit);
