/*
 * The chip-bet table: a felt drawn from Game.rules.bets (pays and RTP from the server's rules, never written
 * here), the chip tray, the result stage, a history strip and the "How to play" sheet; rounds through
 * Game.play. A family supplies its spots, its result drawing and its rule lines (ChipTableSpec).
 */
import type { GameKit } from '../types';
import type { Pieces } from './pieces';
import type { Chips, ChipTable, ChipTableRules, ChipTableSpec, PaytableRow, SpotNode, TableOutcome } from './types';

/** The chip values in pesos. */
const CHIPS = [1, 5, 10, 50, 100, 500];

/** One bead of the history strip: its text and class. */
interface Bead {
  t: string;
  c: string;
}

export function chipTableOf(G: GameKit, { paysText, pct, pushText }: Pieces) {
  const { el, t, money } = G;

  return function chipTable<O extends object>(spec: ChipTableSpec<O>): ChipTable {
    const rules = (G.rules ?? {}) as Partial<ChipTableRules>;
    const bets = rules.bets || {};
    const payOf = (bet: string) => bets[bet]?.pays ?? 0;
    const storeKey = `${G.titleInfo.key || G.family}:`;
    const placed: Chips = {};
    /** The server takes at most this many different bets in a round (MAX_CHIP_BETS of games/table.ts). */
    const maxBets = rules.maxBets || 40;
    let last = G.store.get<Chips | null>(`${storeKey}last`, null);
    let chip = G.store.get(`${storeKey}chip`, 1000);
    if (!CHIPS.includes(chip / 100)) chip = 1000;

    const stage = el('section', { class: 'tk-stage', 'aria-live': 'polite' }, spec.stage());
    const historyRow = el('div', { class: 'tk-history', 'aria-label': t('kitHistory') });
    const felt = el('section', { class: `tk-felt tk-felt-${G.family}` });
    const spotNodes: Record<string, SpotNode> = {};
    for (const row of spec.spots) {
      const line = el('div', { class: 'tk-row' });
      for (const s of row) {
        if (!bets[s.bet]) continue;
        const amount = el('span', { class: 'tk-amount' });
        const button = el(
          'button',
          { type: 'button', class: `tk-spot ${s.className || ''}`, 'data-bet': s.bet },
          el('span', { class: 'tk-spot-name', text: s.label }),
          s.noPays ? null : el('span', { class: 'tk-spot-pays', text: paysText(payOf(s.bet)) }),
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
    // tables.css: the table under the header, the bet area at the bottom by the thumb (tk-chip-table)
    G.stage.classList.add('tk-chip-table');
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
            ? t('kitSpotWith', { bet: node.label, pays: paysText(payOf(bet)), amount: money(amount) })
            : t('kitSpot', { bet: node.label, pays: paysText(payOf(bet)) }),
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
    const steps: Chips[] = [];
    const remember = () => {
      steps.push({ ...placed });
      if (steps.length > 200) steps.shift();
    };
    function add(bet: string) {
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

    let history = G.store.get<Bead[]>(`${storeKey}history`, []);
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
      const answer = await G.play<TableOutcome<O>>({ bets: round });
      if (!answer) return paint();
      last = round;
      G.store.set(`${storeKey}last`, last);
      for (const bet of Object.keys(placed)) delete placed[bet];
      steps.length = 0;
      await spec.play(answer.outcome, answer);
      showingResult = true;
      const returns = answer.outcome?.returns || {};
      for (const [bet, back] of Object.entries(returns))
        spotNodes[bet]?.button.classList.add(back > (round[bet] ?? 0) ? 'won' : back === 0 ? 'lost' : 'push');
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
      const rows: readonly PaytableRow[] = spec.paytable || spec.spots.flat();
      const seen = new Set<string>();
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
                  el('td', { text: r.paysText || paysText(payOf(r.bet)) }),
                  el('td', { text: pct(bets[r.bet]?.rtp ?? 0) }),
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
  };
}
