/*
 * Crash as one shared round for every player of the title (server/src/sandbox/provider/crash-room.ts): a
 * betting phase, then the flight from 1.00x along m(t) = e^(k t) on the server clock, the crash at the
 * round's point (committed by its hash before bets, its seed shown after), a pause, the next round. The page
 * polls /crash (the round's times, everyone's bets with masked names, the last points) and draws the curve
 * from the server's times, corrected by serverNow. Cash out sends no multiplier: the server takes its own
 * clock at receipt and pays stake x m(now) if the rocket is still flying.
 */
import './kit/game';

(() => {
  const G = window.Game;
  if (!G) return;
  const { el, t, money } = G;
  // The maths and look come from Game.rules, the config the server pays from (games/crash.ts).
  const R = G.rules;
  if (!R) return;

  G.addStrings(
    {
      target: 'Auto cash-out',
      autoOn: 'Auto cash-out at',
      launch: 'Bet',
      cashOut: 'Cash out',
      flying: 'Flying…',
      betting: 'Place your bets · {s}s',
      waiting: 'Bets are closed · wait for the next round',
      next: 'Next round in {s}s',
      crashedAt: 'Crashed at {x}',
      cashedOut: 'Cashed out at {x}',
      missed: 'Crashed at {x} · lost {amount}',
      tooLate: 'Too late: crashed at {x}',
      betIn: 'Your bet {amount} is in · cash out while it flies',
      betNext: 'Your bet {amount} rides this round',
      chance: 'Win chance {p}',
      pays: 'Cash-out pays {amount}',
      targetInvalid: 'Enter a multiplier from {min}× to {max}×',
      history: 'Recent crash points',
      historyEmpty: 'No rounds yet — good luck!',
      multiplier: 'Multiplier',
      targetLine: 'Target {x}',
      players: 'Bets this round',
      playersCount: 'Bets: {count} · {total}',
      noBets: 'No bets yet this round',
      you: 'You',
      inFlight: 'in',
      lost: 'lost',
      ruleTarget:
        'One round for every player: bets are taken for {bet} seconds, then the rocket takes off from 1.00× and everyone sees the same flight.',
      ruleClimb:
        'Press Cash out while it flies to win your bet times the multiplier the server reads when your press arrives. An auto cash-out ({min}× to {max}×) pays at its target if the rocket gets there.',
      ruleCrash:
        'If the rocket crashes first, the bet is lost. The crash point is decided before the round: the chance to reach a multiplier m is {rtp}% ÷ m; its seed is shown after the crash.',
      ruleSpeed:
        'The multiplier doubles about every 8.7 seconds. A flight ends at {max}× and pays every bet still in at {max}×.',
      quick: 'Quick targets',
    },
    {
      target: 'Tự động rút',
      autoOn: 'Tự động rút tại',
      launch: 'Đặt cược',
      cashOut: 'Rút tiền',
      flying: 'Đang bay…',
      betting: 'Mời đặt cược · {s}s',
      waiting: 'Đã đóng cược · chờ ván sau',
      next: 'Ván mới sau {s}s',
      crashedAt: 'Nổ tại {x}',
      cashedOut: 'Đã rút tại {x}',
      missed: 'Nổ tại {x} · thua {amount}',
      tooLate: 'Quá muộn: đã nổ tại {x}',
      betIn: 'Cược {amount} đang bay · rút tiền trước khi nổ',
      betNext: 'Cược {amount} tham gia ván này',
      chance: 'Cơ hội thắng {p}',
      pays: 'Rút được {amount}',
      targetInvalid: 'Nhập hệ số từ {min}× đến {max}×',
      history: 'Các điểm nổ gần đây',
      historyEmpty: 'Chưa có ván nào — chúc may mắn!',
      multiplier: 'Hệ số nhân',
      targetLine: 'Mục tiêu {x}',
      players: 'Cược ván này',
      playersCount: 'Số cược: {count} · {total}',
      noBets: 'Chưa có cược nào trong ván này',
      you: 'Bạn',
      inFlight: 'đang bay',
      lost: 'thua',
      ruleTarget:
        'Một ván chung cho mọi người chơi: nhận cược trong {bet} giây, rồi tên lửa cất cánh từ 1.00× và mọi người cùng xem một chuyến bay.',
      ruleClimb:
        'Bấm Rút tiền khi tên lửa đang bay để thắng tiền cược nhân hệ số máy chủ đọc được lúc yêu cầu đến. Tự động rút ({min}× đến {max}×) trả tại mục tiêu nếu tên lửa bay tới.',
      ruleCrash:
        'Nếu tên lửa nổ trước, bạn thua cược. Điểm nổ được quyết định trước ván: cơ hội đạt hệ số m là {rtp}% ÷ m; hạt giống được công bố sau khi nổ.',
      ruleSpeed:
        'Hệ số nhân tăng gấp đôi khoảng mỗi 8,7 giây. Chuyến bay dừng tại {max}× và trả mọi cược còn lại tại {max}×.',
      quick: 'Mục tiêu nhanh',
    },
  );

  const RTP_PCT = Number((R.rtp * 100).toFixed(2));
  const MIN_TARGET = R.minTarget;
  const MAX_TARGET = R.maxTarget;
  const QUICK = R.presets;
  const LIMITS = { min: MIN_TARGET.toFixed(2), max: String(MAX_TARGET) };
  const [c1, c2, c3] = R.theme.colors;
  document.body.style.setProperty('--crash-bg1', c1);
  document.body.style.setProperty('--crash-bg2', c2);
  document.body.style.setProperty('--crash-quick-count', String(QUICK.length));
  const STAKES = [1, 5, 10, 20, 50, 100, 500, 1000];

  /* ---------- the flight curve: m(t) = e^(k t), k from the server (per ms), t in seconds here ---------- */

  let K = 0.08;
  const multAt = (s) => Math.exp(K * s);
  const timeOf = (m) => (m <= 1 ? 0 : Math.log(m) / K);
  const fmtX = (m) => `${(Math.floor(m * 100 + 1e-6) / 100).toFixed(2)}×`;

  /* ---------- layout ---------- */

  const historyRow = el('div', { class: 'crash-history', role: 'list', 'aria-label': t('history') });
  const canvas = el('canvas', { class: 'crash-canvas', 'aria-hidden': 'true' });
  const readoutValue = el('div', { class: 'crash-x', text: '1.00×' });
  const readoutStatus = el('div', { class: 'crash-status', text: '' });
  const cashBadge = el('div', { class: 'crash-cash', hidden: true, role: 'status' });
  const sky = el(
    'section',
    { class: 'crash-sky', 'data-theme': R.theme.key },
    el('div', { class: 'crash-stars', 'aria-hidden': 'true' }),
    canvas,
    el(
      'div',
      { class: 'crash-readout', role: 'status', 'aria-live': 'polite', 'aria-label': t('multiplier') },
      readoutValue,
      readoutStatus,
    ),
    cashBadge,
  );

  const stepper = G.stakeStepper({ values: STAKES, initial: 10, onChange: paintOdds });

  let target = Number(G.store.get('crash:target', 2));
  if (!validTarget(target)) target = 2;
  let auto = G.store.get('crash:auto', false) === true;
  const autoBox = el('input', { type: 'checkbox', class: 'crash-auto-box', id: 'crash-auto' });
  autoBox.checked = auto;
  const targetInput = el('input', {
    class: 'crash-target-input',
    id: 'crash-target',
    type: 'text',
    inputmode: 'decimal',
    enterkeyhint: 'done',
    autocomplete: 'off',
    spellcheck: 'false',
    maxlength: '7',
    value: target.toFixed(2),
  });
  const targetField = el(
    'div',
    { class: 'crash-target' },
    el(
      'label',
      { class: 'crash-target-label crash-auto', for: 'crash-auto' },
      autoBox,
      el('span', { text: t('target') }),
    ),
    el('span', { class: 'crash-target-box' }, targetInput, el('span', { class: 'crash-target-x', text: '×' })),
  );
  const quickButtons = QUICK.map((q) =>
    el('button', {
      type: 'button',
      class: 'g-btn crash-quick',
      text: `${q}×`,
      onclick: () => {
        G.sound.play('click');
        autoBox.checked = true;
        auto = true;
        G.store.set('crash:auto', true);
        setTarget(q);
      },
    }),
  );
  const odds = el('div', { class: 'crash-odds', 'aria-live': 'polite' });
  const launchButton = el('button', { type: 'button', class: 'crash-launch' });
  const cashButton = el('button', { type: 'button', class: 'crash-cashout', hidden: true });
  const betNote = el('div', { class: 'crash-note', role: 'status', 'aria-live': 'polite' });
  const betsTitle = el('div', { class: 'crash-bets-head' });
  const betsList = el('ul', { class: 'crash-bets', 'aria-label': t('players') });

  G.stage.append(
    historyRow,
    sky,
    el(
      'section',
      { class: 'crash-panel' },
      el('div', { class: 'crash-row' }, stepper.node, targetField),
      el('div', { class: 'crash-quicks', role: 'group', 'aria-label': t('quick') }, quickButtons),
      odds,
      betNote,
      launchButton,
      cashButton,
    ),
    el('section', { class: 'crash-players' }, betsTitle, betsList),
  );

  /* ---------- target ---------- */

  function validTarget(v) {
    return Number.isFinite(v) && v >= MIN_TARGET && v <= MAX_TARGET && Number(v.toFixed(2)) === v;
  }
  function parseTarget(text) {
    const clean = String(text)
      .replace(',', '.')
      .replace(/[^\d.]/g, '');
    if (!/^\d{1,4}(\.\d{0,2})?$/.test(clean)) return Number.NaN;
    return Number(Number(clean).toFixed(2));
  }
  function setTarget(v) {
    target = Math.min(MAX_TARGET, Math.max(MIN_TARGET, Number(v.toFixed(2))));
    targetInput.value = target.toFixed(2);
    G.store.set('crash:target', target);
    paintOdds();
  }
  autoBox.addEventListener('change', () => {
    auto = autoBox.checked;
    G.store.set('crash:auto', auto);
    paintOdds();
  });
  targetInput.addEventListener('input', () => {
    const v = parseTarget(targetInput.value);
    if (validTarget(v)) {
      target = v;
      G.store.set('crash:target', target);
    }
    paintOdds();
  });
  targetInput.addEventListener('blur', () => {
    const v = parseTarget(targetInput.value);
    setTarget(Number.isFinite(v) ? v : target);
  });
  targetInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') targetInput.blur();
  });
  targetInput.addEventListener('focus', () => targetInput.select());

  function inputValid() {
    return !auto || validTarget(parseTarget(targetInput.value));
  }

  function paintOdds() {
    const ok = inputValid();
    targetField.classList.toggle('invalid', !ok);
    targetField.classList.toggle('off', !auto);
    for (const [i, b] of quickButtons.entries()) b.classList.toggle('on', auto && ok && target === QUICK[i]);
    if (!ok) {
      odds.textContent = t('targetInvalid', LIMITS);
      odds.classList.add('error');
    } else if (auto) {
      const chance = Math.min(100, RTP_PCT / target);
      odds.classList.remove('error');
      odds.replaceChildren(
        el('span', { text: t('chance', { p: `${chance.toFixed(2)}%` }) }),
        el('span', {
          text: t('pays', { amount: money(Math.floor((stepper.value * Math.round(target * 100)) / 100)) }),
        }),
      );
    } else odds.replaceChildren();
    launchButton.textContent = `${t('launch')} · ${money(stepper.value)}`;
    paintControls();
  }

  /* ---------- canvas ---------- */

  const ctx = canvas.getContext('2d');
  let width = 0;
  let height = 0;
  let scene = { t: 0, phase: 'idle' };

  function resize() {
    const rect = canvas.getBoundingClientRect();
    const dpr = Math.min(2.5, window.devicePixelRatio || 1);
    width = rect.width;
    height = rect.height;
    canvas.width = Math.max(1, Math.round(width * dpr));
    canvas.height = Math.max(1, Math.round(height * dpr));
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    draw();
  }
  if (window.ResizeObserver) new ResizeObserver(resize).observe(canvas);
  else window.addEventListener('resize', resize);

  // The chart's grid, axis and target inks follow the page's scheme (games.css: --crash-grid-base,
  // --crash-grid, --crash-axis, --crash-target, light or dark), read again when the player's scheme changes.
  const ink = { base: '', grid: '', axis: '', target: '' };
  function readInk() {
    const css = getComputedStyle(document.body);
    ink.base = css.getPropertyValue('--crash-grid-base').trim() || 'rgba(255,255,255,0.28)';
    ink.grid = css.getPropertyValue('--crash-grid').trim() || 'rgba(255,255,255,0.09)';
    ink.axis = css.getPropertyValue('--crash-axis').trim() || 'rgba(220,230,255,0.6)';
    ink.target = css.getPropertyValue('--crash-target').trim() || '#4be38a';
  }
  readInk();
  window.matchMedia?.('(prefers-color-scheme: light)').addEventListener?.('change', () => {
    readInk();
    draw();
  });

  function niceStep(raw) {
    const pow = 10 ** Math.floor(Math.log10(raw));
    for (const m of [1, 2, 2.5, 5, 10]) if (raw <= m * pow) return m * pow;
    return 10 * pow;
  }
  const axisLabel = (v) => (v >= 100 ? `${Math.round(v)}×` : `${Number(v.toFixed(2))}×`);

  /** Draws the scene: grid, target line, curve up to scene.t, the rocket or its explosion. */
  function draw() {
    if (!width || !height) return;
    ctx.clearRect(0, 0, width, height);
    const padL = 46;
    const padR = 18;
    const padT = 18;
    const padB = 26;
    const plotW = width - padL - padR;
    const plotH = height - padT - padB;
    const now = scene.t;
    const mNow = Math.min(multAt(now), scene.point ?? Number.POSITIVE_INFINITY);
    const xMax = Math.max(5, now * 1.18);
    const yMax = Math.max(2, 1 + (mNow - 1) * 1.45);
    const xAt = (s) => padL + (s / xMax) * plotW;
    const yAt = (m) => padT + plotH - ((m - 1) / (yMax - 1)) * plotH;

    // Grid and labels.
    ctx.font = '600 11px system-ui, -apple-system, Roboto, sans-serif';
    ctx.textBaseline = 'middle';
    ctx.lineWidth = 1;
    const yStep = niceStep((yMax - 1) / 4);
    ctx.textAlign = 'right';
    const levels = [1];
    for (let v = Math.ceil((1 + 1e-9) / yStep) * yStep; v <= yMax + 1e-9; v += yStep) levels.push(v);
    for (const v of levels) {
      const y = Math.round(yAt(v)) + 0.5;
      ctx.strokeStyle = v === 1 ? ink.base : ink.grid;
      ctx.beginPath();
      ctx.moveTo(padL, y);
      ctx.lineTo(width - padR, y);
      ctx.stroke();
      ctx.fillStyle = ink.axis;
      ctx.fillText(axisLabel(v), padL - 8, y);
    }
    const xStep = niceStep(xMax / 4);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (let s = xStep; s <= xMax; s += xStep) {
      ctx.fillStyle = ink.axis;
      ctx.fillText(`${Math.round(s)}s`, xAt(s), padT + plotH + 8);
    }

    // The target line (while it is on the chart).
    if (scene.target && scene.target <= yMax) {
      const y = Math.round(yAt(scene.target)) + 0.5;
      ctx.save();
      ctx.setLineDash([6, 6]);
      ctx.strokeStyle = ink.target;
      ctx.globalAlpha = scene.cashed ? 0.9 : 0.55;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.moveTo(padL, y);
      ctx.lineTo(width - padR, y);
      ctx.stroke();
      ctx.restore();
      ctx.fillStyle = ink.target;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'bottom';
      ctx.fillText(t('targetLine', { x: fmtX(scene.target) }), padL + 6, y - 3);
    }

    const crashed = scene.phase === 'crashed';
    const points = [];
    if (now > 0) {
      const n = Math.max(12, Math.min(140, Math.round(plotW / 3)));
      for (let i = 0; i <= n; i++) {
        const s = (now * i) / n;
        points.push([xAt(s), yAt(Math.min(multAt(s), mNow))]);
      }
      // Area under the curve.
      const fill = ctx.createLinearGradient(0, padT, 0, padT + plotH);
      fill.addColorStop(0, crashed ? 'rgba(255,80,80,0.35)' : 'rgba(255,150,60,0.35)');
      fill.addColorStop(1, 'rgba(255,120,60,0)');
      ctx.beginPath();
      ctx.moveTo(points[0][0], yAt(1));
      for (const [x, y] of points) ctx.lineTo(x, y);
      ctx.lineTo(points[points.length - 1][0], yAt(1));
      ctx.closePath();
      ctx.fillStyle = fill;
      ctx.fill();
      // The curve.
      const stroke = ctx.createLinearGradient(padL, 0, width - padR, 0);
      stroke.addColorStop(0, crashed ? '#ff6b6b' : c3);
      stroke.addColorStop(1, crashed ? '#ff2d55' : '#ff5e9a');
      ctx.beginPath();
      ctx.moveTo(points[0][0], points[0][1]);
      for (const [x, y] of points.slice(1)) ctx.lineTo(x, y);
      ctx.strokeStyle = stroke;
      ctx.lineWidth = 4;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.stroke();
    }

    // The cash-out mark on the curve.
    if (scene.cashed && scene.target <= yMax) {
      const x = xAt(timeOf(scene.target));
      const y = yAt(scene.target);
      ctx.beginPath();
      ctx.arc(x, y, 6, 0, Math.PI * 2);
      ctx.fillStyle = '#4be38a';
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#0b2a18';
      ctx.stroke();
    }

    const tip = points.length ? points[points.length - 1] : [xAt(0), yAt(1)];
    if (!crashed) {
      let angle = -Math.PI / 5;
      if (points.length > 3) {
        const [ax, ay] = points[points.length - 4];
        angle = Math.atan2(tip[1] - ay, tip[0] - ax);
      }
      drawRocket(tip[0], tip[1], angle, scene.phase === 'flying');
    } else {
      drawExplosion(tip[0], tip[1]);
    }
  }

  function drawRocket(x, y, angle, flame) {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(angle);
    ctx.scale(1.25, 1.25);
    if (flame) {
      const len = 16 + Math.random() * 10;
      const g = ctx.createLinearGradient(-12, 0, -12 - len, 0);
      g.addColorStop(0, '#fff6b0');
      g.addColorStop(0.35, '#ffb020');
      g.addColorStop(1, 'rgba(255,60,0,0)');
      ctx.beginPath();
      ctx.moveTo(-11, -5);
      ctx.quadraticCurveTo(-12 - len * 0.6, -3, -12 - len, 0);
      ctx.quadraticCurveTo(-12 - len * 0.6, 3, -11, 5);
      ctx.closePath();
      ctx.fillStyle = g;
      ctx.fill();
    }
    // Fins.
    ctx.fillStyle = '#e8344e';
    ctx.beginPath();
    ctx.moveTo(-4, -6);
    ctx.lineTo(-14, -13);
    ctx.lineTo(-12, -5);
    ctx.closePath();
    ctx.moveTo(-4, 6);
    ctx.lineTo(-14, 13);
    ctx.lineTo(-12, 5);
    ctx.closePath();
    ctx.fill();
    // Body.
    const body = ctx.createLinearGradient(0, -7, 0, 7);
    body.addColorStop(0, '#ffffff');
    body.addColorStop(1, '#b9c4d6');
    ctx.beginPath();
    ctx.moveTo(17, 0);
    ctx.quadraticCurveTo(9, -8, -12, -6.5);
    ctx.lineTo(-12, 6.5);
    ctx.quadraticCurveTo(9, 8, 17, 0);
    ctx.closePath();
    ctx.fillStyle = body;
    ctx.fill();
    // Nose.
    ctx.beginPath();
    ctx.moveTo(17, 0);
    ctx.quadraticCurveTo(13, -5, 8, -6.4);
    ctx.lineTo(8, 6.4);
    ctx.quadraticCurveTo(13, 5, 17, 0);
    ctx.closePath();
    ctx.fillStyle = '#e8344e';
    ctx.fill();
    // Window.
    ctx.beginPath();
    ctx.arc(1, 0, 3.2, 0, Math.PI * 2);
    ctx.fillStyle = '#3fb8ff';
    ctx.fill();
    ctx.lineWidth = 1.4;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    ctx.restore();
  }

  function drawExplosion(x, y) {
    const age = (performance.now() - (scene.crashAt || 0)) / 1000;
    if (age < 0.35) {
      ctx.beginPath();
      ctx.arc(x, y, 10 + age * 160, 0, Math.PI * 2);
      ctx.fillStyle = `rgba(255,220,120,${(0.7 * (1 - age / 0.35)).toFixed(3)})`;
      ctx.fill();
    }
    for (const p of scene.particles || []) {
      const life = Math.min(1, age / p.life);
      if (life >= 1) continue;
      const px = x + p.vx * age;
      const py = y + p.vy * age + 90 * age * age;
      ctx.beginPath();
      ctx.arc(px, py, Math.max(0.5, p.size * (1 - life)), 0, Math.PI * 2);
      ctx.fillStyle = p.color;
      ctx.globalAlpha = 1 - life;
      ctx.fill();
      ctx.globalAlpha = 1;
    }
    // Smoke that stays.
    ctx.beginPath();
    ctx.arc(x, y, 7, 0, Math.PI * 2);
    ctx.fillStyle = 'rgba(255,90,90,0.9)';
    ctx.fill();
  }

  function makeParticles() {
    const colors = ['#fff6b0', '#ffd54a', '#ff9f43', '#ff5e62', '#ffffff'];
    return Array.from({ length: 46 }, () => {
      const a = Math.random() * Math.PI * 2;
      const speed = 50 + Math.random() * 190;
      return {
        vx: Math.cos(a) * speed,
        vy: Math.sin(a) * speed,
        life: 0.5 + Math.random() * 0.7,
        size: 2 + Math.random() * 3.5,
        color: colors[Math.floor(Math.random() * colors.length)],
      };
    });
  }

  /* ---------- the shared round ---------- */

  /** The last /crash answer; `offset` turns the page's clock into the server's (serverNow at receipt). */
  let room = null;
  let offset = 0;
  let myBet = null;
  let cashing = false;
  let shownRound = 0;
  let shownCrash = 0;
  const serverNow = () => Date.now() + offset;

  function phaseNow() {
    if (!room) return 'betting';
    const r = room.round;
    if (r.phase === 'crashed') return 'crashed';
    // The flight goes on, from the server's times, until the server says it crashed.
    return serverNow() < r.flightAt ? 'betting' : 'flying';
  }
  function liveMultiplier() {
    const r = room?.round;
    if (!r) return 1;
    if (r.phase === 'crashed') return r.point / 100;
    return multAt(Math.max(0, (serverNow() - r.flightAt) / 1000));
  }
  const mine = () => room?.me ?? null;

  function paintControls() {
    const phase = phaseNow();
    const me = mine();
    const inFlight = phase === 'flying' && me?.state === 'in';
    const canBet = phase === 'betting' && !me && !G.ended;
    launchButton.hidden = inFlight;
    cashButton.hidden = !inFlight;
    launchButton.disabled = !canBet || G.busy || !inputValid();
    launchButton.classList.toggle('busy', !canBet && !G.ended);
    const locked = !canBet || G.busy;
    stepper.setDisabled(locked);
    targetInput.disabled = locked;
    autoBox.disabled = locked;
    for (const b of quickButtons) b.disabled = locked;
    if (inFlight) {
      const m = liveMultiplier();
      cashButton.disabled = cashing;
      cashButton.replaceChildren(
        el('span', { text: t('cashOut') }),
        el('strong', { text: money(Math.floor((me.stake * Math.floor(m * 100 + 1e-6)) / 100)) }),
      );
    }
  }
  G.onLock(paintControls);

  function paintHistory() {
    const points = room?.history ?? [];
    if (!points.length) {
      historyRow.replaceChildren(el('span', { class: 'crash-history-empty', text: t('historyEmpty') }));
      return;
    }
    historyRow.replaceChildren(
      ...points.map((h, i) => {
        const x = h.point / 100;
        return el('span', {
          role: 'listitem',
          class: `crash-pill ${x >= 10 ? 'gold' : x >= 2 ? 'blue' : 'red'}${i === 0 && h.n === shownCrash ? ' new' : ''}`,
          text: fmtX(x),
          title: `#${h.n}`,
        });
      }),
    );
  }

  function paintBets() {
    const bets = room?.bets ?? [];
    betsTitle.replaceChildren(
      el('strong', { text: t('players') }),
      el('span', {
        class: 'g-muted',
        text: t('playersCount', { count: room?.totals.bets ?? 0, total: money(room?.totals.staked ?? 0) }),
      }),
    );
    if (!bets.length) {
      betsList.replaceChildren(el('li', { class: 'crash-bets-empty g-muted', text: t('noBets') }));
      return;
    }
    betsList.replaceChildren(
      ...bets.map((b) =>
        el(
          'li',
          { class: `crash-bet is-${b.state}${b.me ? ' is-me' : ''}` },
          el('span', { class: 'crash-bet-name', text: b.me ? `${t('you')} · ${b.player}` : b.player }),
          el('span', { class: 'crash-bet-stake', text: money(b.stake) }),
          el('span', {
            class: 'crash-bet-x',
            text: b.state === 'cashed' ? fmtX(b.cashedAt / 100) : b.state === 'lost' ? t('lost') : t('inFlight'),
          }),
          el('span', { class: 'crash-bet-win', text: b.state === 'cashed' ? `+${money(b.win)}` : '' }),
        ),
      ),
    );
  }

  function setReadout(m, phase) {
    readoutValue.textContent = fmtX(m);
    sky.dataset.phase = phase;
  }

  function showCash(x, win) {
    cashBadge.hidden = false;
    cashBadge.className = 'crash-cash';
    cashBadge.replaceChildren(
      el('span', { text: t('cashedOut', { x: fmtX(x) }) }),
      el('strong', { text: `+${money(win)}` }),
    );
    G.sound.play('cashout');
  }

  function crashNow(point) {
    scene.phase = 'crashed';
    scene.point = point;
    scene.t = timeOf(point);
    scene.crashAt = performance.now();
    scene.particles = G.reducedMotion() ? [] : makeParticles();
    G.sound.play('explode');
    if (!G.reducedMotion()) {
      sky.classList.remove('shake');
      void sky.offsetWidth;
      sky.classList.add('shake');
    }
  }

  /** The bet's end as the page learns it (a cash-out answer, an auto cash-out, the crash): balance and frame. */
  async function betEnded(me) {
    if (!myBet || myBet.done) return;
    myBet.done = true;
    if (me.state === 'cashed') showCash(me.cashedAt / 100, me.win);
    else if (room?.round.point) {
      cashBadge.hidden = false;
      cashBadge.className = 'crash-cash lost';
      cashBadge.textContent = t('missed', { x: fmtX(room.round.point / 100), amount: money(me.stake) });
    }
    const balance = me.balance ?? (await G.refreshBalance()) / 100;
    G.finishRound({ balance });
  }

  /** Each frame: the curve and the readout from the server's times. */
  function frame() {
    const phase = phaseNow();
    const r = room?.round;
    if (r && r.n !== shownRound) {
      shownRound = r.n;
      scene = { t: 0, phase: 'betting', point: null, target: null, cashed: false, particles: [] };
      if (!myBet || myBet.round !== r.n) cashBadge.hidden = true;
    }
    if (phase === 'betting') {
      const s = Math.max(0, Math.ceil(((r?.flightAt ?? serverNow()) - serverNow()) / 1000));
      setReadout(1, 'ready');
      readoutStatus.textContent = t('betting', { s });
      scene.t = 0;
    } else if (phase === 'flying') {
      if (scene.phase !== 'flying') {
        scene.phase = 'flying';
        G.sound.play('launch');
      }
      scene.t = Math.max(0, (serverNow() - r.flightAt) / 1000);
      setReadout(multAt(scene.t), 'flying');
      readoutStatus.textContent = t('flying');
    } else if (r) {
      if (scene.phase !== 'crashed') crashNow(r.point / 100);
      setReadout(r.point / 100, 'crashed');
      const s = Math.max(0, Math.ceil((r.nextAt - serverNow()) / 1000));
      readoutStatus.textContent = `${t('crashedAt', { x: fmtX(r.point / 100) })} · ${t('next', { s })}`;
    }
    const me = mine();
    scene.target = me?.target ? me.target / 100 : null;
    scene.cashed = me?.state === 'cashed';
    if (scene.cashed) scene.target = me.cashedAt / 100;
    betNote.textContent =
      me?.state === 'in'
        ? t(phase === 'flying' ? 'betIn' : 'betNext', { amount: money(me.stake) })
        : phase !== 'betting' && !me
          ? t('waiting')
          : '';
    draw();
    paintControls();
    requestAnimationFrame(frame);
  }

  let polling = false;
  async function poll() {
    if (G.ended || polling) return;
    polling = true;
    try {
      const sent = Date.now();
      const answer = await G.api('crash');
      if (answer?.ok) {
        const received = Date.now();
        // The server's clock at the middle of the request.
        offset = answer.serverNow - (sent + received) / 2;
        K = answer.round.growth * 1000;
        const crashedNow = answer.round.phase === 'crashed' && room?.round.phase !== 'crashed';
        room = answer;
        if (crashedNow) shownCrash = answer.round.n;
        const me = answer.me;
        // A bet placed before a reload (or in another tab) is followed the same way.
        if (myBet && !myBet.done && myBet.round !== answer.round.n) {
          // The bet's round is over and gone (the page was away through the crash): the balance tells its end.
          myBet.done = true;
          G.finishRound({ balance: (await G.refreshBalance()) / 100 });
        }
        if (me && (!myBet || myBet.round !== answer.round.n))
          myBet = { round: answer.round.n, done: me.state !== 'in' };
        if (me && me.state !== 'in' && myBet && myBet.round === answer.round.n) await betEnded(me);
        paintHistory();
        paintBets();
      } else if (answer?.code === 50003 || answer?.code === 50004) G.endSession();
    } catch {
      /* offline: the next poll tries again */
    } finally {
      polling = false;
    }
  }

  async function launch() {
    if (G.busy || G.ended || phaseNow() !== 'betting' || mine()) return;
    if (!inputValid()) {
      targetInput.focus();
      return;
    }
    if (auto) setTarget(parseTarget(targetInput.value));
    const stake = stepper.value;
    G.sound.play('click');
    const answer = await G.play(auto ? { stake, target } : { stake });
    if (!answer) return;
    myBet = { round: answer.outcome.round, roundId: answer.roundId, done: false };
    cashBadge.hidden = true;
    await poll();
  }
  launchButton.addEventListener('click', launch);

  async function cashOut() {
    if (cashing || G.ended) return;
    cashing = true;
    paintControls();
    try {
      // No multiplier is sent: the server reads its own clock when the request arrives.
      const answer = await G.api('crash/cashout');
      if (answer?.ok) {
        if (room?.me) Object.assign(room.me, { state: 'cashed', cashedAt: answer.cashedAt, win: answer.win });
        if (!myBet) myBet = { round: room?.round.n, roundId: answer.roundId, done: false };
        await betEnded({
          state: 'cashed',
          cashedAt: answer.cashedAt,
          win: answer.win,
          stake: answer.stake,
          balance: answer.balance,
        });
      } else if (answer?.code === 60502) {
        G.toast(t('tooLate', { x: fmtX((answer.point ?? 100) / 100) }), 'error');
      } else if (answer?.code === 50003 || answer?.code === 50004) G.endSession();
      else if (answer?.message) G.toast(answer.message, 'error');
    } catch {
      G.toast(t('network'), 'error');
    } finally {
      cashing = false;
      await poll();
    }
  }
  cashButton.addEventListener('click', cashOut);

  /* ---------- info ---------- */

  G.setInfo(() => {
    const content = el(
      'div',
      { class: 'crash-info' },
      el('h3', { text: t('rules') }),
      el(
        'ul',
        {},
        ['ruleTarget', 'ruleClimb', 'ruleCrash', 'ruleSpeed'].map((k) =>
          el('li', { text: t(k, { ...LIMITS, rtp: RTP_PCT, bet: 6 }) }),
        ),
        el('li', { text: t('stakeRange', { min: money(G.MIN_STAKE), max: money(G.MAX_STAKE) }) }),
        el('li', { text: t('fair') }),
        el('li', { text: t('malfunction') }),
      ),
      el('p', { class: 'g-rtp' }, el('span', { text: t('rtp') }), el('strong', { text: `${RTP_PCT}%` })),
    );
    G.openSheet(G.data.title, content);
  });

  paintHistory();
  paintBets();
  paintOdds();
  sky.dataset.phase = 'ready';
  resize();
  poll();
  // About once a second; twice while it flies, so the crash shows soon after it happens.
  (function schedule() {
    setTimeout(
      async () => {
        await poll();
        schedule();
      },
      phaseNow() === 'flying' ? 500 : 1000,
    );
  })();
  requestAnimationFrame(frame);
})();
