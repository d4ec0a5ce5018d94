/*
 * Fishing as a shooting game. The pond is shared by every player of the title: its fish, their paths and
 * when they come and go are the server's (POST /pond, polled every second: waves drawn from the title's
 * pond seed on the server clock, games/pond.ts), drawn here with the same path formula. Your cannon sits
 * at the bottom: pick a level (1 to 100 pesos a shot), tap the pond; the cannon turns and fires a bullet
 * to the tap. A bullet that reaches a fish sends the shot (one round at that level on that fish, drawn
 * from your provably fair seeds: caught with a chance of RTP / multiplier); the net closes on it and the
 * coins burst on a catch, or the fish swims on. A bullet that hits only water costs nothing. One bullet in
 * flight at a time: the next waits until the server settled the last. The other players at the pond are
 * drawn as cannons around it (masked nicknames, their levels, their shots and catches).
 */
import './kit/game';
import './styles/fishing.css';

(() => {
  const G = window.Game;
  if (!G) return;
  const { el, t, money } = G;
  const R = G.rules;
  G.addStrings(
    {
      fsTap: 'Tap the pond to fire at a fish',
      fsCaught: 'Caught! {fish} ×{x} · {amount}',
      fsMissed: 'The {fish} got away',
      fsSplash: 'Only water there: no shot, nothing charged',
      fsLevel: 'Cannon',
      fsPlayers: '{n} at the pond',
      fsAlone: 'Only you at the pond',
      fsWave: 'Wave {n}',
      fsYou: 'You',
      fsBoss: 'Boss',
      fsTheirCatch: '{name} caught a {fish} · {amount}',
      fsRule1:
        'Choose your cannon level, then tap the pond: the bullet flies to your tap. If it reaches a fish, that is one shot, one round at your level.',
      fsRule2:
        'A fish worth ×{x} is caught with a chance of RTP ÷ {x} and then pays your level times {x}. Bigger fish pay more and are caught less often.',
      fsRule3:
        'The pond is the same for every player: a new wave every {s} seconds, schools of small fish, now and then a big fish or the boss. A bullet that hits only water costs nothing; a fish that left before your shot arrived is not charged.',
      fsRule4: 'One bullet flies at a time: the next fires once the last is settled.',
      fsPays: 'Fish and multipliers',
      fsChance: 'chance {p}%',
    },
    {
      fsTap: 'Chạm vào hồ để bắn cá',
      fsCaught: 'Bắt được! {fish} ×{x} · {amount}',
      fsMissed: '{fish} đã thoát',
      fsSplash: 'Chỉ trúng nước: không tính phát bắn, không trừ tiền',
      fsLevel: 'Pháo',
      fsPlayers: '{n} người ở hồ',
      fsAlone: 'Chỉ có bạn ở hồ',
      fsWave: 'Đợt {n}',
      fsYou: 'Bạn',
      fsBoss: 'Trùm',
      fsTheirCatch: '{name} bắt được {fish} · {amount}',
      fsRule1:
        'Chọn mức pháo rồi chạm vào hồ: viên đạn bay tới chỗ bạn chạm. Nếu trúng một con cá, đó là một phát bắn, một ván với mức pháo của bạn.',
      fsRule2:
        'Cá có hệ số ×{x} bị bắt với xác suất RTP ÷ {x} và khi đó trả mức pháo nhân {x}. Cá càng lớn trả càng nhiều và càng khó bắt.',
      fsRule3:
        'Hồ cá giống nhau cho mọi người chơi: cứ {s} giây có một đợt cá mới, các đàn cá nhỏ, thỉnh thoảng có cá lớn hoặc cá trùm. Đạn chỉ trúng nước thì không mất tiền; cá đã bơi đi trước khi đạn tới thì không bị trừ tiền.',
      fsRule4: 'Mỗi lần chỉ một viên đạn bay: viên tiếp theo bắn khi viên trước đã được tính xong.',
      fsPays: 'Các loại cá và hệ số',
      fsChance: 'xác suất {p}%',
    },
  );
  if (!R) return;
  const [c1, c2, c3] = R.theme.colors;
  document.body.style.setProperty('--fs-bg1', c1);
  document.body.style.setProperty('--fs-bg2', c2);
  document.body.style.setProperty('--fs-accent', c3);
  const kinds = new Map(R.fish.map((f) => [f.id, f]));
  const bossId = [...R.fish].sort((a, b) => b.multiplier - a.multiplier)[0].id;
  const name = (f) => f.name[G.vi ? 1 : 0];
  const x100 = (f) => f.multiplier / 100;

  const fishSvg = (f) =>
    `<svg viewBox="0 0 120 60" aria-hidden="true"><path d="M6 30C24 6 64 2 88 24l26-16-8 22 8 22-26-16C64 58 24 54 6 30z" fill="${f.color}"/><path d="M40 14c6 10 6 22 0 32" stroke="rgba(0,0,0,.25)" stroke-width="3" fill="none"/><circle cx="26" cy="26" r="5" fill="#fff"/><circle cx="25" cy="26" r="2.5" fill="#111"/></svg>`;
  const cannonSvg = `<svg viewBox="0 0 60 60" aria-hidden="true"><rect x="24" y="2" width="12" height="30" rx="4" fill="#e9ecef" stroke="#343a40" stroke-width="2"/><circle cx="30" cy="40" r="16" fill="var(--fs-accent)" stroke="#343a40" stroke-width="3"/><circle cx="30" cy="40" r="6" fill="#343a40"/></svg>`;

  /* ---------- the pond and the cannons ---------- */

  const pond = el('div', { class: 'fs-pond', role: 'application', 'aria-label': t('fsTap'), 'data-shots': '0' });
  const school = el('div', { class: 'fs-school' });
  const effects = el('div', { class: 'fs-effects' });
  const waveTag = el('div', { class: 'fs-wave', 'aria-hidden': 'true' });
  const crowd = el('div', { class: 'fs-crowd', 'aria-live': 'off' });
  const barrel = el('div', { class: 'fs-barrel', html: cannonSvg });
  const levelTag = el('span', { class: 'fs-level' });
  const mine = el('div', { class: 'fs-cannon fs-mine' }, barrel, levelTag);
  const seats = el('div', { class: 'fs-seats' });
  pond.append(school, effects, seats, mine, waveTag, crowd);
  const status = el('div', { class: 'fs-status', 'aria-live': 'polite', text: t('fsTap') });
  const levels = R.levels.map((c) => c / 100);
  const stepper = G.stakeStepper({
    values: levels,
    initial: levels[0],
    onChange: (value) => {
      paintLevel(value);
      poll();
    },
  });
  const controls = el(
    'div',
    { class: 'fs-controls' },
    el('span', { class: 'fs-controls-label', text: t('fsLevel') }),
    stepper.node,
  );
  G.stage.append(pond, status, controls);
  const paintLevel = (centavos) => {
    levelTag.textContent = money(centavos);
  };
  paintLevel(stepper.value);

  let inFlight = false;
  G.onLock((locked) => {
    stepper.setDisabled(locked);
    pond.classList.toggle('busy', locked || inFlight);
  });

  /* ---------- the server's pond on the page's clock ---------- */

  let offset = 0;
  let offsetKnown = false;
  const serverNow = () => performance.now() + offset;
  /** id -> { f, node, flip } */
  const swimming = new Map();
  const caughtByMe = new Set();
  const size = () => ({ w: pond.clientWidth, h: pond.clientHeight });

  function position(f, now) {
    const p = Math.min(1, Math.max(0, (now - f.enterAt) / (f.leaveAt - f.enterAt)));
    const x = f.from[0] + (f.to[0] - f.from[0]) * p;
    const y = f.from[1] + (f.to[1] - f.from[1]) * p + f.wobble * Math.sin(2 * Math.PI * f.turns * p);
    return [x, y];
  }
  /** A fish's place on screen (px, its centre) at server time `now`. */
  function screenAt(f, now) {
    const { w, h } = size();
    const [x, y] = position(f, now);
    // the pond's fish swim in its upper part; the bottom strip is the cannons'
    return [x * w, y * (h - 70) + 20];
  }

  function addFish(f) {
    const kind = kinds.get(f.fish);
    if (!kind) return;
    const node = el(
      'div',
      {
        class: `fs-fish fs-size${kind.size}${f.fish === bossId ? ' fs-boss' : ''}`,
        'data-id': f.id,
        'data-fish': f.fish,
        'aria-label': `${name(kind)} ×${x100(kind)}`,
      },
      el('span', { class: 'fs-body', html: fishSvg(kind) }),
      el('span', { class: 'fs-x', text: `×${x100(kind)}` }),
    );
    if (f.to[0] > f.from[0]) node.classList.add('fs-right');
    school.append(node);
    swimming.set(f.id, { f, node, kind });
  }

  function frame() {
    const now = serverNow();
    for (const [id, s] of swimming) {
      if (now > s.f.leaveAt + 400) {
        s.node.remove();
        swimming.delete(id);
        continue;
      }
      const [x, y] = screenAt(s.f, now);
      s.node.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
      s.node.classList.toggle('in', now >= s.f.enterAt);
    }
    requestAnimationFrame(frame);
  }

  /* ---------- other players ---------- */

  const SLOTS = [
    [0.2, 0],
    [0.8, 0],
    [0.5, 0],
    [0, 0.45],
    [1, 0.45],
    [0.14, 1],
    [0.86, 1],
  ];
  const seen = new Map();
  function paintSeats(players) {
    seats.replaceChildren();
    const { w, h } = size();
    players.slice(0, SLOTS.length).forEach((p, i) => {
      const [sx, sy] = SLOTS[i];
      const seat = el(
        'div',
        { class: `fs-cannon fs-other fs-slot${i}`, style: `left:${sx * 100}%;top:${sy * 100}%` },
        el('span', { class: 'fs-barrel', html: cannonSvg }),
        el('span', { class: 'fs-seat-name', text: p.nickname }),
        el('span', { class: 'fs-level', text: money(p.level) }),
      );
      seats.append(seat);
      const key = `${p.nickname}:${i}`;
      const last = seen.get(key) ?? Date.now();
      for (const shot of [...p.shots].reverse()) {
        if (shot.at <= last || serverNow() - shot.at > 4000) continue;
        const target = swimming.get(shot.target);
        if (!target) continue;
        const [tx, ty] = screenAt(target.f, serverNow() + 250);
        bullet(sx * w, sy * h, tx, ty, 'fs-their', 250).then(() => {
          if (!shot.caught) return splash(tx, ty, false);
          net(tx, ty);
          coins(tx, ty, 6, shot.win);
        });
      }
      seen.set(key, Math.max(last, ...p.shots.map((s) => s.at)));
    });
    crowd.textContent = players.length ? t('fsPlayers', { n: players.length + 1 }) : t('fsAlone');
  }

  /* ---------- the poll ---------- */

  let polling = false;
  async function poll() {
    if (G.ended || polling) return;
    polling = true;
    const sent = performance.now();
    try {
      const answer = await G.api('pond', { level: stepper.value });
      if (answer?.ok) {
        const received = performance.now();
        const estimate = answer.now - (sent + received) / 2;
        // the first answer sets the clock; later ones nudge it (no jumps while the fish swim)
        offset = offsetKnown ? offset + (estimate - offset) * 0.2 : estimate;
        offsetKnown = true;
        for (const f of answer.fish) if (!swimming.has(f.id) && !caughtByMe.has(f.id)) addFish(f);
        waveTag.textContent = t('fsWave', { n: answer.wave % 1000 });
        paintSeats(answer.players);
      } else if (answer && [50003, 50004].includes(answer.code)) G.endSession();
    } catch {
      /* offline: the next poll tries again */
    } finally {
      polling = false;
    }
  }

  /* ---------- effects ---------- */

  const fromMine = () => {
    const { w, h } = size();
    return [w / 2, h - 24];
  };

  function bullet(x0, y0, x1, y1, kind, duration) {
    const node = el('span', { class: `fs-bullet ${kind}` });
    node.style.transform = `translate(${x0}px, ${y0}px)`;
    effects.append(node);
    const time = G.ms(duration);
    return new Promise((resolve) => {
      requestAnimationFrame(() => {
        node.style.transition = `transform ${time}ms linear`;
        node.style.transform = `translate(${x1}px, ${y1}px)`;
        setTimeout(() => {
          node.remove();
          resolve();
        }, time);
      });
    });
  }
  function splash(x, y, big) {
    const node = el('span', { class: `fs-splash${big ? ' big' : ''}`, style: `left:${x}px;top:${y}px` });
    effects.append(node);
    setTimeout(() => node.remove(), 700);
  }
  function net(x, y) {
    const node = el('span', { class: 'fs-net', style: `left:${x}px;top:${y}px` });
    effects.append(node);
    setTimeout(() => node.remove(), 1100);
    return node;
  }
  function coins(x, y, count, win) {
    for (let i = 0; i < count; i++) {
      const angle = (i / count) * Math.PI * 2;
      const node = el('span', {
        class: 'fs-coin',
        style: `left:${x}px;top:${y}px;--dx:${Math.cos(angle) * 60}px;--dy:${Math.sin(angle) * 60 - 30}px;--i:${i}`,
      });
      effects.append(node);
      setTimeout(() => node.remove(), 1400);
    }
    const label = el('span', { class: 'fs-win', style: `left:${x}px;top:${y}px`, text: `+${money(win)}` });
    effects.append(label);
    setTimeout(() => label.remove(), 1600);
  }

  /* ---------- firing ---------- */

  /** The fish nearest to a point (px) at server time `now`, within its reach. */
  function fishAt(px, py, now) {
    let best = null;
    let bestD = Number.POSITIVE_INFINITY;
    for (const s of swimming.values()) {
      if (now < s.f.enterAt || now > s.f.leaveAt) continue;
      const [x, y] = screenAt(s.f, now);
      const d = Math.hypot(x - px, y - py);
      const reach = [0, 28, 38, 52][s.kind.size];
      if (d < reach && d < bestD) {
        best = s;
        bestD = d;
      }
    }
    return best;
  }
  const shotId = () => `s${Date.now().toString(36)}${Math.floor(Math.random() * 2 ** 40).toString(36)}`.slice(0, 40);

  pond.addEventListener('pointerdown', (event) => {
    if (G.ended) return G.endSession();
    if (inFlight || G.busy) return;
    const box = pond.getBoundingClientRect();
    const px = event.clientX - box.left;
    const py = event.clientY - box.top;
    fire(px, py);
  });

  async function fire(px, py) {
    if (stepper.value > G.balance) {
      G.toast(t('insufficient', { balance: money(G.balance) }), 'error');
      return;
    }
    inFlight = true;
    pond.classList.add('busy');
    const [x0, y0] = fromMine();
    const angle = Math.atan2(px - x0, y0 - py);
    barrel.style.transform = `rotate(${angle}rad)`;
    G.sound.play('launch');
    const travel = Math.min(520, Math.max(160, Math.hypot(px - x0, py - y0) * 0.7));
    // aimed at a fish under the tap: the bullet meets it where it will be when the bullet arrives
    const target = fishAt(px, py, serverNow());
    const [tx, ty] = target ? screenAt(target.f, serverNow() + G.ms(travel)) : [px, py];
    if (target) barrel.style.transform = `rotate(${Math.atan2(tx - x0, y0 - ty)}rad)`;
    await bullet(x0, y0, tx, ty, 'fs-own', travel);
    try {
      if (!target) {
        splash(tx, ty, false);
        status.textContent = t('fsSplash');
        return;
      }
      const netNode = net(tx, ty);
      const answer = await G.play({ stake: stepper.value, target: target.f.id, shot: shotId() });
      pond.dataset.shots = String(Number(pond.dataset.shots) + 1);
      if (!answer) {
        netNode.remove();
        return;
      }
      const f = kinds.get(answer.outcome.fish) ?? target.kind;
      const [cx, cy] = screenAt(target.f, serverNow());
      if (answer.outcome.caught) {
        caughtByMe.add(target.f.id);
        target.node.classList.add('caught');
        G.sound.play(answer.outcome.multiplier >= 50 ? 'bigwin' : 'win');
        coins(cx, cy, answer.outcome.multiplier >= 50 ? 16 : 10, answer.win);
        status.textContent = t('fsCaught', { fish: name(f), x: answer.outcome.multiplier, amount: money(answer.win) });
        status.dataset.result = 'caught';
        setTimeout(() => {
          target.node.remove();
          swimming.delete(target.f.id);
        }, G.ms(900));
      } else {
        target.node.classList.add('escaped');
        G.sound.play('lose');
        status.textContent = t('fsMissed', { fish: name(f) });
        status.dataset.result = 'missed';
        setTimeout(() => target.node.classList.remove('escaped'), G.ms(700));
      }
      status.dataset.win = String(answer.win);
      status.dataset.round = answer.roundId;
      await G.wait(G.ms(500));
      G.finishRound(answer);
    } finally {
      inFlight = false;
      pond.classList.toggle('busy', G.busy);
    }
  }

  /* ---------- rules ---------- */

  G.setInfo(() => {
    const rows = R.fish.map((f) =>
      el(
        'div',
        { class: 'fs-row' },
        el('span', { class: 'fs-icon', html: fishSvg(f) }),
        el('strong', { text: f.id === bossId ? `${name(f)} · ${t('fsBoss')}` : name(f) }),
        el('span', { text: `×${x100(f)}` }),
        el('span', { class: 'fs-note', text: t('fsChance', { p: ((R.rtp / x100(f)) * 100).toFixed(2) }) }),
      ),
    );
    G.openSheet(
      t('rules'),
      el(
        'div',
        {},
        el(
          'ul',
          {},
          el('li', { text: t('fsRule1') }),
          el('li', { text: t('fsRule2', { x: 'N' }) }),
          el('li', { text: t('fsRule3', { s: 30 }) }),
          el('li', { text: t('fsRule4') }),
        ),
        el('h3', { text: t('fsPays') }),
        rows,
        el('p', {}, el('strong', { text: `${t('rtp')}: ${(R.rtp * 100).toFixed(2)}%` })),
        el('p', { class: 'fs-note', text: `${t('fsLevel')}: ${R.levels.map((c) => money(c)).join(' · ')}` }),
        el('p', { class: 'fs-note', text: t('fair') }),
      ),
    );
  });

  poll();
  setInterval(poll, 1000);
  requestAnimationFrame(frame);
})();
