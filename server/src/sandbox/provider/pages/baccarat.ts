/*
 * Royal Baccarat: a "live table" look. The player stacks chips on Player, Banker, Tie, Player Pair and
 * Banker Pair (several bets in one hand) and deals; the server deals the whole hand at once and this page lays
 * the cards out one by one, face up, in table order, then marks each bet won, returned or lost.
 *
 * baccarat/strings (labels), cards (faces, totals), felt (shoe, hands, banner, studio), road (a private
 * table's road), bets (spots, chips, the chips on the table); this module deals a hand and says the result.
 */
import type { BaccaratOutcome, BaccaratRules } from '../games/baccarat';
import type { Card } from '../games/cards';
import { type Bet, createBets, payWords, tableBets } from './baccarat/bets';
import { isPair } from './baccarat/cards';
import { createFelt, type Side, studio, topBar } from './baccarat/felt';
import { createRoad } from './baccarat/road';
import { EN, VI } from './baccarat/strings';
import { Game } from './kit/game';
import type { GameKit } from './kit/types';

/** Speed deals quicker; squeeze lingers before each card is turned. */
const PACES: Record<BaccaratRules['pace'], number> = { table: 1, speed: 0.35, squeeze: 2 };

function start(G: GameKit) {
  const { el, t, money } = G;
  G.addStrings(EN, VI);

  // Pays and returns come from the server's rules for this title (games/baccarat.ts); the pair bets are
  // offered only when the rules have them.
  const rules = G.rules as BaccaratRules | undefined;
  const table = tableBets(rules);
  const { bets: BETS, pairs: PAIRS, pays: PAYS, rtp: RTP } = table;
  document.body.classList.add(`bac-pace-${rules?.pace || 'table'}`);
  const PACE = (rules?.pace && PACES[rules.pace]) ?? 1;

  /* ---------- layout ---------- */

  const road = createRoad(G);
  const felt = createFelt(G);
  const bets = createBets(G, table, tapSpot);
  const message = el('div', { class: 'bac-message', 'aria-live': 'polite' });
  const betLines = el('ul', { class: 'bac-bet-lines', 'aria-live': 'polite' });

  const clearButton = el('button', { type: 'button', class: 'g-btn bac-clear', text: t('clear') });
  const doubleButton = el('button', { type: 'button', class: 'g-btn bac-double', text: `×2` });
  doubleButton.setAttribute('aria-label', t('double'));
  const dealButton = el('button', { type: 'button', class: 'bac-deal', text: t('deal') });
  const actions = el('div', { class: 'bac-actions' }, clearButton, doubleButton, dealButton);

  // A shared table's road is the table's own, from the server, beside its dealer scene (common.js's live
  // panel); a private table keeps the browser's road of the player's hands and its studio.
  G.stage.append(
    topBar(G),
    ...(G.titleInfo.shared ? [] : [road.node, studio(G)]),
    felt.node,
    bets.pairAreas,
    bets.betAreas,
    message,
    betLines,
    bets.chipTray,
    actions,
  );

  /* ---------- the bet ---------- */

  const placed = bets.placed;
  const hasBet = () => bets.total() > 0;

  function paintBet() {
    bets.paint();
    paintControls();
    if (!G.busy && !showingResult) paintIdleMessage();
  }

  /** The last hand's result stays in the message line until the player touches the table again. */
  let showingResult = false;
  function paintIdleMessage() {
    message.className = 'bac-message';
    message.textContent = hasBet() ? t('readyToDeal', { amount: money(bets.total()) }) : t('placeBet');
  }

  function tapSpot(side: Bet) {
    if (G.busy || G.ended) return;
    if (showingResult) {
      showingResult = false;
      clearTable();
    }
    if (bets.total() + bets.chip > G.MAX_STAKE) {
      G.toast(t('maxBet', { max: money(G.MAX_STAKE) }));
      return;
    }
    placed[side] = (placed[side] || 0) + bets.chip;
    G.sound.play('chip');
    paintBet();
  }

  clearButton.addEventListener('click', () => {
    if (G.busy) return;
    for (const side of Object.keys(placed) as Bet[]) delete placed[side];
    showingResult = false;
    G.sound.play('click');
    paintBet();
  });
  doubleButton.addEventListener('click', () => {
    if (G.busy || !hasBet()) return;
    if (bets.total() * 2 > G.MAX_STAKE) {
      G.toast(t('maxBet', { max: money(G.MAX_STAKE) }));
      return;
    }
    for (const [side, amount] of Object.entries(placed) as [Bet, number][]) placed[side] = amount * 2;
    showingResult = false;
    G.sound.play('chip');
    paintBet();
  });

  function paintControls() {
    const locked = G.busy || G.ended;
    dealButton.disabled = locked || !hasBet();
    clearButton.disabled = locked || !hasBet();
    doubleButton.disabled = locked || !hasBet() || bets.total() * 2 > G.MAX_STAKE;
    bets.setDisabled(locked);
    dealButton.classList.toggle('busy', G.busy);
  }
  G.onLock(paintControls);

  function clearTable() {
    betLines.replaceChildren();
    felt.clear();
    bets.mark({});
  }

  /* ---------- a hand ---------- */

  /** Each bet by what it returned: won, returned (Player and Banker on a tie) or lost. */
  function markBets(outcome: BaccaratOutcome, stakes: Partial<Record<Bet, number>>) {
    const { winner, player, banker } = outcome;
    const returns = outcome.returns || {};
    // The pairs light up when their side's first two cards pair, whether or not a chip was on them.
    const wonBy: Record<Bet, boolean> = {
      player: winner === 'player',
      banker: winner === 'banker',
      tie: winner === 'tie',
      playerPair: isPair(player),
      bankerPair: isPair(banker),
    };
    bets.mark(
      Object.fromEntries(
        BETS.map((s) => {
          const back = returns[s];
          const stake = stakes[s];
          const state =
            back === undefined
              ? wonBy[s]
                ? 'winner'
                : winner === 'tie' && (s === 'player' || s === 'banker')
                  ? 'push'
                  : 'loser'
              : stake !== undefined && back > stake
                ? 'winner'
                : back === stake
                  ? 'push'
                  : 'loser';
          return [s, state];
        }),
      ),
    );
    // One line per bet under the total: which won, which came back, which lost.
    const entries = Object.entries(stakes) as [Bet, number][];
    betLines.replaceChildren(
      ...entries.map(([s, amount]) => {
        const back = returns[s] ?? 0;
        const line =
          back > amount
            ? t('betWon', { side: t(s), amount: money(back) })
            : back === amount
              ? t('betPush', { side: t(s), amount: money(back) })
              : t('betLost', { side: t(s) });
        return el('li', { text: line, 'data-bet': s });
      }),
    );
  }

  async function deal() {
    if (G.busy || G.ended || !hasBet()) return;
    clearTable();
    const stakes = { ...placed };
    showingResult = false;
    message.className = 'bac-message';
    message.textContent = t('dealing');
    G.sound.play('click');
    const answer = await G.play<BaccaratOutcome>({ bets: stakes });
    if (!answer) {
      paintIdleMessage();
      return;
    }
    const { outcome } = answer;
    const { player, banker, winner } = outcome;
    const order: [Side, Card | undefined, number][] = [
      ['player', player[0], 0],
      ['banker', banker[0], 0],
      ['player', player[1], 1],
      ['banker', banker[1], 1],
    ];
    if (player[2]) order.push(['player', player[2], 2]);
    if (banker[2]) order.push(['banker', banker[2], 2]);
    const shown: Record<Side, Card[]> = { player: [], banker: [] };
    for (const [who, card, index] of order) {
      if (!card) continue;
      await felt.dealCard(who, card, index);
      shown[who].push(card);
      felt.showTotal(who, shown[who]);
      await G.wait(G.ms((index === 1 && who === 'banker' ? 420 : 160) * PACE));
    }

    felt.showWinner(outcome);
    markBets(outcome, stakes);
    showingResult = true;

    if (answer.win > answer.stake) {
      message.className = 'bac-message win';
      message.textContent = t('youWin', { amount: money(answer.win) });
      G.sound.play('win');
    } else if (answer.win === answer.stake) {
      message.className = 'bac-message push';
      message.textContent = t('push', { amount: money(answer.stake) });
      G.sound.play('push');
    } else if (answer.win > 0) {
      // Some bets won, less than the whole stake came back (a pair lost beside a winning side).
      message.className = 'bac-message push';
      message.textContent = t('youGetBack', { amount: money(answer.win), stake: money(answer.stake) });
      G.sound.play('push');
    } else {
      message.className = 'bac-message lose';
      message.textContent = t('youLose', { amount: money(answer.stake) });
      G.sound.play('lose');
    }
    road.record(winner);
    G.finishRound(answer);
  }
  dealButton.addEventListener('click', deal);

  /* ---------- info ---------- */

  G.setInfo(() => {
    const pays = payWords(rules);
    const content = el(
      'div',
      { class: 'bac-info' },
      el('h3', { text: t('payouts') }),
      el(
        'table',
        { class: 'g-table' },
        el(
          'thead',
          {},
          el('tr', {}, el('th', { text: t('bet') }), el('th', { text: t('pays') }), el('th', { text: t('rtpShort') })),
        ),
        el(
          'tbody',
          {},
          BETS.map((s) =>
            el('tr', {}, el('td', { text: t(s) }), el('td', { text: PAYS[s] }), el('td', { text: RTP[s] })),
          ),
        ),
      ),
      el('h3', { text: t('rules') }),
      el(
        'ul',
        {},
        [
          'ruleDeck',
          'ruleValues',
          'ruleNatural',
          'rulePlayer',
          'ruleBanker',
          'rulePush',
          ...(PAIRS.length ? ['rulePair'] : []),
        ].map((k) => el('li', { text: t(k) })),
        pays.six ? el('li', { text: t('ruleSix', { banker: pays.banker, six: pays.six }) }) : null,
        el('li', { text: t('stakeRange', { min: money(G.MIN_STAKE), max: money(G.MAX_STAKE) }) }),
        el('li', { text: t('fair') }),
        el('li', { text: t('malfunction') }),
      ),
      el(
        'p',
        { class: 'g-rtp' },
        el('span', { text: t('rtp') }),
        el('strong', { text: `${RTP.banker} · ${RTP.player} · ${RTP.tie}` }),
      ),
    );
    G.openSheet(G.data.title, content);
  });

  road.paint();
  paintBet();
}

if (Game) start(Game);
