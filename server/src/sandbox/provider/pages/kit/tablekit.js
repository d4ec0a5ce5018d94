/*
 * The table kit shared by the table families' pages (lucky9, dragonTiger, roulette, sicBo, colorGame,
 * moneyWheel, andarBahar, fanTan, blackjack, videoPoker, hiLo): loaded by <family>.js with tables.css, it
 * draws a chip-bet felt from Game.rules.bets (pays and RTP come from the server's rules, never written
 * here), the chip tray, the result stage, a history strip and the "How to play" sheet, and plays rounds
 * through Game.play. A family page supplies its spots, its result drawing and its rule lines.
 */
import './common';
import '../styles/tables.css';

(() => {
  const G = window.Game;
  if (!G) return;
  const { el, t, money } = G;

  G.addStrings(
    {
      kitDeal: 'Deal',
      kitClear: 'Clear',
      kitRebet: 'Rebet',
      kitUndo: 'Undo',
      kitChips: 'Chips',
      kitChip: 'Chip {amount}',
      kitPlace: 'Pick a chip, then tap a bet.',
      kitTotal: 'Total bet {amount}. Tap {action}.',
      kitWin: 'You win {amount}',
      kitPush: 'Your {amount} is returned',
      kitBack: 'Back {amount} of your {stake} bet',
      kitLose: 'No win this round',
      kitMax: 'The maximum total bet is {max}.',
      kitMaxBets: 'At most {n} different bets in one round: add chips to a bet you have.',
      kitSpot: '{bet}, pays {pays}',
      kitSpotWith: '{bet}, pays {pays}, your bet {amount}',
      kitPays: 'Pays',
      kitBet: 'Bet',
      kitRtp: 'RTP',
      kitPaytable: 'Payouts',
      kitHistory: 'Last results',
      kitPlaying: 'Good luck…',
      kitToOne: '{pays}:1',
    },
    {
      kitDeal: 'Chia bài',
      kitClear: 'Xóa',
      kitRebet: 'Cược lại',
      kitUndo: 'Hoàn tác',
      kitChips: 'Phỉnh',
      kitChip: 'Phỉnh {amount}',
      kitPlace: 'Chọn phỉnh, rồi chạm vào cửa cược.',
      kitTotal: 'Tổng cược {amount}. Chạm {action}.',
      kitWin: 'Bạn thắng {amount}',
      kitPush: 'Hoàn lại {amount}',
      kitBack: 'Nhận lại {amount} trên {stake} tiền cược',
      kitLose: 'Ván này không thắng',
      kitMax: 'Tổng cược tối đa là {max}.',
      kitMaxBets: 'Tối đa {n} cửa cược khác nhau mỗi ván: hãy thêm phỉnh vào cửa đã đặt.',
      kitSpot: '{bet}, trả {pays}',
      kitSpotWith: '{bet}, trả {pays}, bạn cược {amount}',
      kitPays: 'Trả',
      kitBet: 'Cửa cược',
      kitRtp: 'RTP',
      kitPaytable: 'Tỷ lệ trả thưởng',
      kitHistory: 'Kết quả gần đây',
      kitPlaying: 'Chúc may mắn…',
      kitToOne: '{pays} ăn 1',
    },
  );

  const CHIPS = [1, 5, 10, 50, 100, 500];
  const pct = (x) => `${(x * 100).toFixed(2)}%`;
  const paysText = (pays) => t('kitToOne', { pays: Number.isInteger(pays) ? pays : pays.toFixed(2) });

  /* ---------- cards and dice, drawn the same way by every table ---------- */

  const SUIT = { S: '♠', H: '♥', D: '♦', C: '♣' };
  function card(code, extra = '') {
    if (!code) return el('div', { class: `tk-card tk-back ${extra}`, role: 'img', 'aria-label': '?' });
    const rank = code.slice(0, -1);
    const suit = code.slice(-1);
    const red = suit === 'H' || suit === 'D';
    return el(
      'div',
      { class: `tk-card ${red ? 'red' : ''} ${extra}`, role: 'img', 'aria-label': `${rank}${SUIT[suit]}` },
      el('b', { text: rank }),
      el('span', { text: SUIT[suit] }),
    );
  }
  const PIPS = { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] };
  function die(face, color) {
    const node = el('div', {
      class: `tk-die${color ? ` tk-color-${color}` : ''}`,
      role: 'img',
      'aria-label': color ? t(color) : String(face),
    });
    if (!color) for (let i = 1; i <= 9; i++) node.append(el('i', { class: PIPS[face].includes(i) ? 'on' : '' }));
    return node;
  }

  /** Reveals nodes one by one (a short pop each; none with reduced motion). */
  async function reveal(container, nodes, gap = 260) {
    for (const node of nodes) {
      container.append(node);
      G.sound.play('card');
      if (!G.reducedMotion()) {
        node.animate(
          [
            { transform: 'translateY(-18px) scale(.85)', opacity: 0 },
            { transform: 'none', opacity: 1 },
          ],
          { duration: 240, easing: 'cubic-bezier(.2,.7,.3,1)' },
        );
        await G.wait(G.ms(gap));
      }
    }
  }

  /** A win of no more than the stake: the whole stake back (a push), or part of it (a partial win). */
  const pushText = (answer) =>
    answer.win < answer.stake
      ? t('kitBack', { amount: money(answer.win), stake: money(answer.stake) })
      : t('kitPush', { amount: money(answer.win) });

  /* ---------- the chip-bet table ---------- */

  /**
   * spec: {
   *   action: label key of the play button ('kitDeal' or the family's),
   *   spots: [{ bet, label, className?, short? }] in rows: [[...], [...]] (or a function of rules),
   *   stage(): DOM node drawn above the felt (the table's cards, dice, wheel),
   *   play(outcome, answer): async, draws the server's result on the stage,
   *   clear(): clears the stage before a new round,
   *   history(outcome): short text for the history strip, and historyClass(outcome),
   *   rules: [string keys of rule lines], paytable: [{ label, bet }] rows for the sheet (default: spots),
   *   optional, for tables whose spots place other bets than their own (roulette's anchored bets):
   *   place(bet, event): the bet key a tap on spot `bet` places (null: none), instead of `bet` itself,
   *   layout({ felt, spots, history, stage, message, chips, actions }): rearranges the drawn nodes once,
   *     after they are on the page,
   *   painted(placed, locked): called after every repaint, to draw bets that have no spot of their own,
   *   historySize: results kept in the history strip (default 14),
   *   undo: true for an Undo button that takes back the last chip, clear or rebet, one step at a time,
   * }
   */
  function chipTable(spec) {
    const bets = G.rules?.bets || {};
    const storeKey = `${G.titleInfo.key || G.family}:`;
    const placed = {};
    /** The server takes at most this many different bets in a round (MAX_CHIP_BETS of games/table.ts). */
    const maxBets = G.rules?.maxBets || 40;
    let last = G.store.get(`${storeKey}last`, null);
    let chip = G.store.get(`${storeKey}chip`, 1000);
    if (!CHIPS.includes(chip / 100)) chip = 1000;

    const stage = el('section', { class: 'tk-stage', 'aria-live': 'polite' }, spec.stage());
    const historyRow = el('div', { class: 'tk-history', 'aria-label': t('kitHistory') });
    const felt = el('section', { class: `tk-felt tk-felt-${G.family}` });
    const spotNodes = {};
    for (const row of spec.spots) {
      const line = el('div', { class: 'tk-row' });
      for (const s of row) {
        if (!bets[s.bet]) continue;
        const amount = el('span', { class: 'tk-amount' });
        const button = el(
          'button',
          { type: 'button', class: `tk-spot ${s.className || ''}`, 'data-bet': s.bet },
          el('span', { class: 'tk-spot-name', text: s.label }),
          s.noPays ? null : el('span', { class: 'tk-spot-pays', text: paysText(bets[s.bet].pays) }),
          amount,
        );
        button.addEventListener('click', (event) => {
          const bet = spec.place ? spec.place(s.bet, event) : s.bet;
          if (bet && bets[bet]) add(bet);
        });
        spotNodes[s.bet] = { button, amount, label: s.label };
        line.append(button);
      }
      felt.append(line);
    }

    const message = el('div', { class: 'tk-message', 'aria-live': 'polite' });
    const chipButtons = CHIPS.map((value) => {
      const button = el(
        'button',
        {
          type: 'button',
          class: `tk-chip tk-chip-${value}`,
          'aria-label': t('kitChip', { amount: money(value * 100) }),
          'aria-pressed': String(value * 100 === chip),
        },
        String(value),
      );
      button.addEventListener('click', () => {
        chip = value * 100;
        G.store.set(`${storeKey}chip`, chip);
        G.sound.play('chip');
        for (const b of chipButtons) b.setAttribute('aria-pressed', String(b === button));
      });
      return button;
    });
    const clearButton = el('button', { type: 'button', class: 'g-btn', text: t('kitClear') });
    const rebetButton = el('button', { type: 'button', class: 'g-btn', text: t('kitRebet') });
    const undoButton = spec.undo ? el('button', { type: 'button', class: 'g-btn tk-undo', text: t('kitUndo') }) : null;
    const playButton = el('button', { type: 'button', class: 'tk-play', text: t(spec.action || 'kitDeal') });
    const chipsRow = el('div', { class: 'tk-chips', role: 'group', 'aria-label': t('kitChips') }, chipButtons);
    const actionsRow = el('div', { class: 'tk-actions' }, undoButton, clearButton, rebetButton, playButton);
    G.stage.append(stage, historyRow, felt, message, chipsRow, actionsRow);
    spec.layout?.({
      felt,
      spots: spotNodes,
      history: historyRow,
      stage,
      message,
      chips: chipsRow,
      actions: actionsRow,
    });
    const keep = spec.historySize || 14;

    const total = () => Object.values(placed).reduce((a, b) => a + b, 0);
    /** The last round's result stays in the message line until the player touches the table again. */
    let showingResult = false;
    function paint() {
      for (const [bet, node] of Object.entries(spotNodes)) {
        const amount = placed[bet] || 0;
        node.amount.textContent = amount ? money(amount) : '';
        node.button.classList.toggle('has-bet', amount > 0);
        node.button.setAttribute(
          'aria-label',
          amount
            ? t('kitSpotWith', { bet: node.label, pays: paysText(bets[bet].pays), amount: money(amount) })
            : t('kitSpot', { bet: node.label, pays: paysText(bets[bet].pays) }),
        );
      }
      const locked = G.busy || G.ended;
      playButton.disabled = locked || total() === 0;
      clearButton.disabled = locked || total() === 0;
      rebetButton.disabled = locked || !last || total() > 0;
      if (undoButton) undoButton.disabled = locked || steps.length === 0;
      for (const node of Object.values(spotNodes)) node.button.disabled = locked;
      for (const b of chipButtons) b.disabled = locked;
      if (!locked && !showingResult) {
        message.className = 'tk-message';
        message.textContent = total()
          ? t('kitTotal', { amount: money(total()), action: t(spec.action || 'kitDeal') })
          : t('kitPlace');
      }
      spec.painted?.(placed, locked);
    }
    G.onLock(paint);

    /** The bets as they were before each change since the last round (Undo puts the newest back). */
    const steps = [];
    const remember = () => {
      steps.push({ ...placed });
      if (steps.length > 200) steps.shift();
    };
    function add(bet) {
      if (G.busy || G.ended) return;
      if (total() + chip > G.MAX_STAKE) {
        G.toast(t('kitMax', { max: money(G.MAX_STAKE) }));
        return;
      }
      if (!placed[bet] && Object.keys(placed).length >= maxBets) {
        G.toast(t('kitMaxBets', { n: maxBets }));
        return;
      }
      remember();
      placed[bet] = (placed[bet] || 0) + chip;
      showingResult = false;
      G.sound.play('chip');
      paint();
    }
    clearButton.addEventListener('click', () => {
      remember();
      for (const bet of Object.keys(placed)) delete placed[bet];
      showingResult = false;
      G.sound.play('click');
      paint();
    });
    rebetButton.addEventListener('click', () => {
      if (!last) return;
      remember();
      for (const [bet, amount] of Object.entries(last)) if (bets[bet]) placed[bet] = amount;
      showingResult = false;
      paint();
    });

    undoButton?.addEventListener('click', () => {
      const before = steps.pop();
      if (!before || G.busy || G.ended) return;
      for (const bet of Object.keys(placed)) delete placed[bet];
      Object.assign(placed, before);
      showingResult = false;
      G.sound.play('click');
      paint();
    });

    let history = G.store.get(`${storeKey}history`, []);
    if (!Array.isArray(history)) history = [];
    function paintHistory() {
      historyRow.replaceChildren(
        ...history
          .slice(-keep)
          .map((h, i, all) =>
            el('span', { class: `tk-bead ${h.c || ''}${i === all.length - 1 ? ' last' : ''}`, text: h.t }),
          ),
      );
    }

    playButton.addEventListener('click', async () => {
      if (G.busy || total() === 0) return;
      const round = { ...placed };
      spec.clear();
      for (const node of Object.values(spotNodes)) node.button.classList.remove('won', 'lost');
      message.className = 'tk-message';
      message.textContent = t('kitPlaying');
      const answer = await G.play({ bets: round });
      if (!answer) return paint();
      last = round;
      G.store.set(`${storeKey}last`, last);
      for (const bet of Object.keys(placed)) delete placed[bet];
      steps.length = 0;
      await spec.play(answer.outcome, answer);
      showingResult = true;
      const returns = answer.outcome?.returns || {};
      for (const [bet, back] of Object.entries(returns))
        spotNodes[bet]?.button.classList.add(back > round[bet] ? 'won' : back === 0 ? 'lost' : 'push');
      if (answer.win > answer.stake) {
        message.className = 'tk-message win';
        message.textContent = t('kitWin', { amount: money(answer.win) });
        G.sound.play('win');
      } else if (answer.win > 0) {
        message.className = 'tk-message push';
        message.textContent = pushText(answer);
        G.sound.play('push');
      } else {
        message.className = 'tk-message lose';
        message.textContent = t('kitLose');
        G.sound.play('lose');
      }
      history.push({ t: spec.history(answer.outcome), c: spec.historyClass?.(answer.outcome) || '' });
      history = history.slice(-keep);
      G.store.set(`${storeKey}history`, history);
      paintHistory();
      G.finishRound(answer);
    });

    G.setInfo(() => {
      const rows = spec.paytable || spec.spots.flat();
      const seen = new Set();
      const content = el(
        'div',
        { class: 'tk-info' },
        el('h3', { text: t('rules') }),
        el(
          'ul',
          {},
          spec.rules.map((k) => el('li', { text: t(k, spec.ruleVars?.()) })),
          el('li', { text: t('stakeRange', { min: money(G.MIN_STAKE), max: money(G.MAX_STAKE) }) }),
          el('li', { text: t('fair') }),
          el('li', { text: t('malfunction') }),
        ),
        el('h3', { text: t('kitPaytable') }),
        el(
          'table',
          { class: 'g-table' },
          el(
            'thead',
            {},
            el(
              'tr',
              {},
              el('th', { text: t('kitBet') }),
              el('th', { text: t('kitPays') }),
              el('th', { text: t('kitRtp') }),
            ),
          ),
          el(
            'tbody',
            {},
            rows
              .filter((r) => bets[r.bet] && !seen.has(r.label) && seen.add(r.label))
              .map((r) =>
                el(
                  'tr',
                  {},
                  el('td', { text: r.label }),
                  el('td', { text: r.paysText || paysText(bets[r.bet].pays) }),
                  el('td', { text: pct(bets[r.bet].rtp) }),
                ),
              ),
          ),
        ),
        el('p', { class: 'g-rtp' }, el('span', { text: t('rtp') }), el('strong', { text: pct(G.rtp ?? 0) })),
      );
      G.openSheet(G.titleInfo.name || G.data.title, content);
    });

    paintHistory();
    paint();
    return { placed, paint };
  }

  /* ---------- stepped rounds (blackjack, video poker, hi-lo) ---------- */

  /** The how-to-play sheet of a stepped table: rule lines, a table of [label, value] rows and the RTP. */
  function infoSheet(ruleKeys, rows, head, vars) {
    G.setInfo(() => {
      const content = el(
        'div',
        { class: 'tk-info' },
        el('h3', { text: t('rules') }),
        el(
          'ul',
          {},
          ruleKeys.map((k) => el('li', { text: t(k, vars) })),
          el('li', { text: t('stakeRange', { min: money(G.MIN_STAKE), max: money(G.MAX_STAKE) }) }),
          el('li', { text: t('fair') }),
          el('li', { text: t('malfunction') }),
        ),
        rows.length
          ? el(
              'table',
              { class: 'g-table' },
              el(
                'thead',
                {},
                el(
                  'tr',
                  {},
                  head.map((h) => el('th', { text: h })),
                ),
              ),
              el(
                'tbody',
                {},
                rows.map((r) =>
                  el(
                    'tr',
                    {},
                    r.map((c) => el('td', { text: c })),
                  ),
                ),
              ),
            )
          : null,
        el('p', { class: 'g-rtp' }, el('span', { text: t('rtp') }), el('strong', { text: pct(G.rtp ?? 0) })),
      );
      G.openSheet(G.titleInfo.name || G.data.title, content);
    });
  }

  /**
   * Drives one stepped round: begin(params) bets through Game.play, act(action) through Game.act; each
   * answer goes to onView(view) while the round is open, and to onDone(answer) once it is settled, after
   * which the result line is written and the casino frame told.
   */
  function stepped(spec) {
    let roundId = null;
    async function handle(answer) {
      if (answer.done) {
        roundId = null;
        await spec.onDone(answer);
        const line = spec.message;
        if (answer.win > answer.stake) {
          line.className = 'tk-message win';
          line.textContent = t('kitWin', { amount: money(answer.win) });
          G.sound.play('win');
        } else if (answer.win > 0) {
          line.className = 'tk-message push';
          line.textContent = pushText(answer);
        } else {
          line.className = 'tk-message lose';
          line.textContent = t('kitLose');
          G.sound.play('lose');
        }
        G.finishRound(answer);
      } else {
        roundId = answer.roundId;
        await spec.onView(answer.view, answer);
      }
      spec.paint();
    }
    return {
      get open() {
        return roundId !== null;
      },
      async begin(params) {
        spec.message.className = 'tk-message';
        spec.message.textContent = t('kitPlaying');
        const answer = await G.play(params);
        if (answer) await handle(answer);
        else spec.paint();
      },
      async act(action) {
        if (!roundId) return;
        const answer = await G.act(roundId, action);
        if (answer) await handle(answer);
      },
    };
  }

  window.TableKit = { chipTable, card, die, reveal, paysText, pct, infoSheet, stepped, pushText };
})();
