/*
 * Scratch cards: buy a card (Game.play) and the server's nine panels (outcome.panels, in hundredths of the
 * price) lie under a foil drawn on one canvas; scratch it by dragging (or tap a panel, or "Reveal all").
 * Three matching amounts win that amount; the page only reveals what the server already drew.
 */
import './kit/game';
import './styles/scratch.css';

(() => {
  const G = window.Game;
  if (!G) return;
  const { el, t, money } = G;
  const R = G.rules;
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
  const SYMBOL = { peso: '₱', lucky7: '7', fiesta: '★' }[R.theme.key] ?? '★';

  const cells = [];
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
  const foil = el('canvas', { class: 'sc-foil', 'aria-hidden': 'true' });
  const card = el(
    'div',
    { class: 'sc-card' },
    el('div', { class: 'sc-title', text: G.titleInfo?.name ?? R.name }),
    el('div', { class: 'sc-board' }, grid, foil),
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
  let round = null;
  let revealed = new Array(9).fill(false);
  G.onLock((locked) => {
    stepper.setDisabled(locked);
    buy.disabled = locked;
  });

  /* ---------- the foil ---------- */
  const ctx = foil.getContext('2d', { willReadFrequently: true });
  let scale = 1;
  function drawFoil(full = true) {
    const rect = foil.getBoundingClientRect();
    scale = window.devicePixelRatio || 1;
    foil.width = Math.max(1, Math.round(rect.width * scale));
    foil.height = Math.max(1, Math.round(rect.height * scale));
    if (!ctx) return;
    ctx.globalCompositeOperation = 'source-over';
    const g = ctx.createLinearGradient(0, 0, foil.width, foil.height);
    g.addColorStop(0, '#c7ccd3');
    g.addColorStop(0.45, '#eef1f4');
    g.addColorStop(0.55, '#b3b9c2');
    g.addColorStop(1, '#dfe3e8');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, foil.width, foil.height);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = `800 ${Math.round(26 * scale)}px system-ui, sans-serif`;
    cells.forEach((_, i) => {
      const r = cellRect(i);
      ctx.strokeStyle = 'rgba(70, 78, 90, 0.35)';
      ctx.lineWidth = 2 * scale;
      ctx.strokeRect(r.x + 3 * scale, r.y + 3 * scale, r.w - 6 * scale, r.h - 6 * scale);
      ctx.fillStyle = 'rgba(70, 78, 90, 0.5)';
      ctx.fillText(SYMBOL, r.x + r.w / 2, r.y + r.h / 2);
    });
    if (!full)
      revealed.forEach((open, i) => {
        if (open) clearCell(i);
      });
  }
  function cellRect(i) {
    const board = foil.getBoundingClientRect();
    const r = cells[i].getBoundingClientRect();
    return {
      x: (r.left - board.left) * scale,
      y: (r.top - board.top) * scale,
      w: r.width * scale,
      h: r.height * scale,
    };
  }
  function clearCell(i) {
    const r = cellRect(i);
    ctx?.clearRect(r.x - 2, r.y - 2, r.w + 4, r.h + 4);
  }
  /** Share of a panel's foil already scratched away (sampled). */
  function cleared(i) {
    if (!ctx) return 1;
    const r = cellRect(i);
    const w = Math.max(1, Math.floor(r.w));
    const h = Math.max(1, Math.floor(r.h));
    const data = ctx.getImageData(Math.floor(r.x), Math.floor(r.y), w, h).data;
    let clear = 0;
    let seen = 0;
    for (let p = 3; p < data.length; p += 4 * 7) {
      seen++;
      if (data[p] < 40) clear++;
    }
    return seen ? clear / seen : 1;
  }

  let scratching = false;
  let last = null;
  let moves = 0;
  const point = (event) => {
    const rect = foil.getBoundingClientRect();
    return { x: (event.clientX - rect.left) * scale, y: (event.clientY - rect.top) * scale };
  };
  function scratchTo(p) {
    if (!ctx) return;
    ctx.globalCompositeOperation = 'destination-out';
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = 30 * scale;
    ctx.beginPath();
    ctx.moveTo((last ?? p).x, (last ?? p).y + 0.01);
    ctx.lineTo(p.x, p.y);
    ctx.stroke();
    ctx.globalCompositeOperation = 'source-over';
    last = p;
    if (++moves % 5 === 0) check();
  }
  function check() {
    cells.forEach((_, i) => {
      if (!revealed[i] && cleared(i) > 0.45) reveal(i);
    });
  }
  foil.addEventListener('pointerdown', (event) => {
    if (!round) return;
    scratching = true;
    last = null;
    foil.setPointerCapture?.(event.pointerId);
    scratchTo(point(event));
  });
  foil.addEventListener('pointermove', (event) => {
    if (scratching && round) scratchTo(point(event));
  });
  const stop = () => {
    if (!scratching) return;
    scratching = false;
    last = null;
    if (round) check();
  };
  foil.addEventListener('pointerup', stop);
  foil.addEventListener('pointercancel', stop);
  // A tap without a drag uncovers the panel under it.
  foil.addEventListener('click', (event) => {
    if (!round) return;
    const hit = cells.findIndex((cell) => {
      const r = cell.getBoundingClientRect();
      return event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom;
    });
    if (hit >= 0 && cleared(hit) < 0.2) reveal(hit);
  });

  /* ---------- the card ---------- */
  function fill(answer) {
    const panels = answer.outcome.panels;
    cells.forEach((cell, i) => {
      const x = panels[i] / 100;
      cell.querySelector('.sc-x').textContent = `${x}×`;
      cell.querySelector('.sc-amt').textContent = money(Math.floor((answer.stake ?? stepper.value) * x));
      cell.classList.remove('win', 'open');
      cell.disabled = false;
      cell.setAttribute('aria-label', `${t('scPanel', { n: i + 1 })}: ${t('scHidden')}`);
    });
  }
  function reveal(i) {
    if (!round || revealed[i]) return;
    revealed[i] = true;
    clearCell(i);
    const cell = cells[i];
    cell.classList.add('open');
    cell.setAttribute('aria-label', `${t('scPanel', { n: i + 1 })}: ${cell.querySelector('.sc-x').textContent}`);
    G.sound.play('tick');
    if (revealed.every(Boolean)) finish();
  }
  function finish() {
    const answer = round;
    round = null;
    all.disabled = true;
    if (ctx) ctx.clearRect(0, 0, foil.width, foil.height);
    foil.classList.add('gone');
    const { panels, prize } = answer.outcome;
    if (prize > 0) {
      panels.forEach((x, i) => {
        if (x / 100 === prize) cells[i].classList.add('win');
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
    const answer = await G.play({ stake });
    if (!answer) return;
    answer.stake = stake;
    revealed = new Array(9).fill(false);
    fill(answer);
    foil.classList.remove('gone');
    drawFoil();
    round = answer;
    all.disabled = false;
    status.textContent = t('scScratchHint');
    G.sound.play('chip');
  });
  // Before the first card: a sample foil over blank panels.
  for (const cell of cells) cell.disabled = true;
  requestAnimationFrame(() => drawFoil());
  window.addEventListener('resize', () => {
    if (!foil.classList.contains('gone')) drawFoil(false);
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
})();
