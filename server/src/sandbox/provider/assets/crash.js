/*
 * Rocket Crash: the player sets an auto cash-out multiplier and launches. The server answers at once with
 * the crash point; this page flies the rocket up the same curve for every round (the speed depends only on
 * time, never on the outcome), marks the cash-out when the curve passes the target, and explodes at the
 * crash point.
 */
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
      launch: 'Launch',
      flying: 'Flying…',
      ready: 'Set your auto cash-out and launch',
      crashedAt: 'Crashed at {x}',
      cashedOut: 'Cashed out at {x}',
      missed: 'Crashed before {x} · lost {amount}',
      chance: 'Win chance {p}',
      pays: 'Cash-out pays {amount}',
      targetInvalid: 'Enter a multiplier from {min}× to {max}×',
      history: 'Recent crash points',
      historyEmpty: 'No rounds yet — good luck!',
      multiplier: 'Multiplier',
      targetLine: 'Target {x}',
      ruleTarget: 'Before launch, choose your bet and the multiplier to cash out at automatically ({min}× to {max}×).',
      ruleClimb:
        'The multiplier climbs from 1.00× until the rocket crashes. If it reaches your target you win your bet times the target.',
      ruleCrash:
        'If the rocket crashes first, the bet is lost. The crash point is decided before launch: the chance to reach a multiplier m is {rtp}% ÷ m.',
      ruleSpeed: 'The climb speeds up after a few seconds, so very high multipliers do not keep you waiting.',
      quick: 'Quick targets',
    },
    {
      target: 'Tự động rút',
      launch: 'Phóng',
      flying: 'Đang bay…',
      ready: 'Đặt mức tự động rút rồi phóng',
      crashedAt: 'Nổ tại {x}',
      cashedOut: 'Đã rút tại {x}',
      missed: 'Nổ trước {x} · thua {amount}',
      chance: 'Cơ hội thắng {p}',
      pays: 'Rút được {amount}',
      targetInvalid: 'Nhập hệ số từ {min}× đến {max}×',
      history: 'Các điểm nổ gần đây',
      historyEmpty: 'Chưa có ván nào — chúc may mắn!',
      multiplier: 'Hệ số nhân',
      targetLine: 'Mục tiêu {x}',
      ruleTarget: 'Trước khi phóng, chọn mức cược và hệ số để tự động rút ({min}× đến {max}×).',
      ruleClimb:
        'Hệ số nhân tăng dần từ 1.00× cho đến khi tên lửa nổ. Nếu đạt mục tiêu, bạn thắng tiền cược nhân với hệ số mục tiêu.',
      ruleCrash:
        'Nếu tên lửa nổ trước, bạn thua cược. Điểm nổ được quyết định trước khi phóng: cơ hội đạt hệ số m là {rtp}% ÷ m.',
      ruleSpeed: 'Tốc độ tăng nhanh hơn sau vài giây để các hệ số rất cao không bắt bạn chờ lâu.',
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
  const HISTORY_SIZE = 20;

  /* ---------- the flight curve: m(t) = e^f(t), 2× at 3 s, faster after 4 s (same for every round) ---------- */

  const K = Math.LN2 / 3;
  const BOOST = 0.115;
  const f = (s) => K * s + (s > 4 ? BOOST * (s - 4) ** 3 : 0);
  const multAt = (s) => Math.exp(f(s));
  /** Seconds until the multiplier reaches m (bisection; f is increasing). */
  function timeOf(m) {
    if (m <= 1) return 0;
    const goal = Math.log(m);
    let lo = 0;
    let hi = 4;
    while (f(hi) < goal) hi *= 2;
    for (let i = 0; i < 50; i++) {
      const mid = (lo + hi) / 2;
      if (f(mid) < goal) lo = mid;
      else hi = mid;
    }
    return hi;
  }
  const fmtX = (m) => `${(Math.floor(m * 100 + 1e-6) / 100).toFixed(2)}×`;

  /* ---------- layout ---------- */

  const historyRow = el('div', { class: 'crash-history', role: 'list', 'aria-label': t('history') });
  const canvas = el('canvas', { class: 'crash-canvas', 'aria-hidden': 'true' });
  const readoutValue = el('div', { class: 'crash-x', text: '1.00×' });
  const readoutStatus = el('div', { class: 'crash-status', text: t('ready') });
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
    'label',
    { class: 'crash-target', for: 'crash-target' },
    el('span', { class: 'crash-target-label', text: t('target') }),
    el('span', { class: 'crash-target-box' }, targetInput, el('span', { class: 'crash-target-x', text: '×' })),
  );
  const quickButtons = QUICK.map((q) =>
    el('button', {
      type: 'button',
      class: 'g-btn crash-quick',
      text: `${q}×`,
      onclick: () => {
        G.sound.play('click');
        setTarget(q);
      },
    }),
  );
  const odds = el('div', { class: 'crash-odds', 'aria-live': 'polite' });
  const launchButton = el('button', { type: 'button', class: 'crash-launch' });

  G.stage.append(
    historyRow,
    sky,
    el(
      'section',
      { class: 'crash-panel' },
      el('div', { class: 'crash-row' }, stepper.node, targetField),
      el('div', { class: 'crash-quicks', role: 'group', 'aria-label': t('quick') }, quickButtons),
      odds,
      launchButton,
    ),
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
    return validTarget(parseTarget(targetInput.value));
  }

  function paintOdds() {
    const ok = inputValid();
    targetField.classList.toggle('invalid', !ok);
    for (const [i, b] of quickButtons.entries()) b.classList.toggle('on', ok && target === QUICK[i]);
    if (!ok) {
      odds.textContent = t('targetInvalid', LIMITS);
      odds.classList.add('error');
    } else {
      const chance = Math.min(100, RTP_PCT / target);
      odds.classList.remove('error');
      odds.replaceChildren(
        el('span', { text: t('chance', { p: `${chance.toFixed(2)}%` }) }),
        el('span', {
          text: t('pays', { amount: money(Math.floor((stepper.value * Math.round(target * 100)) / 100)) }),
        }),
      );
    }
    launchButton.textContent = `${t('launch')} · ${money(stepper.value)}`;
    paintLock(G.busy || G.ended);
  }

  function paintLock(locked) {
    launchButton.disabled = locked || !inputValid();
    launchButton.classList.toggle('busy', locked && !G.ended);
    stepper.setDisabled(locked);
    targetInput.disabled = locked;
    for (const b of quickButtons) b.disabled = locked;
  }
  G.onLock(paintLock);

  /* ---------- history ---------- */

  let history = G.store.get('crash:history', []);
  if (!Array.isArray(history)) history = [];
  function paintHistory() {
    history = history.filter((x) => Number.isFinite(x)).slice(-HISTORY_SIZE);
    if (!history.length) {
      historyRow.replaceChildren(el('span', { class: 'crash-history-empty', text: t('historyEmpty') }));
      return;
    }
    historyRow.replaceChildren(
      ...[...history].reverse().map((x, i) =>
        el('span', {
          role: 'listitem',
          class: `crash-pill ${x >= 10 ? 'gold' : x >= 2 ? 'blue' : 'red'}${i === 0 ? ' new' : ''}`,
          text: fmtX(x),
        }),
      ),
    );
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
      ctx.strokeStyle = v === 1 ? 'rgba(255,255,255,0.28)' : 'rgba(255,255,255,0.09)';
      ctx.beginPath();
      ctx.moveTo(padL, y);
      ctx.lineTo(width - padR, y);
      ctx.stroke();
      ctx.fillStyle = 'rgba(220,230,255,0.6)';
      ctx.fillText(axisLabel(v), padL - 8, y);
    }
    const xStep = niceStep(xMax / 4);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (let s = xStep; s <= xMax; s += xStep) {
      ctx.fillStyle = 'rgba(220,230,255,0.5)';
      ctx.fillText(`${Math.round(s)}s`, xAt(s), padT + plotH + 8);
    }

    // The target line (while it is on the chart).
    if (scene.target && scene.target <= yMax) {
      const y = Math.round(yAt(scene.target)) + 0.5;
      ctx.save();
      ctx.setLineDash([6, 6]);
      ctx.strokeStyle = scene.cashed ? 'rgba(75,227,138,0.9)' : 'rgba(75,227,138,0.55)';
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.moveTo(padL, y);
      ctx.lineTo(width - padR, y);
      ctx.stroke();
      ctx.restore();
      ctx.fillStyle = '#4be38a';
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

  /* ---------- a round ---------- */

  function setReadout(m, phase) {
    readoutValue.textContent = fmtX(m);
    sky.dataset.phase = phase;
  }

  function showCash(outcome, answer) {
    cashBadge.hidden = false;
    cashBadge.replaceChildren(
      el('span', { text: t('cashedOut', { x: fmtX(outcome.target) }) }),
      el('strong', { text: `+${money(answer.win)}` }),
    );
    G.sound.play('cashout');
  }

  function crashNow(outcome, answer) {
    scene.phase = 'crashed';
    scene.crashAt = performance.now();
    scene.particles = makeParticles();
    setReadout(outcome.crashPoint, 'crashed');
    readoutStatus.textContent = t('crashedAt', { x: fmtX(outcome.crashPoint) });
    if (!outcome.cashedOut) {
      cashBadge.hidden = false;
      cashBadge.className = 'crash-cash lost';
      cashBadge.textContent = t('missed', { x: fmtX(outcome.target), amount: money(answer.stake) });
    }
    G.sound.play('explode');
    if (!G.reducedMotion()) {
      sky.classList.remove('shake');
      void sky.offsetWidth;
      sky.classList.add('shake');
    }
  }

  /** Flies the rocket along the curve to the crash point; resolves once the explosion settles. */
  function fly(outcome, answer) {
    const point = outcome.crashPoint;
    const crashTime = timeOf(point);
    const cashTime = outcome.cashedOut ? Math.min(timeOf(outcome.target), crashTime) : Number.POSITIVE_INFINITY;
    scene = { t: 0, phase: 'flying', point, target: outcome.target, cashed: false, particles: [] };
    cashBadge.hidden = true;
    cashBadge.className = 'crash-cash';
    readoutStatus.textContent = t('flying');
    G.sound.play('launch');

    if (G.reducedMotion()) {
      scene.t = crashTime;
      if (outcome.cashedOut) {
        scene.cashed = true;
        showCash(outcome, answer);
      }
      crashNow(outcome, answer);
      scene.particles = [];
      scene.crashAt = 0;
      draw();
      return G.wait(600);
    }

    return new Promise((resolve) => {
      const start = performance.now();
      function frame(nowMs) {
        const elapsed = (nowMs - start) / 1000;
        if (scene.phase === 'flying') {
          scene.t = Math.min(elapsed, crashTime);
          if (!scene.cashed && scene.t >= cashTime) {
            scene.cashed = true;
            showCash(outcome, answer);
          }
          if (elapsed >= crashTime) crashNow(outcome, answer);
          else setReadout(multAt(scene.t), 'flying');
        }
        draw();
        if (scene.phase === 'crashed' && nowMs - scene.crashAt > 1300) {
          resolve();
          return;
        }
        requestAnimationFrame(frame);
      }
      requestAnimationFrame(frame);
    });
  }

  async function launch() {
    if (G.busy || G.ended) return;
    if (!inputValid()) {
      targetInput.focus();
      return;
    }
    setTarget(parseTarget(targetInput.value));
    const stake = stepper.value;
    G.sound.play('click');
    scene = { t: 0, phase: 'idle' };
    cashBadge.hidden = true;
    setReadout(1, 'ready');
    readoutStatus.textContent = t('flying');
    draw();
    const answer = await G.play({ stake, target });
    if (!answer) {
      readoutStatus.textContent = t('ready');
      return;
    }
    await fly(answer.outcome, answer);
    history.push(answer.outcome.crashPoint);
    G.store.set('crash:history', history.slice(-HISTORY_SIZE));
    paintHistory();
    G.finishRound(answer);
  }
  launchButton.addEventListener('click', launch);

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
          el('li', { text: t(k, { ...LIMITS, rtp: RTP_PCT }) }),
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
  paintOdds();
  sky.dataset.phase = 'ready';
  resize();
})();
