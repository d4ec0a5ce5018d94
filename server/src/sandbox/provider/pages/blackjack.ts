/*
 * Blackjack: hit, stand, double, split and insurance against the dealer (see games/blackjack.ts). The
 * server's view says which actions are allowed now (`actions`): a button is shown only then. Split hands
 * sit side by side, the one being played marked; each further stake is taken by the server before its
 * card is dealt. blackjack/strings (labels), blackjack/hands (the dealer's and the player's cards).
 */
import type { BlackjackAction, BlackjackOutcome, BlackjackRules, BlackjackView } from '../games/blackjack';
import { createTable } from './blackjack/hands';
import { EN, VI } from './blackjack/strings';
import { Game } from './kit/game';
import type { TableKit as Kit } from './kit/table/types';
import { TableKit } from './kit/tablekit';
import type { GameKit } from './kit/types';

const ACTIONS: readonly BlackjackAction[] = ['hit', 'stand', 'double', 'split', 'insurance', 'decline'];

function start(G: GameKit, K: Kit) {
  const { el, t, money } = G;
  G.addStrings(EN, VI);
  const rules = G.rules as BlackjackRules | undefined;
  const table = createTable(G, K);
  const message = el('div', { class: 'tk-message', 'aria-live': 'polite' });
  const stake = G.stakeStepper({ values: [1, 5, 10, 20, 50, 100, 500, 1000, 5000], initial: 10 });
  const deal = el('button', { type: 'button', class: 'tk-play tk-deal', text: t('deal') });
  const button = (action: BlackjackAction) =>
    el('button', { type: 'button', class: `g-btn bj-${action}`, text: t(action), hidden: true });
  const buttons = ACTIONS.map((action) => [action, button(action)] as const);
  G.stage.append(
    table.node,
    message,
    el(
      'div',
      { class: 'tk-action-row bj-actions' },
      buttons.map(([, b]) => b),
    ),
    el('div', { class: 'tk-action-row' }, stake.node, deal),
  );

  let allowed: readonly BlackjackAction[] = [];
  const round = K.stepped<BlackjackView, BlackjackOutcome>({
    message,
    paint,
    async onView(v) {
      allowed = v.actions;
      await table.drawHands(v.hands, v.active, false);
      await table.drawDealer(v.dealer, v.dealerTotal, v.holeCard);
      table.showInsurance(v.insurance);
      if (v.phase === 'insurance') {
        message.className = 'tk-message';
        message.textContent = t('insuranceAsk', { amount: money(v.costs.insurance) });
      } else if (message.textContent === t('kitPlaying') || /2:1|2 ăn 1/.test(message.textContent ?? '')) {
        message.textContent = '';
      }
    },
    async onDone(a) {
      allowed = [];
      const o = a.outcome;
      await table.drawHands(
        o.hands.map((h) => ({ ...h, soft: false })),
        0,
        true,
      );
      await table.drawDealer(o.dealer, o.dealerTotal);
      table.showInsurance(o.insurance);
    },
  });
  function paint() {
    deal.disabled = G.ended || round.open || (G.busy && !round.open);
    stake.setDisabled(round.open || G.busy);
    for (const [action, b] of buttons) {
      b.hidden = !round.open || !allowed.includes(action);
      b.disabled = G.busy && !round.open;
    }
  }
  G.onLock(paint);
  deal.addEventListener('click', () => {
    table.clear();
    allowed = [];
    round.begin({ stake: stake.value });
  });
  for (const [action, b] of buttons) b.addEventListener('click', () => round.act(action));
  K.infoSheet(['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8'], [], [], {
    decks: rules?.decks ?? 6,
    max: money(G.MAX_STAKE),
  });
  paint();
}

if (Game && TableKit) start(Game, TableKit);
