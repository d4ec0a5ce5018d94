/*
 * Lucky Lanterns: 5 reels x 3 rows, 10 paylines. The server draws the reels; this page spins the strips to
 * them (left to right, ~1.2 s), marks the winning lines and rolls the win up.
 */
(() => {
  const G = window.Game;
  if (!G) return;
  const { el, t, money } = G;

  G.addStrings(
    {
      spin: 'Spin',
      auto: 'Auto ×10',
      autoStop: 'Stop · {n}',
      linesInfo: '10 lines · {lineBet} per line',
      goodLuck: 'Good luck!',
      noWin: 'No win — try again',
      lineWin: 'Line {line} · {count}× {symbol} · {amount}',
      linesWon: '{n} winning lines',
      bigWin: 'BIG WIN',
      megaWin: 'MEGA WIN',
      superWin: 'SUPER WIN',
      tapToContinue: 'Tap to continue',
      paytable: 'Paytable',
      paysFor: 'Pays for your bet of {stake} ({lineBet} per line).',
      paylines: 'Paylines',
      ruleLines: 'Your bet is split evenly over 10 fixed lines.',
      ruleLeft: 'A line pays for 3, 4 or 5 matching symbols in a row from the leftmost reel.',
      ruleWild: 'The lantern WILD stands in for every symbol. Five WILDs pay the top prize.',
      ruleHighest: 'Each line pays its highest win; wins on different lines are added together.',
      symWILD: 'Lantern (WILD)',
      symSEVEN: 'Seven',
      symDIAMOND: 'Diamond',
      symBAR: 'Bar',
      symBELL: 'Bell',
      symA: 'Ace',
      symK: 'King',
      symQ: 'Queen',
      reelsLabel: 'Reels',
      ofAKind: '{n} in a row',
    },
    {
      spin: 'Quay',
      auto: 'Tự động ×10',
      autoStop: 'Dừng · {n}',
      linesInfo: '10 dòng · {lineBet} mỗi dòng',
      goodLuck: 'Chúc may mắn!',
      noWin: 'Chưa trúng — thử lại nhé',
      lineWin: 'Dòng {line} · {count}× {symbol} · {amount}',
      linesWon: '{n} dòng thắng',
      bigWin: 'THẮNG LỚN',
      megaWin: 'THẮNG CỰC LỚN',
      superWin: 'SIÊU THẮNG',
      tapToContinue: 'Chạm để tiếp tục',
      paytable: 'Bảng trả thưởng',
      paysFor: 'Tiền thưởng cho mức cược {stake} ({lineBet} mỗi dòng).',
      paylines: 'Các dòng thanh toán',
      ruleLines: 'Tiền cược được chia đều cho 10 dòng cố định.',
      ruleLeft: 'Một dòng thắng khi có 3, 4 hoặc 5 biểu tượng giống nhau liên tiếp từ cuộn ngoài cùng bên trái.',
      ruleWild: 'Đèn lồng WILD thay thế mọi biểu tượng. Năm WILD trả giải cao nhất.',
      ruleHighest: 'Mỗi dòng chỉ trả khoản thắng cao nhất; tiền thắng trên các dòng khác nhau được cộng lại.',
      symWILD: 'Đèn lồng (WILD)',
      symSEVEN: 'Số bảy',
      symDIAMOND: 'Kim cương',
      symBAR: 'Bar',
      symBELL: 'Chuông',
      symA: 'Át',
      symK: 'Già',
      symQ: 'Đầm',
      reelsLabel: 'Các cuộn',
      ofAKind: '{n} liên tiếp',
    },
  );

  /* ---------- game data (from games/slot.ts) ---------- */

  const SYMBOLS = ['WILD', 'SEVEN', 'DIAMOND', 'BAR', 'BELL', 'A', 'K', 'Q'];
  const PAYTABLE = {
    WILD: [100, 500, 2500],
    SEVEN: [50, 250, 1000],
    DIAMOND: [30, 120, 500],
    BAR: [20, 80, 300],
    BELL: [13, 50, 200],
    A: [9, 25, 100],
    K: [6, 18, 70],
    Q: [5, 12, 50],
  };
  /** Rows (0 top, 1 middle, 2 bottom) of each reel, per payline 1..10. */
  const PAYLINES = [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
    [2, 1, 0, 1, 2],
    [0, 0, 1, 2, 2],
    [2, 2, 1, 0, 0],
    [1, 0, 0, 0, 1],
    [1, 2, 2, 2, 1],
    [0, 1, 1, 1, 0],
  ];
  const LINE_COLORS = [
    '#ffd54a',
    '#4fc3ff',
    '#7dff8a',
    '#ff7ad9',
    '#ff9f43',
    '#b28dff',
    '#3ef0d0',
    '#ff5e62',
    '#c6ff3d',
    '#ffffff',
  ];
  const RTP = '96.55%';
  const STAKES = [1, 5, 10, 20, 50, 100, 500, 1000];
  /** Visual weights, only for the blur of symbols passing by (the server draws the result). */
  const FILLER = ['WILD', 'SEVEN', 'SEVEN', 'DIAMOND', 'DIAMOND', 'BAR', 'BAR', 'BELL', 'BELL', 'BELL'].concat(
    Array(4).fill('A'),
    Array(4).fill('K'),
    Array(5).fill('Q'),
  );
  const randomSymbol = () => FILLER[Math.floor(Math.random() * FILLER.length)];

  /* ---------- symbol art (inline SVG, one <symbol> each) ---------- */

  const FONT = 'font-family="system-ui, -apple-system, \'Segoe UI\', Roboto, sans-serif"';
  const SERIF = 'font-family="Georgia, \'Times New Roman\', serif"';
  const letter = (ch, fill, stroke) =>
    `<text x="50" y="77" text-anchor="middle" font-size="74" font-weight="900" ${SERIF} fill="url(#${fill})" stroke="${stroke}" stroke-width="3.5" paint-order="stroke">${ch}</text>`;
  const ART = {
    WILD: `<path d="M50 1v10" stroke="#f5c542" stroke-width="3"/>
      <rect x="31" y="9" width="38" height="9" rx="3" fill="url(#sl-gold)"/>
      <ellipse cx="50" cy="50" rx="41" ry="34" fill="url(#sl-red)" stroke="#ffcf4a" stroke-width="2"/>
      <path d="M50 16v68M33 19q-15 31 0 62M67 19q15 31 0 62" stroke="#ffd36b" stroke-opacity=".45" stroke-width="2" fill="none"/>
      <rect x="31" y="82" width="38" height="8" rx="3" fill="url(#sl-gold)"/>
      <path d="M45 90h10l3 9H42z" fill="#f5c542"/>
      <rect x="9" y="38" width="82" height="25" rx="6" fill="#6d0707" stroke="#ffcf4a" stroke-width="2"/>
      <text x="50" y="58" text-anchor="middle" font-size="20" font-weight="900" letter-spacing="1" ${FONT} fill="url(#sl-gold)">WILD</text>`,
    SEVEN: `<path d="M17 13h67v16L55 89H31l30-57H37v9H17z" fill="url(#sl-seven)" stroke="#ffd36b" stroke-width="4.5" stroke-linejoin="round"/>
      <path d="M23 19h55" stroke="#fff" stroke-opacity=".55" stroke-width="3" stroke-linecap="round"/>`,
    DIAMOND: `<path d="M28 20h44l21 24-43 48L7 44z" fill="url(#sl-gem)" stroke="#e9fcff" stroke-width="2.5" stroke-linejoin="round"/>
      <path d="M7 44h86M28 20l12 24 10-24 10 24 12-24M40 44l10 48 10-48" stroke="#e9fcff" stroke-opacity=".75" stroke-width="1.8" fill="none" stroke-linejoin="round"/>
      <path d="M30 26l-8 12" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".8"/>`,
    BAR: `<rect x="7" y="27" width="86" height="46" rx="9" fill="url(#sl-bar)" stroke="url(#sl-gold)" stroke-width="4"/>
      <rect x="13" y="33" width="74" height="34" rx="5" fill="none" stroke="#ffcf4a" stroke-opacity=".35" stroke-width="1.5"/>
      <text x="50" y="62" text-anchor="middle" font-size="29" font-weight="900" letter-spacing="2" ${FONT} fill="url(#sl-gold)">BAR</text>`,
    BELL: `<circle cx="50" cy="12" r="6" fill="url(#sl-gold)" stroke="#8a5a00" stroke-width="1.5"/>
      <path d="M50 16c-19 0-25 17-25 35 0 13-6 19-13 25h76c-7-6-13-12-13-25 0-18-6-35-25-35z" fill="url(#sl-gold)" stroke="#8a5a00" stroke-width="2"/>
      <rect x="11" y="73" width="78" height="8" rx="4" fill="url(#sl-gold)" stroke="#8a5a00" stroke-width="1.5"/>
      <circle cx="50" cy="87" r="8" fill="#d89a14" stroke="#8a5a00" stroke-width="2"/>
      <path d="M38 28q-6 10-6 26" stroke="#fff" stroke-opacity=".7" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    A: letter('A', 'sl-jade', '#053a24'),
    K: letter('K', 'sl-royal', '#0b1f5c'),
    Q: letter('Q', 'sl-violet', '#3d0a52'),
  };
  const LANTERN_ART = `<path d="M20 0v7" stroke="#f5c542" stroke-width="2"/><rect x="12" y="6" width="16" height="5" rx="2" fill="#f5c542"/><ellipse cx="20" cy="27" rx="17" ry="16" fill="url(#sl-red)" stroke="#ffcf4a" stroke-width="1.5"/><path d="M20 11v32M13 13q-7 14 0 28M27 13q7 14 0 28" stroke="#ffd36b" stroke-opacity=".5" stroke-width="1.2" fill="none"/><rect x="12" y="42" width="16" height="5" rx="2" fill="#f5c542"/><path d="M17 47h6l2 8h-10z" fill="#f5c542"/>`;
  const defs = `<svg class="sl-defs" aria-hidden="true" focusable="false"><defs>
    <linearGradient id="sl-gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff4b0"/><stop offset=".45" stop-color="#f7c948"/><stop offset="1" stop-color="#b37a00"/></linearGradient>
    <radialGradient id="sl-red" cx=".4" cy=".35" r=".75"><stop offset="0" stop-color="#ff7a5c"/><stop offset=".55" stop-color="#d9150f"/><stop offset="1" stop-color="#7a0505"/></radialGradient>
    <linearGradient id="sl-seven" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff6e5e"/><stop offset="1" stop-color="#b30b07"/></linearGradient>
    <linearGradient id="sl-gem" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c8f8ff"/><stop offset=".5" stop-color="#35c4ff"/><stop offset="1" stop-color="#1247c9"/></linearGradient>
    <linearGradient id="sl-bar" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#45302a"/><stop offset="1" stop-color="#120606"/></linearGradient>
    <linearGradient id="sl-jade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a8ffd2"/><stop offset="1" stop-color="#0e9c62"/></linearGradient>
    <linearGradient id="sl-royal" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b6d0ff"/><stop offset="1" stop-color="#2c57d6"/></linearGradient>
    <linearGradient id="sl-violet" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4c4ff"/><stop offset="1" stop-color="#9a2fcb"/></linearGradient>
    </defs><symbol id="sl-lantern" viewBox="0 0 40 56">${LANTERN_ART}</symbol>${SYMBOLS.map((s) => `<symbol id="sl-${s}" viewBox="0 0 100 100">${ART[s]}</symbol>`).join('')}</svg>`;

  const symbolSvg = (s) => `<svg viewBox="0 0 100 100" aria-hidden="true"><use href="#sl-${s}"/></svg>`;
  const cellHtml = (s) => `<div class="slot-cell" data-sym="${s}">${symbolSvg(s)}</div>`;
  const LANTERN = '<svg viewBox="0 0 40 56" aria-hidden="true"><use href="#sl-lantern"/></svg>';

  /** Lanterns hanging from the ceiling above the machine (shown only when the screen is tall enough). */
  const GARLAND = [
    [34, 34],
    [44, 6],
    [54, 22],
    [42, 0],
    [32, 40],
  ]
    .map(
      ([size, lift], i) =>
        `<span class="slot-hang" style="--size:${size}px;--lift:${lift}px;animation-delay:${(-i * 0.9).toFixed(1)}s">${LANTERN}</span>`,
    )
    .join('');

  /* ---------- layout ---------- */

  document.body.insertAdjacentHTML('afterbegin', defs);

  const reelsNode = el('div', { class: 'slot-reels', role: 'img', 'aria-label': t('reelsLabel') });
  const strips = [];
  const START = [
    ['K', 'SEVEN', 'A'],
    ['BELL', 'Q', 'DIAMOND'],
    ['A', 'WILD', 'K'],
    ['Q', 'BAR', 'BELL'],
    ['DIAMOND', 'K', 'Q'],
  ];
  /** Per reel: the symbols of its strip (the visible three start at index 1). */
  const stripSymbols = [];
  for (let r = 0; r < 5; r++) {
    const strip = el('div', { class: 'slot-strip' });
    const symbols = [randomSymbol(), ...START[r], randomSymbol()];
    strip.innerHTML = symbols.map(cellHtml).join('');
    setOffset(strip, 1, symbols.length);
    strips.push(strip);
    stripSymbols.push(symbols);
    reelsNode.append(el('div', { class: 'slot-reel' }, strip));
  }
  const linesSvg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  linesSvg.setAttribute('class', 'slot-lines');
  linesSvg.setAttribute('aria-hidden', 'true');

  const bigAmount = el('div', { class: 'slot-big-amount' });
  const bigTitle = el('div', { class: 'slot-big-title' });
  const coins = el('div', { class: 'slot-coins', 'aria-hidden': 'true' });
  for (let i = 0; i < 18; i++) {
    coins.append(
      el('i', {
        style: `left:${(i * 37) % 100}%;animation-delay:${((i * 0.137) % 1.2).toFixed(2)}s;animation-duration:${(1.3 + ((i * 0.29) % 0.9)).toFixed(2)}s`,
      }),
    );
  }
  const bigWin = el(
    'div',
    { class: 'slot-big', hidden: true, role: 'status' },
    coins,
    bigTitle,
    bigAmount,
    el('div', { class: 'slot-big-hint', text: t('tapToContinue') }),
  );
  const frame = el('div', { class: 'slot-frame' }, reelsNode, linesSvg, bigWin);

  const winLabel = el('span', { class: 'slot-win-label' });
  const winAmount = el('span', { class: 'slot-win-amount' });
  const winMessage = el('div', { class: 'slot-win-message', 'aria-live': 'polite' });
  const winBar = el(
    'div',
    { class: 'slot-winbar' },
    el('div', { class: 'slot-win-main' }, winLabel, winAmount),
    winMessage,
  );

  const machine = el(
    'section',
    { class: 'slot-machine' },
    el(
      'div',
      { class: 'slot-marquee' },
      el('span', { class: 'slot-lantern', html: LANTERN }),
      el('h1', { class: 'slot-name', text: G.data.title }),
      el('span', { class: 'slot-lantern right', html: LANTERN }),
    ),
    frame,
    winBar,
  );

  const stepper = G.stakeStepper({ values: STAKES, initial: 10, onChange: paintIdle });
  const spinButton = el(
    'button',
    { type: 'button', class: 'slot-spin', 'aria-label': t('spin') },
    el('span', {
      class: 'slot-spin-icon',
      'aria-hidden': 'true',
      html: '<svg viewBox="0 0 24 24"><path d="M19.5 12a7.5 7.5 0 11-2.2-5.3" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round"/><path d="M20 3.5v4.8h-4.8" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>',
    }),
    el('span', { class: 'slot-spin-text', text: t('spin') }),
  );
  const autoButton = el('button', { type: 'button', class: 'g-btn slot-auto', 'aria-pressed': 'false' });
  const controls = el('div', { class: 'slot-controls' }, stepper.node, spinButton, autoButton);

  G.stage.append(el('div', { class: 'slot-garland', html: GARLAND }), machine, controls);

  /* ---------- reels ---------- */

  function setOffset(strip, index, length) {
    strip.style.transform = `translateY(${(-index / length) * 100}%)`;
  }
  const cellAt = (reel, row) => strips[reel].children[1 + row];

  let windups = [];
  /** While the server answers: the reels pull back a little, like a lever being drawn. */
  function windUp() {
    if (G.reducedMotion()) return;
    windups = strips.map((strip, r) => {
      const length = stripSymbols[r].length;
      return strip.animate(
        [{ transform: `translateY(${(-1 / length) * 100}%)` }, { transform: `translateY(${(-1.18 / length) * 100}%)` }],
        { duration: 160, delay: r * 25, easing: 'ease-out', fill: 'forwards' },
      );
    });
  }
  function unwind() {
    for (const a of windups) a.cancel();
    windups = [];
  }

  /** Spins every reel to its result; reel r stops at 600 + 150·r ms. */
  function land(reels) {
    const reduced = G.reducedMotion();
    const jobs = reels.map((column, r) => {
      const strip = strips[r];
      const previous = stripSymbols[r];
      const fillers = Array.from({ length: 12 + r * 4 }, randomSymbol);
      // Top to bottom: a spare above (seen in the bounce), the result, fillers, the symbols now showing.
      const symbols = [randomSymbol(), ...column, ...fillers, previous[1], previous[2], previous[3], previous[4]];
      const length = symbols.length;
      stripSymbols[r] = symbols;
      windups[r]?.cancel();
      strip.innerHTML = symbols.map(cellHtml).join('');
      const from = `translateY(${(-(length - 4 + (reduced ? 0 : 0.18)) / length) * 100}%)`;
      const to = `translateY(${(-1 / length) * 100}%)`;
      if (reduced) {
        setOffset(strip, 1, length);
        strip.animate([{ opacity: 0.3 }, { opacity: 1 }], { duration: 120 });
        return Promise.resolve();
      }
      strip.style.transform = from;
      strip.classList.add('moving');
      const duration = 600 + r * 150;
      const animation = strip.animate([{ transform: from }, { transform: to }], {
        duration,
        easing: 'cubic-bezier(.42,.02,.3,1.09)',
        fill: 'forwards',
      });
      return animation.finished.then(() => {
        setOffset(strip, 1, length);
        animation.cancel();
        strip.classList.remove('moving');
        G.sound.play('stop');
      });
    });
    windups = [];
    if (!reduced) {
      const ticks = setInterval(() => G.sound.play('tick'), 90);
      Promise.all(jobs).then(() => clearInterval(ticks));
    }
    return Promise.all(jobs);
  }

  /* ---------- wins ---------- */

  let cycleTimer = 0;
  function clearWins() {
    clearInterval(cycleTimer);
    cycleTimer = 0;
    linesSvg.replaceChildren();
    frame.classList.remove('has-wins');
    for (const cell of reelsNode.querySelectorAll('.slot-cell.hit')) cell.classList.remove('hit');
    hideBig();
  }

  function drawLines(wins) {
    const box = reelsNode.getBoundingClientRect();
    const reels = [...reelsNode.children].map((reel) => reel.getBoundingClientRect());
    linesSvg.setAttribute('viewBox', `0 0 ${box.width} ${box.height}`);
    const ns = 'http://www.w3.org/2000/svg';
    linesSvg.replaceChildren();
    for (const win of wins) {
      const rows = PAYLINES[win.line - 1];
      const points = rows.map((row, r) => {
        const rect = reels[r];
        return [rect.left - box.left + rect.width / 2, rect.top - box.top + (rect.height * (row + 0.5)) / 3];
      });
      points.unshift([0, points[0][1]]);
      points.push([box.width, points[points.length - 1][1]]);
      const text = points.map((p) => p.map((n) => n.toFixed(1)).join(',')).join(' ');
      for (const kind of ['shadow', 'line']) {
        const line = document.createElementNS(ns, 'polyline');
        line.setAttribute('points', text);
        line.setAttribute('class', `slot-line ${kind}`);
        if (kind === 'line') line.setAttribute('stroke', LINE_COLORS[win.line - 1]);
        linesSvg.append(line);
      }
      const [bx, by] = points[1];
      const badge = document.createElementNS(ns, 'g');
      badge.setAttribute('class', 'slot-line-badge');
      badge.innerHTML = `<circle cx="${(bx - reels[0].width / 2 + 9).toFixed(1)}" cy="${by.toFixed(1)}" r="9" fill="${LINE_COLORS[win.line - 1]}"/><text x="${(bx - reels[0].width / 2 + 9).toFixed(1)}" y="${(by + 4).toFixed(1)}" text-anchor="middle">${win.line}</text>`;
      linesSvg.append(badge);
    }
  }

  function markCells(wins) {
    for (const cell of reelsNode.querySelectorAll('.slot-cell.hit')) cell.classList.remove('hit');
    for (const win of wins) {
      PAYLINES[win.line - 1].slice(0, win.count).forEach((row, r) => {
        cellAt(r, row).classList.add('hit');
      });
    }
  }

  const lineAmount = (stake, win) => Math.floor((stake * win.pays) / 10);
  const describe = (stake, win) =>
    t('lineWin', {
      line: win.line,
      count: win.count,
      symbol: t(`sym${win.symbol}`),
      amount: money(lineAmount(stake, win)),
    });

  function showWins(stake, wins) {
    frame.classList.add('has-wins');
    markCells(wins);
    drawLines(wins);
    winMessage.textContent = wins.length === 1 ? describe(stake, wins[0]) : t('linesWon', { n: wins.length });
    if (wins.length < 2 || G.reducedMotion()) return;
    let i = 0;
    cycleTimer = setInterval(() => {
      const win = wins[i % wins.length];
      i++;
      markCells([win]);
      drawLines([win]);
      winMessage.textContent = describe(stake, win);
    }, 1500);
  }

  let bigResolve = null;
  function hideBig() {
    if (bigWin.hidden) return;
    bigWin.hidden = true;
    bigResolve?.();
    bigResolve = null;
  }
  function showBig(stake, win) {
    const ratio = win / stake;
    bigTitle.textContent = ratio >= 100 ? t('superWin') : ratio >= 30 ? t('megaWin') : t('bigWin');
    bigAmount.textContent = money(0);
    bigWin.hidden = false;
    G.sound.play('bigwin');
    return new Promise((resolve) => {
      bigResolve = resolve;
      G.rollUp(bigAmount, 0, win, Math.min(4000, 1500 + ratio * 20)).then(() => {
        setTimeout(hideBig, G.ms(1600));
      });
    });
  }
  bigWin.addEventListener('click', () => {
    G.rollUp(bigAmount, 0, Number(bigWin.dataset.win || 0), 0);
    hideBig();
  });

  let skipRoll = null;
  frame.addEventListener('click', (event) => {
    if (event.target.closest('.slot-big')) return;
    skipRoll?.();
  });

  function paintIdle() {
    winLabel.textContent = '';
    winAmount.textContent = '';
    winBar.classList.remove('won', 'lost');
    winMessage.textContent = t('linesInfo', { lineBet: money(stepper.value / 10) });
  }

  /* ---------- a round ---------- */

  let autoRun = null;

  async function spin() {
    if (G.busy || G.ended) return false;
    clearWins();
    const stake = stepper.value;
    winBar.classList.remove('won', 'lost');
    winLabel.textContent = '';
    winAmount.textContent = '';
    winMessage.textContent = t('goodLuck');
    G.sound.play('spin');
    windUp();
    const answer = await G.play({ stake });
    if (!answer) {
      unwind();
      paintIdle();
      return false;
    }
    await land(answer.outcome.reels);
    const wins = answer.outcome.wins || [];
    if (answer.win > 0) {
      winBar.classList.add('won');
      winLabel.textContent = t('win');
      showWins(answer.stake, wins);
      const ratio = answer.win / answer.stake;
      if (ratio >= 10 && !G.reducedMotion()) {
        bigWin.dataset.win = String(answer.win);
        const roll = G.rollUp(winAmount, 0, answer.win, 800);
        await showBig(answer.stake, answer.win);
        await roll;
      } else {
        G.sound.play('win');
        const roll = G.rollUp(winAmount, 0, answer.win, Math.min(2200, 600 + ratio * 250));
        skipRoll = () => G.rollUp(winAmount, answer.win, answer.win, 0);
        await roll;
        skipRoll = null;
      }
    } else {
      winBar.classList.add('lost');
      winMessage.textContent = t('noWin');
    }
    G.finishRound(answer);
    return { win: answer.win };
  }

  spinButton.addEventListener('click', () => {
    G.sound.play('click');
    spin();
  });

  function paintAuto() {
    const running = Boolean(autoRun);
    autoButton.textContent = running ? t('autoStop', { n: autoRun.left }) : t('auto');
    autoButton.setAttribute('aria-pressed', String(running));
    autoButton.classList.toggle('on', running);
    paintLock(G.busy || G.ended);
  }
  async function runAuto() {
    autoRun = { left: 10, stop: false };
    const run = autoRun;
    paintAuto();
    while (run.left > 0 && !run.stop && !G.ended) {
      run.left--;
      paintAuto();
      const result = await spin();
      if (!result) break;
      if (run.left > 0 && !run.stop) await G.wait(result.win > 0 ? 1700 : 450);
    }
    autoRun = null;
    paintAuto();
  }
  autoButton.addEventListener('click', () => {
    G.sound.play('click');
    if (autoRun) {
      autoRun.stop = true;
      autoRun.left = 0;
      paintAuto();
      return;
    }
    if (!G.busy) runAuto();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.hidden && autoRun) autoRun.stop = true;
  });

  function paintLock(locked) {
    const blocked = locked || Boolean(autoRun);
    spinButton.disabled = blocked;
    spinButton.classList.toggle('busy', locked);
    stepper.setDisabled(blocked);
    autoButton.disabled = G.ended || (locked && !autoRun);
  }
  G.onLock(paintLock);

  window.addEventListener('resize', () => {
    if (linesSvg.childElementCount) linesSvg.replaceChildren();
  });

  /* ---------- info sheet ---------- */

  function paylineMini(rows, index) {
    const cells = [];
    for (let row = 0; row < 3; row++) {
      for (let reel = 0; reel < 5; reel++) {
        cells.push(el('i', { class: rows[reel] === row ? 'on' : '' }));
      }
    }
    return el(
      'figure',
      { class: 'slot-mini', style: `--pl:${LINE_COLORS[index]}` },
      el('div', { class: 'slot-mini-grid' }, cells),
      el('figcaption', { text: String(index + 1) }),
    );
  }

  G.setInfo(() => {
    const stake = stepper.value;
    const lineBet = stake / 10;
    const rows = SYMBOLS.map((s) =>
      el(
        'tr',
        {},
        el(
          'th',
          { scope: 'row' },
          el('span', { class: 'slot-pay-sym', html: symbolSvg(s) }),
          el('span', { class: 'slot-pay-name', text: t(`sym${s}`) }),
        ),
        ...[2, 1, 0].map((i) =>
          el(
            'td',
            {},
            el('b', { text: money(Math.floor(lineBet * PAYTABLE[s][i])) }),
            el('small', { text: `×${PAYTABLE[s][i]}` }),
          ),
        ),
      ),
    );
    const content = el(
      'div',
      { class: 'slot-info' },
      el('h3', { text: t('paytable') }),
      el('p', { class: 'muted', text: t('paysFor', { stake: money(stake), lineBet: money(lineBet) }) }),
      el(
        'table',
        { class: 'slot-paytable' },
        el(
          'thead',
          {},
          el('tr', {}, el('th', {}), ...[5, 4, 3].map((n) => el('th', { scope: 'col', text: t('ofAKind', { n }) }))),
        ),
        el('tbody', {}, rows),
      ),
      el('h3', { text: t('paylines') }),
      el('div', { class: 'slot-minis' }, PAYLINES.map(paylineMini)),
      el('h3', { text: t('rules') }),
      el(
        'ul',
        {},
        ['ruleLines', 'ruleLeft', 'ruleWild', 'ruleHighest'].map((k) => el('li', { text: t(k) })),
        el('li', { text: t('stakeRange', { min: money(G.MIN_STAKE), max: money(G.MAX_STAKE) }) }),
        el('li', { text: t('fair') }),
        el('li', { text: t('malfunction') }),
      ),
      el('p', { class: 'g-rtp' }, el('span', { text: t('rtp') }), el('strong', { text: RTP })),
    );
    G.openSheet(G.data.title, content);
  });

  paintIdle();
  paintAuto();
})();
