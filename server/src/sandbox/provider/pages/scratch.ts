/*
 * Scratch cards: buy a card (Game.play) and the server's nine panels (outcome.panels, in hundredths of the
 * price) lie under a foil drawn on one canvas; scratch it by dragging (or tap a panel, or "Reveal all").
 * Three matching amounts win that amount; the page only reveals what the server already drew. The foil is
 * scratch/foil.
 */
import type { ScratchConfig, ScratchOutcome } from '../games/scratch';
import { Game, type GameKit, type RoundAnswer } from './kit/game';
import { createFoil } from './scratch/foil';
import './styles/scratch.css';

/** Game.rules as a scratch configuration, or null when it is not one. */
function scratchRules(rules: unknown): ScratchConfig | null {
  if (!rules || typeof rules !== 'object') return null;
  return Array.isArray((rules as Partial<ScratchConfig>).prizes) ? (rules as ScratchConfig) : null;
}

if (Game) mount(Game);

/** Builds the card on the kit's stage. */
function mount(G: GameKit) {
  const { el, t, money } = G;
  const R = scratchRules(G.rules);
  G.addStrings(
    {
      scBuy: 'Buy card',
      scRevealAll: 'Reveal all',
      scScratchHint: 'Scratch the foil to reveal the amounts',
      scBuyHint: 'Buy a card for your bet, then scratch',
      scWin: 'Three of {x}× · {amount}',
      scNoMatch: 'No match this time',
      scPanel: 'Panel {n}',
      scHidden: 'hidden',
      scRule1: 'Each card costs your bet and hides nine amounts, shown as multiples of the price.',
      scRule2: 'Find the same amount three times to win it; a card shows at most one winning amount.',
      scRule3: 'Drag to scratch, tap a panel to uncover it, or reveal the whole card at once.',
      scPrizes: 'Prizes and chances',
      scPrizeRow: 'Three of {x}×: 1 in {n}',
      scLoseRow: 'No match: {p}%',
    },
    {
      scBuy: 'Mua vé',
      scRevealAll: 'Mở tất cả',
      scScratchHint: 'Cào lớp phủ để xem các giải',
      scBuyHint: 'Mua một vé bằng tiền cược rồi cào',
      scWin: 'Ba ô {x}× · {amount}',
      scNoMatch: 'Lần này không trùng',
      scPanel: 'Ô {n}',
      scHidden: 'chưa mở',
      scRule1: 'Mỗi vé có giá bằng tiền cược và ẩn chín giải, tính theo bội số của giá vé.',
      scRule2: 'Tìm ba ô cùng một giải để thắng giải đó; mỗi vé có nhiều nhất một giải thắng.',
      scRule3: 'Kéo để cào, chạm một ô để mở ô đó, hoặc mở cả vé cùng lúc.',
      scPrizes: 'Giải thưởng và xác suất',
      scPrizeRow: 'Ba ô {x}×: 1 trên {n}',
      scLoseRow: 'Không trùng: {p}%',
    },
  );
  if (!R) return;
  const [c1, c2, c3] = R.theme.colors;
  document.body.style.setProperty('--sc-bg1', c1);
  document.body.style.setProperty('--sc-bg2', c2);
  document.body.style.setProperty('--sc-accent', c3);
  const SYMBOL = ({ peso: '₱', lucky7: '7', fiesta: '★' } as Record<string, string>)[R.theme.key] ?? '★';

  const cells: HTMLButtonElement[] = [];
  const grid = el('div', { class: 'sc-grid' });
  for (let i = 0; i < 9; i++) {
    const cell = el(
      'button',
      { type: 'button', class: 'sc-cell', 'aria-label': `${t('scPanel', { n: i + 1 })}: ${t('scHidden')}` },
      el('span', { class: 'sc-sym', text: SYMBOL }),
      el('span', { class: 'sc-x' }),
      el('span', { class: 'sc-amt' }),
    );
    cell.addEventListener('click', () => reveal(i));
    cells.push(cell);
    grid.append(cell);
  }
  const foil = createFoil(G, {
    cells,
    symbol: SYMBOL,
    open: () => round !== null,
    revealed: (i) => revealed[i] === true,
    uncover: (i) => reveal(i),
  });
  const card = el(
    'div',
    { class: 'sc-card' },
    el('div', { class: 'sc-title', text: G.titleInfo?.name ?? R.name }),
    el('div', { class: 'sc-board' }, grid, foil.canvas),
  );
  const status = el('div', { class: 'sc-status', 'aria-live': 'polite', text: t('scBuyHint') });
  const stepper = G.stakeStepper({ values: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000], initial: 10 });
  const buy = el('button', { type: 'button', class: 'g-btn sc-buy', text: t('scBuy') });
  const all = el('button', { type: 'button', class: 'g-btn sc-all', text: t('scRevealAll'), disabled: true });
  G.stage.append(
    card,
    status,
    el('div', { class: 'sc-controls' }, all),
    el('div', { class: 'sc-controls' }, stepper.node, buy),
  );

  /** The open card: the server's answer while the player scratches, null between cards. */
  let round: RoundAnswer<ScratchOutcome> | null = null;
  let revealed: boolean[] = new Array(9).fill(false);
  G.onLock((locked) => {
    stepper.setDisabled(locked);
    buy.disabled = locked;
  });

  /* ---------- the card ---------- */
  function fill(answer: RoundAnswer<ScratchOutcome>) {
    const panels = answer.outcome.panels;
    cells.forEach((cell, i) => {
      const x = panels[i]! / 100;
      cell.querySelector('.sc-x')!.textContent = `${x}×`;
      cell.querySelector('.sc-amt')!.textContent = money(Math.floor((answer.stake ?? stepper.value) * x));
      cell.classList.remove('win', 'open');
      cell.disabled = false;
      cell.setAttribute('aria-label', `${t('scPanel', { n: i + 1 })}: ${t('scHidden')}`);
    });
  }
  function reveal(i: number) {
    if (!round || revealed[i]) return;
    revealed[i] = true;
    foil.clear(i);
    const cell = cells[i]!;
    cell.classList.add('open');
    cell.setAttribute('aria-label', `${t('scPanel', { n: i + 1 })}: ${cell.querySelector('.sc-x')!.textContent}`);
    G.sound.play('tick');
    if (revealed.every(Boolean)) finish();
  }
  function finish() {
    const answer = round;
    if (!answer) return;
    round = null;
    all.disabled = true;
    foil.clearAll();
    foil.canvas.classList.add('gone');
    const { panels, prize } = answer.outcome;
    if (prize > 0) {
      panels.forEach((x, i) => {
        if (x / 100 === prize) cells[i]?.classList.add('win');
      });
      status.textContent = t('scWin', { x: prize, amount: money(answer.win) });
      G.sound.play('win');
    } else {
      status.textContent = t('scNoMatch');
      G.sound.play('lose');
    }
    for (const cell of cells) cell.disabled = true;
    G.finishRound(answer);
  }
  all.addEventListener('click', async () => {
    if (!round) return;
    all.disabled = true;
    for (let i = 0; i < 9; i++) {
      if (!revealed[i]) {
        reveal(i);
        await G.wait(G.ms(90));
      }
    }
  });
  buy.addEventListener('click', async () => {
    const stake = stepper.value;
    const answer = await G.play<ScratchOutcome>({ stake });
    if (!answer) return;
    answer.stake = stake;
    revealed = new Array(9).fill(false);
    fill(answer);
    foil.canvas.classList.remove('gone');
    foil.draw();
    round = answer;
    all.disabled = false;
    status.textContent = t('scScratchHint');
    G.sound.play('chip');
  });
  // Before the first card: a sample foil over blank panels.
  for (const cell of cells) cell.disabled = true;
  requestAnimationFrame(() => foil.draw());
  window.addEventListener('resize', () => {
    if (!foil.canvas.classList.contains('gone')) foil.draw(false);
  });

  G.setInfo(() => {
    const total = R.prizes.reduce((s, p) => s + p.weight, 0);
    const lose = R.prizes.find((p) => p.x === 0);
    G.openSheet(
      t('rules'),
      el(
        'div',
        {},
        el(
          'ul',
          {},
          el('li', { text: t('scRule1') }),
          el('li', { text: t('scRule2') }),
          el('li', { text: t('scRule3') }),
        ),
        el('h3', { text: t('scPrizes') }),
        el(
          'ul',
          {},
          R.prizes
            .filter((p) => p.x > 0)
            .map((p) =>
              el('li', { text: t('scPrizeRow', { x: p.x / 100, n: Math.round(total / p.weight).toLocaleString() }) }),
            ),
          lose ? el('li', { text: t('scLoseRow', { p: ((lose.weight / total) * 100).toFixed(1) }) }) : null,
        ),
        el('p', {}, el('strong', { text: `${t('rtp')}: ${((G.rtp ?? R.rtp) * 100).toFixed(2)}%` })),
        el('p', { class: 'sc-note', text: t('stakeRange', { min: money(G.MIN_STAKE), max: money(G.MAX_STAKE) }) }),
        el('p', { class: 'sc-note', text: t('fair') }),
      ),
    );
  });
}
