/*
 * The slot studio's page: one script for every slot configuration. It draws the reels, symbols (SVG art
 * from the config's theme), paylines or ways, free spins and the bonus round from Game.rules — the same
 * object the server pays from — and only shows the server's result: the reels stop on outcome.base, free
 * spins play out as a sequence, the bonus reveals the prizes the server drew.
 */
import './kit/common.js';
import { svg as drawSymbol } from './art/slot-symbols';
import './styles/slot.css';

(() => {
  const G = window.Game;
  if (!G) return;
  const { el, t, money } = G;
  const R = G.rules;

  G.addStrings(
    {
      spin: 'Spin',
      noWin: 'No win — try again',
      goodLuck: 'Good luck!',
      linesInfo: '{n} lines',
      waysInfo: '{n} ways',
      lineWin: 'Line {line} · {count}× {symbol} · {amount}',
      waysWin: '{count}× {symbol} · {ways} ways · {amount}',
      scatterWin: '{count} scatters · {amount}',
      freeSpinsWon: '{n} FREE SPINS · ×{m}',
      freeSpin: 'Free spin {i} of {n}',
      bonusPick: 'BONUS! Pick {n}',
      bonusWheel: 'BONUS WHEEL',
      bonusPrize: 'Bonus · {amount}',
      totalWin: 'Total win',
      bigWin: 'BIG WIN',
      paytable: 'Paytable',
      paysFor: 'Pays for your bet of {stake}.',
      ruleLines:
        'Your bet is split evenly over {n} fixed lines. A line pays 3 or more matching symbols in a row from the leftmost reel.',
      ruleWays:
        'Every left-to-right path of adjacent reels pays ({n} ways): 3 or more matching symbols from the leftmost reel, multiplied by the number of ways.',
      ruleWild: 'WILD stands in for every symbol except scatters and bonus symbols.',
      ruleScatter:
        'Scatters pay anywhere on the screen (times your total bet) and {counts} scatters give free spins; every free-spin win is multiplied by ×{m}. Free spins are played automatically within the same round.',
      rulePick: '{n} bonus symbols anywhere open the bonus: {picks} picks, each a prize of {prizes} × your bet.',
      ruleWheel: '{n} bonus symbols anywhere spin the bonus wheel: a prize of {prizes} × your bet.',
      tapBox: 'Tap a box',
      autoPick: 'Opening by themselves in {s} s',
      reels: 'Reels',
      lines: 'Lines',
      ways: 'Ways',
    },
    {
      spin: 'Quay',
      noWin: 'Chưa trúng — thử lại nhé',
      goodLuck: 'Chúc may mắn!',
      linesInfo: '{n} dòng',
      waysInfo: '{n} cách thắng',
      lineWin: 'Dòng {line} · {count}× {symbol} · {amount}',
      waysWin: '{count}× {symbol} · {ways} cách · {amount}',
      scatterWin: '{count} biểu tượng phân tán · {amount}',
      freeSpinsWon: '{n} LƯỢT QUAY MIỄN PHÍ · ×{m}',
      freeSpin: 'Lượt miễn phí {i}/{n}',
      bonusPick: 'THƯỞNG! Chọn {n}',
      bonusWheel: 'VÒNG QUAY THƯỞNG',
      bonusPrize: 'Thưởng · {amount}',
      totalWin: 'Tổng thắng',
      bigWin: 'THẮNG LỚN',
      paytable: 'Bảng trả thưởng',
      paysFor: 'Tiền thưởng cho mức cược {stake}.',
      ruleLines:
        'Tiền cược được chia đều cho {n} dòng cố định. Một dòng thắng khi có từ 3 biểu tượng giống nhau liên tiếp từ cuộn ngoài cùng bên trái.',
      ruleWays:
        'Mọi đường đi qua các cuộn liền kề từ trái sang phải đều được trả ({n} cách): từ 3 biểu tượng giống nhau tính từ cuộn trái nhất, nhân với số cách.',
      ruleWild: 'WILD thay thế mọi biểu tượng trừ biểu tượng phân tán và biểu tượng thưởng.',
      ruleScatter:
        'Biểu tượng phân tán trả thưởng ở bất kỳ vị trí nào (nhân với tổng cược) và {counts} biểu tượng cho lượt quay miễn phí; mọi tiền thắng khi quay miễn phí được nhân ×{m}. Lượt quay miễn phí tự động chơi trong cùng ván.',
      rulePick:
        '{n} biểu tượng thưởng ở bất kỳ đâu mở vòng thưởng: {picks} lần chọn, mỗi lần một giải {prizes} × tiền cược.',
      ruleWheel: '{n} biểu tượng thưởng ở bất kỳ đâu quay vòng quay thưởng: một giải {prizes} × tiền cược.',
      tapBox: 'Chạm vào một hộp',
      autoPick: 'Tự mở sau {s} giây',
      reels: 'Các cuộn',
      lines: 'Dòng',
      ways: 'Cách thắng',
    },
  );

  if (!R || !Array.isArray(R.symbols)) {
    G.stage.append(el('p', { class: 'sl-missing', text: t('failed') }));
    return;
  }

  const vi = G.vi;
  const byId = Object.fromEntries(R.symbols.map((s) => [s.id, s]));
  const symName = (id) => byId[id]?.name[vi ? 1 : 0] ?? id;
  const ways = R.lines ? 0 : R.rows ** R.reels;
  const [c1, c2, c3] = R.theme.colors;
  document.body.style.setProperty('--sl-bg1', c1);
  document.body.style.setProperty('--sl-bg2', c2);
  document.body.style.setProperty('--sl-accent', c3);
  document.body.dataset.theme = R.theme.key;

  /* ---------- symbol art (SVG, drawn here) ---------- */

  const SHAPES = {
    circle: '<circle cx="50" cy="50" r="40"/>',
    gem: '<path d="M25 20h50l18 22-43 48L7 42z"/>',
    star: '<path d="M50 6l12 30 32 2-25 20 9 32-28-18-28 18 9-32L6 38l32-2z"/>',
    heart:
      '<path d="M50 88S8 62 8 34c0-14 11-24 24-24 8 0 14 4 18 10 4-6 10-10 18-10 13 0 24 10 24 24 0 28-42 54-42 54z"/>',
    hex: '<path d="M50 6l38 22v44L50 94 12 72V28z"/>',
    flower:
      '<g><circle cx="50" cy="24" r="18"/><circle cx="76" cy="44" r="18"/><circle cx="66" cy="74" r="18"/><circle cx="34" cy="74" r="18"/><circle cx="24" cy="44" r="18"/></g>',
    leaf: '<path d="M14 86C14 40 40 12 88 12c0 48-28 74-74 74z"/>',
    crown: '<path d="M10 78l-2-50 22 20 20-32 20 32 22-20-2 50z"/>',
    bell: '<path d="M50 8c-18 0-28 14-28 34v18l-10 14h76L78 60V42C78 22 68 8 50 8zM40 80a10 10 0 0020 0z"/>',
    bar: '<rect x="8" y="28" width="84" height="44" rx="10"/>',
    coin: '<g><circle cx="50" cy="50" r="42"/><circle cx="50" cy="50" r="32" fill="none" stroke="rgba(0,0,0,.25)" stroke-width="5"/></g>',
    shield: '<path d="M50 6l38 12v28c0 24-16 40-38 48C28 86 12 70 12 46V18z"/>',
    drop: '<path d="M50 6C38 30 20 46 20 64a30 30 0 0060 0C80 46 62 30 50 6z"/>',
    moon: '<path d="M62 8a42 42 0 100 84A34 34 0 0162 8z"/>',
    lantern:
      '<g><rect x="40" y="4" width="20" height="10" rx="3"/><ellipse cx="50" cy="50" rx="36" ry="36"/><rect x="40" y="84" width="20" height="10" rx="3"/></g>',
    card: '<rect x="14" y="8" width="72" height="84" rx="12"/>',
    sun: '<g><circle cx="50" cy="50" r="24"/><path d="M50 4v16M50 80v16M4 50h16M80 50h16M17 17l11 11M72 72l11 11M17 83l11-11M72 28l11-11" stroke-width="8" stroke-linecap="round"/></g>',
    fish: '<path d="M8 50c14-22 44-30 64-12l20-14-6 26 6 26-20-14C52 80 22 72 8 50z"/>',
    wave: '<path d="M6 60c10-24 26-24 36 0s26 24 36 0 16-16 16-16v40H6z"/>',
    bolt: '<path d="M58 4L16 58h28l-6 38 46-56H56z"/>',
  };

  /** A symbol's picture: the config's vector art (art/slot-symbols), else its shape and glyph. */
  function art(id, small) {
    const s = byId[id];
    const kind = s?.kind ?? 'pay';
    const drawn = s ? drawSymbol(R.theme.key, s) : null;
    let inner = drawn;
    if (!inner) {
      const a = s?.art ?? { shape: 'circle', glyph: '?', color: '#888' };
      const shape = SHAPES[a.shape] ?? SHAPES.circle;
      const glyph = a.glyph || '';
      const size = glyph.length > 3 ? 20 : glyph.length > 1 ? 30 : 44;
      inner = `<g fill="${a.color}" stroke="${a.color}">${shape}</g>${
        glyph
          ? `<text x="50" y="52" dominant-baseline="central" text-anchor="middle" font-size="${size}" font-weight="900">${glyph.replace(/[<>&]/g, '')}</text>`
          : ''
      }`;
    }
    return el('span', {
      class: `sl-sym sl-${kind}${small ? ' sl-small' : ''}${drawn ? ' sl-drawn' : ''}`,
      role: 'img',
      'aria-label': symName(id),
      'data-symbol': id,
      html: `<svg viewBox="0 0 100 100" aria-hidden="true">${inner}</svg>`,
    });
  }

  /* ---------- layout ---------- */

  const cells = [];
  const reelNodes = [];
  const grid = el('div', {
    class: 'sl-grid',
    role: 'group',
    'aria-label': t('reels'),
    style: `--reels:${R.reels};--rows:${R.rows}`,
  });
  for (let r = 0; r < R.reels; r++) {
    const reel = el('div', { class: 'sl-reel' });
    cells[r] = [];
    for (let row = 0; row < R.rows; row++) {
      const cell = el('div', { class: 'sl-cell' });
      cells[r][row] = cell;
      reel.append(cell);
    }
    reelNodes.push(reel);
    grid.append(reel);
  }
  const paySymbols = R.symbols.filter((s) => s.kind === 'pay');
  function paint(screen) {
    for (let r = 0; r < R.reels; r++)
      for (let row = 0; row < R.rows; row++) {
        const id = screen ? screen[r][row] : paySymbols[(r * 3 + row * 2) % paySymbols.length].id;
        cells[r][row].replaceChildren(art(id));
        cells[r][row].classList.remove('win', 'dim');
      }
  }
  paint(null);

  // The payline indicator: the winning line drawn through the cells' centres while its win is shown.
  const lineLayer = el('div', { class: 'sl-lines', 'aria-hidden': 'true' });
  // cells a little taller than wide (1 : 1.3; nearly square on a 3-reel machine, whose reels are wide)
  const reelWindow = el(
    'div',
    { class: 'sl-window', style: `--reels-ratio:${(R.reels / (R.rows * (R.reels <= 3 ? 1.05 : 1.3))).toFixed(4)}` },
    el('div', { class: 'sl-window-in' }, grid, lineLayer),
  );
  function drawLine(cellsOfWin) {
    if (!cellsOfWin || cellsOfWin.length < 2) {
      lineLayer.replaceChildren();
      return;
    }
    const points = [...cellsOfWin]
      .sort((a, b) => a[0] - b[0])
      .map(([r, row]) => `${((r + 0.5) * 100) / R.reels},${((row + 0.5) * 100) / R.rows}`)
      .join(' ');
    lineLayer.innerHTML = `<svg viewBox="0 0 100 100" preserveAspectRatio="none"><polyline points="${points}" class="shadow"/><polyline points="${points}" class="line"/></svg>`;
  }

  const banner = el('div', { class: 'sl-banner', 'aria-live': 'polite', text: t('goodLuck') });
  const winValue = el('strong', { class: 'sl-win-value', text: money(0) });
  const meter = el(
    'div',
    { class: 'sl-meter' },
    el(
      'div',
      { class: 'sl-meter-box' },
      el('span', { class: 'sl-meter-label', text: R.lines ? t('lines') : t('ways') }),
      el('strong', {
        class: 'sl-meter-value',
        text: String(R.lines ? R.lines.length : ways.toLocaleString(vi ? 'vi-VN' : 'en-US')),
      }),
    ),
    el('div', { class: 'sl-meter-box sl-win' }, el('span', { class: 'sl-meter-label', text: t('win') }), winValue),
  );
  // the cabinet's topper: the title, then the set's showpieces (its richest pay symbol, the wild, and the
  // scatter or bonus symbol when it has one)
  const wild = R.symbols.find((s) => s.kind === 'wild') ?? R.symbols[0];
  const pays = R.symbols.filter((s) => s.kind === 'pay' && s.id !== wild.id);
  const feature = R.symbols.find((s) => s.kind === 'scatter') ?? R.symbols.find((s) => s.kind === 'bonus') ?? pays[1];
  const showpieces = [pays[0], wild, feature].filter(Boolean);
  const topper = el(
    'div',
    { class: 'sl-topper' },
    el(
      'div',
      { class: 'sl-marquee' },
      el('h1', { class: 'sl-name', text: G.titleInfo?.name ?? R.name }),
      el('span', {
        class: 'sl-sub',
        text: R.lines
          ? t('linesInfo', { n: R.lines.length })
          : t('waysInfo', { n: ways.toLocaleString(vi ? 'vi-VN' : 'en-US') }),
      }),
    ),
    el(
      'div',
      { class: 'sl-showcase', 'aria-hidden': 'true' },
      showpieces.map((s, i) => el('span', { class: `sl-topper-art${i === 1 ? ' sl-centre' : ''}` }, art(s.id))),
    ),
  );
  const overlay = el('div', { class: 'sl-overlay', hidden: true });
  const stepper = G.stakeStepper({
    values: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000],
    initial: 10,
  });
  const spinButton = el('button', {
    type: 'button',
    class: 'g-btn sl-spin',
    html: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v4.5h-4.5" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  });
  spinButton.append(el('span', { text: t('spin') }));
  const controls = el('div', { class: 'sl-controls' }, stepper.node, spinButton);
  const cabinet = el(
    'div',
    { class: 'sl-cabinet' },
    topper,
    el('div', { class: 'sl-reelbox' }, reelWindow, overlay),
    meter,
    banner,
    controls,
  );
  G.stage.append(cabinet);
  G.onLock((locked) => {
    spinButton.disabled = locked;
    stepper.setDisabled(locked);
  });

  /* ---------- animation ---------- */

  async function spinTo(screen) {
    G.sound.play('spin');
    for (const reel of reelNodes) reel.classList.add('spinning');
    const tick = setInterval(() => {
      for (let r = 0; r < R.reels; r++)
        if (reelNodes[r].classList.contains('spinning'))
          for (let row = 0; row < R.rows; row++)
            cells[r][row].replaceChildren(art(R.symbols[Math.floor(Math.random() * R.symbols.length)].id));
    }, 70);
    await G.wait(G.ms(450));
    for (let r = 0; r < R.reels; r++) {
      reelNodes[r].classList.remove('spinning');
      for (let row = 0; row < R.rows; row++) cells[r][row].replaceChildren(art(screen[r][row]));
      G.sound.play('stop');
      await G.wait(G.ms(160));
    }
    clearInterval(tick);
    for (let r = 0; r < R.reels; r++)
      for (let row = 0; row < R.rows; row++) cells[r][row].classList.remove('win', 'dim');
  }

  const coinsToMoney = (stake, coins) => Math.floor((stake * coins) / R.coins);

  async function showWins(screen, stake, seconds) {
    const lines = screen.wins.map((w) =>
      w.line
        ? t('lineWin', {
            line: w.line,
            count: w.count,
            symbol: symName(w.symbol),
            amount: money(coinsToMoney(stake, w.coins)),
          })
        : t('waysWin', {
            count: w.count,
            ways: w.ways,
            symbol: symName(w.symbol),
            amount: money(coinsToMoney(stake, w.coins)),
          }),
    );
    if (screen.scatterCoins > 0) {
      const scatter = R.symbols.find((s) => s.kind === 'scatter');
      lines.push(t('scatterWin', { count: screen.scatters, amount: money(coinsToMoney(stake, screen.scatterCoins)) }));
      screen.wins.push({
        cells: screen.grid.flatMap((col, r) => col.flatMap((id, row) => (id === scatter?.id ? [[r, row]] : []))),
      });
    }
    if (lines.length === 0) return;
    for (const [i, w] of screen.wins.entries()) {
      for (const column of cells) for (const cell of column) cell.classList.add('dim');
      for (const [r, row] of w.cells) {
        cells[r][row].classList.remove('dim');
        cells[r][row].classList.add('win');
      }
      drawLine(w.line ? w.cells : null);
      banner.textContent = lines[i];
      await G.wait(G.ms(seconds * 1000));
      drawLine(null);
      for (const column of cells) for (const cell of column) cell.classList.remove('dim', 'win');
    }
  }

  let shown = 0;
  async function addWin(amount) {
    const next = shown + amount;
    await G.rollUp(winValue, shown, next, 500);
    shown = next;
  }

  /** How long a pick bonus waits for the player before opening the boxes itself. */
  const AUTO_PICK_SECONDS = 15;

  async function bonusRound(bonus, stake) {
    overlay.hidden = false;
    overlay.replaceChildren();
    const total = el('strong', { class: 'sl-bonus-total', text: money(0) });
    if (bonus.type === 'wheel') {
      const prizes = R.bonus.prizes.map((p) => p.x);
      const wheel = el('div', { class: 'sl-wheel', style: `--n:${prizes.length}` });
      for (const [i, x] of prizes.entries())
        wheel.append(el('span', { class: 'sl-seg', style: `--i:${i}`, text: `${x}×` }));
      overlay.append(
        el('h2', { text: t('bonusWheel') }),
        el('div', { class: 'sl-wheel-wrap' }, el('div', { class: 'sl-pointer' }), wheel),
        total,
      );
      const index = prizes.indexOf(bonus.prizes[0]);
      const turn = 360 * 4 + (360 - (index + 0.5) * (360 / prizes.length));
      wheel.style.transition = `transform ${G.ms(2600)}ms cubic-bezier(.2,.7,.2,1)`;
      await G.wait(60);
      wheel.style.transform = `rotate(${turn}deg)`;
      await G.wait(G.ms(2700));
    } else {
      const boxes = el('div', { class: 'sl-boxes' });
      // The prizes are the server's and already paid: a player who walks away still gets them, the boxes
      // open by themselves once the countdown ends, and the round is finished either way.
      const countdown = el('p', { class: 'sl-countdown', 'aria-live': 'off' });
      overlay.append(
        el('h2', { text: t('bonusPick', { n: bonus.prizes.length }) }),
        el('p', { text: t('tapBox') }),
        boxes,
        countdown,
        total,
      );
      let picked = 0;
      await new Promise((resolve) => {
        const all = [];
        const open = (box) => {
          if (box.disabled || picked >= bonus.prizes.length) return;
          box.disabled = true;
          box.classList.add('open');
          box.textContent = `${bonus.prizes[picked]}×`;
          G.sound.play('win');
          picked++;
          if (picked === bonus.prizes.length) {
            clearInterval(timer);
            countdown.textContent = '';
            setTimeout(resolve, G.ms(700));
          }
        };
        let left = AUTO_PICK_SECONDS;
        countdown.textContent = t('autoPick', { s: left });
        const timer = setInterval(() => {
          left--;
          countdown.textContent = t('autoPick', { s: Math.max(left, 0) });
          if (left > 0) return;
          clearInterval(timer);
          for (const box of all) open(box);
        }, 1000);
        for (let i = 0; i < 9; i++) {
          const box = el('button', { type: 'button', class: 'sl-box', 'aria-label': t('tapBox'), text: '?' });
          box.addEventListener('click', () => open(box));
          all.push(box);
          boxes.append(box);
        }
      });
    }
    const amount = Math.floor((stake * bonus.coins) / R.coins);
    await G.rollUp(total, 0, amount, 600);
    banner.textContent = t('bonusPrize', { amount: money(amount) });
    await addWin(amount);
    await G.wait(G.ms(700));
    overlay.hidden = true;
  }

  async function spin() {
    const stake = stepper.value;
    const answer = await G.play({ stake });
    if (!answer) return;
    const o = answer.outcome;
    shown = 0;
    winValue.textContent = money(0);
    banner.textContent = t('goodLuck');
    await spinTo(o.base.grid);
    if (o.base.coins > 0) {
      await addWin(coinsToMoney(stake, o.base.coins));
      await showWins(o.base, stake, 0.9);
    }
    if (o.freeSpins) {
      overlay.hidden = false;
      overlay.replaceChildren(
        el('h2', { text: t('freeSpinsWon', { n: o.freeSpins.spins.length, m: o.freeSpins.multiplier }) }),
      );
      G.sound.play('bigwin');
      await G.wait(G.ms(1400));
      overlay.hidden = true;
      document.body.classList.add('sl-free');
      for (const [i, s] of o.freeSpins.spins.entries()) {
        banner.textContent = t('freeSpin', { i: i + 1, n: o.freeSpins.spins.length });
        await spinTo(s.grid);
        if (s.coins > 0) {
          await addWin(coinsToMoney(stake, s.coins));
          await showWins(s, stake, 0.5);
        }
      }
      document.body.classList.remove('sl-free');
    }
    if (o.bonus) await bonusRound(o.bonus, stake);
    winValue.textContent = money(answer.win);
    if (answer.win >= stake * 20) {
      banner.textContent = `${t('bigWin')} · ${money(answer.win)}`;
      G.sound.play('bigwin');
    } else if (answer.win > 0) {
      banner.textContent = `${t('totalWin')} · ${money(answer.win)}`;
      G.sound.play('win');
    } else {
      banner.textContent = t('noWin');
    }
    G.finishRound(answer);
  }
  spinButton.addEventListener('click', spin);

  /* ---------- how to play ---------- */

  function rulesSheet() {
    const stake = stepper.value;
    const counts = (pays) =>
      Object.entries(pays)
        .filter(([, v]) => v > 0)
        .map(([n, v]) => el('span', {}, el('b', { text: `${n}×` }), ` ${money(Math.floor((stake * v) / R.coins))}`));
    const rows = R.symbols
      .filter((s) => Object.values(s.pays).some((v) => v > 0))
      .map((s) => {
        const pays =
          s.kind === 'scatter' ? Object.fromEntries(Object.entries(s.pays).map(([n, v]) => [n, v * R.coins])) : s.pays;
        return el(
          'div',
          { class: 'sl-pay-row' },
          art(s.id, true),
          el('div', {}, el('strong', { text: symName(s.id) }), el('div', { class: 'sl-pays' }, counts(pays))),
        );
      });
    const list = el('ul', { class: 'sl-rules' });
    list.append(el('li', { text: R.lines ? t('ruleLines', { n: R.lines.length }) : t('ruleWays', { n: ways }) }));
    if (R.symbols.some((s) => s.kind === 'wild')) list.append(el('li', { text: t('ruleWild') }));
    if (R.freeSpins)
      list.append(
        el('li', {
          text: t('ruleScatter', {
            counts: Object.entries(R.freeSpins.spins)
              .map(([n, s]) => `${n} → ${s}`)
              .join(', '),
            m: R.freeSpins.multiplier,
          }),
        }),
      );
    if (R.bonus) {
      const prizes = R.bonus.prizes.map((p) => p.x).join(' / ');
      list.append(
        el('li', {
          text:
            R.bonus.type === 'pick'
              ? t('rulePick', { n: R.bonus.trigger, picks: R.bonus.picks, prizes })
              : t('ruleWheel', { n: R.bonus.trigger, prizes }),
        }),
      );
    }
    const content = el(
      'div',
      { class: 'sl-sheet' },
      el('h3', { text: t('paytable') }),
      el('p', { class: 'sl-note', text: t('paysFor', { stake: money(stake) }) }),
      el('div', { class: 'sl-paytable' }, rows),
      el('h3', { text: t('rules') }),
      list,
      el('p', {}, el('strong', { text: `${t('rtp')}: ${(R.rtp * 100).toFixed(2)}%` })),
      el('p', { class: 'sl-note', text: t('stakeRange', { min: money(G.MIN_STAKE), max: money(G.MAX_STAKE) }) }),
      el('p', { class: 'sl-note', text: t('fair') }),
      el('p', { class: 'sl-note', text: t('malfunction') }),
    );
    G.openSheet(t('rules'), content);
  }
  G.setInfo(rulesSheet);
})();
