/*
 * Virtual sports: pick a fixture and a market (home, draw, away, over or under the line) at the odds of
 * Game.rules.odds (hundredths), then the server's match (outcome.goals: minute and side) plays out minute by
 * minute on a drawn pitch with a live score and a goal feed. The final score decides the market.
 */
import type { Goal, Market, VirtualSportsOutcome, VirtualSportsRules } from '../games/virtualSports';
import { Game } from './kit/game';
import './styles/virtualSports.css';

(() => {
  const G = Game;
  if (!G) return;
  const { el, t, money } = G;
  const R = G.rules as VirtualSportsRules | undefined;
  G.addStrings(
    {
      vsKick: 'Kick off',
      vsMatch: 'Match',
      vsHome: '1 · Home',
      vsDraw: 'X · Draw',
      vsAway: '2 · Away',
      vsOver: 'Over {line}',
      vsUnder: 'Under {line}',
      vsPick: '{market} at {odds}',
      vsGoal: 'GOAL! {team}',
      vsKickOff: 'Kick-off',
      vsFullTime: 'Full time {home} {hs}–{as} {away}',
      vsWon: 'Your bet won · {amount}',
      vsLost: 'Your bet lost',
      vsRule1:
        'Pick a match and one market: the home side wins (1), a draw (X), the away side wins (2), or the total goals over or under the line.',
      vsRule2:
        'The match has {periods} periods of {minutes} minutes; in each, either side may score once, by its scoring chance.',
      vsRule3: 'A winning bet pays your bet times the odds shown when you placed it.',
      vsTable: 'Odds',
      vsRow: '{home} v {away}: 1 {h} · X {d} · 2 {a} · over {o} · under {u}',
    },
    {
      vsKick: 'Bắt đầu',
      vsMatch: 'Trận đấu',
      vsHome: '1 · Chủ nhà',
      vsDraw: 'X · Hòa',
      vsAway: '2 · Đội khách',
      vsOver: 'Tài {line}',
      vsUnder: 'Xỉu {line}',
      vsPick: '{market} với tỷ lệ {odds}',
      vsGoal: 'VÀO! {team}',
      vsKickOff: 'Giao bóng',
      vsFullTime: 'Hết trận {home} {hs}–{as} {away}',
      vsWon: 'Cược của bạn thắng · {amount}',
      vsLost: 'Cược của bạn thua',
      vsRule1:
        'Chọn một trận và một cửa: chủ nhà thắng (1), hòa (X), đội khách thắng (2), hoặc tổng số bàn tài hay xỉu so với mốc.',
      vsRule2:
        'Trận đấu có {periods} hiệp nhỏ, mỗi hiệp {minutes} phút; trong mỗi hiệp, mỗi đội có thể ghi một bàn theo cơ hội của mình.',
      vsRule3: 'Cược thắng được trả bằng tiền cược nhân với tỷ lệ hiển thị khi bạn đặt cược.',
      vsTable: 'Tỷ lệ',
      vsRow: '{home} gặp {away}: 1 {h} · X {d} · 2 {a} · tài {o} · xỉu {u}',
    },
  );
  if (!R) return;
  const [c1, c2, c3] = R.theme.colors;
  document.body.style.setProperty('--vs-bg1', c1);
  document.body.style.setProperty('--vs-bg2', c2);
  document.body.style.setProperty('--vs-accent', c3);
  document.body.classList.add(`vs-${R.theme.key}`);
  const MARKETS: readonly Market[] = ['home', 'draw', 'away', 'over', 'under'];
  const marketLabel = (m: Market) =>
    ({
      home: t('vsHome'),
      draw: t('vsDraw'),
      away: t('vsAway'),
      over: t('vsOver', { line: R.line }),
      under: t('vsUnder', { line: R.line }),
    })[m];
  const price = (f: number, m: Market) => ((R.odds[f]?.[m] ?? 0) / 100).toFixed(2);
  /** A fixture's teams (the index is clamped, so always one of R.fixtures). */
  const teams = (i: number) => R.fixtures[i] ?? { home: '', away: '' };
  const FULL = R.periods * R.minutesPerPeriod;

  const saved = G.store.get<{ fixture?: unknown; market?: unknown }>(`virtualSports:${R.name}`, {});
  let fixture = Math.min(R.fixtures.length - 1, Math.max(0, Number(saved.fixture) || 0));
  let market: Market = MARKETS.find((m) => m === saved.market) ?? 'home';

  /* scoreboard and pitch */
  const homeName = el('span', { class: 'vs-team home' });
  const awayName = el('span', { class: 'vs-team away' });
  const score = el('span', { class: 'vs-score', text: '0 – 0' });
  const clock = el('span', { class: 'vs-clock', text: "0'" });
  const bar = el('span', { class: 'vs-bar' });
  const ball = el('span', { class: 'vs-ball' });
  const flash = el('span', { class: 'vs-flash', 'aria-hidden': 'true' });
  const pitch = el(
    'div',
    { class: 'vs-pitch', 'aria-hidden': 'true' },
    el('span', { class: 'vs-mid' }),
    el('span', { class: 'vs-circle' }),
    el('span', { class: 'vs-box left' }),
    el('span', { class: 'vs-box right' }),
    el('span', { class: 'vs-goal left' }),
    el('span', { class: 'vs-goal right' }),
    ball,
    flash,
  );
  const board = el(
    'div',
    { class: 'vs-board' },
    el('div', { class: 'vs-row' }, homeName, score, awayName),
    el('div', { class: 'vs-row small' }, clock, el('span', { class: 'vs-progress' }, bar)),
  );
  const feed = el('ol', { class: 'vs-feed', 'aria-live': 'polite' });

  /* bet slip */
  const fixtureSelect = el('select', { class: 'vs-select', 'aria-label': t('vsMatch') });
  R.fixtures.forEach((f, i) => {
    fixtureSelect.append(el('option', { value: String(i), text: `${f.home} – ${f.away}` }));
  });
  fixtureSelect.value = String(fixture);
  fixtureSelect.addEventListener('change', () => {
    fixture = Number(fixtureSelect.value);
    save();
    paint();
  });
  const marketButtons = MARKETS.map((m) => {
    const b = el('button', { type: 'button', role: 'radio', class: `vs-market m-${m}` });
    b.addEventListener('click', () => {
      if (G.busy) return;
      market = m;
      save();
      G.sound.play('click');
      paint();
    });
    return b;
  });
  const markets = el('div', { class: 'vs-markets', role: 'radiogroup', 'aria-label': t('vsMatch') }, marketButtons);
  const status = el('div', { class: 'vs-status', 'aria-live': 'polite' });
  const stepper = G.stakeStepper({ values: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000], initial: 10 });
  const kick = el('button', { type: 'button', class: 'g-btn vs-kick', text: t('vsKick') });
  G.stage.append(
    board,
    pitch,
    feed,
    el('label', { class: 'vs-field' }, el('span', { text: t('vsMatch') }), fixtureSelect),
    markets,
    status,
    el('div', { class: 'vs-controls' }, stepper.node, kick),
  );
  G.onLock((locked) => {
    stepper.setDisabled(locked);
    kick.disabled = locked;
    fixtureSelect.disabled = locked;
    for (const b of marketButtons) b.disabled = locked;
  });

  const save = () => {
    G.store.set(`virtualSports:${R.name}`, { fixture, market });
  };
  const paint = () => {
    const f = teams(fixture);
    homeName.textContent = f.home;
    awayName.textContent = f.away;
    marketButtons.forEach((b, i) => {
      const m = MARKETS[i] ?? 'home';
      b.replaceChildren(el('span', { text: marketLabel(m) }), el('b', { text: price(fixture, m) }));
      b.classList.toggle('on', m === market);
      b.setAttribute('aria-checked', String(m === market));
      b.setAttribute('aria-label', t('vsPick', { market: marketLabel(m), odds: price(fixture, m) }));
    });
    status.textContent = t('vsPick', { market: marketLabel(market), odds: price(fixture, market) });
  };
  const setBall = (x: number, y: number) => {
    ball.style.left = `${x}%`;
    ball.style.top = `${y}%`;
  };
  const feedLine = (minute: number, text: string, cls: string) => {
    feed.prepend(el('li', { class: cls }, el('b', { text: `${minute}'` }), ` ${text}`));
  };

  kick.addEventListener('click', async () => {
    const f = fixture;
    const m = market;
    const answer = await G.play<VirtualSportsOutcome>({ stake: stepper.value, fixture: f, market: m });
    if (!answer) return;
    const o = answer.outcome;
    const fx = teams(o.fixture);
    feed.replaceChildren();
    score.textContent = '0 – 0';
    pitch.classList.remove('done');
    feedLine(0, t('vsKickOff'), 'kick');
    setBall(50, 50);
    const goals = [...o.goals].sort((a, b) => a.minute - b.minute);
    const perMinute = G.ms(6000) / FULL;
    let hs = 0;
    let as = 0;
    let g = 0;
    for (let minute = 1; minute <= FULL; minute++) {
      clock.textContent = `${minute}'`;
      bar.style.width = `${(minute / FULL) * 100}%`;
      const scoring: Goal[] = [];
      for (let next = goals[g]; next?.minute === minute; next = goals[g]) {
        scoring.push(next);
        g++;
      }
      if (scoring.length === 0) {
        // Play drifts about the middle; the drawn result is only the goals.
        setBall(25 + Math.random() * 50, 15 + Math.random() * 70);
        await G.wait(perMinute);
        continue;
      }
      for (const goal of scoring) {
        const home = goal.side === 'home';
        setBall(home ? 96 : 4, 50);
        await G.wait(G.ms(350));
        if (home) hs++;
        else as++;
        score.textContent = `${hs} – ${as}`;
        feedLine(minute, t('vsGoal', { team: home ? fx.home : fx.away }), home ? 'goal home' : 'goal away');
        flash.classList.remove('on');
        void flash.offsetWidth;
        flash.classList.add('on');
        G.sound.play('chip');
        await G.wait(G.ms(500));
        setBall(50, 50);
      }
      await G.wait(perMinute);
    }
    pitch.classList.add('done');
    feedLine(FULL, t('vsFullTime', { home: fx.home, hs: o.score[0], as: o.score[1], away: fx.away }), 'full');
    score.textContent = `${o.score[0]} – ${o.score[1]}`;
    status.textContent = o.won ? t('vsWon', { amount: money(answer.win) }) : t('vsLost');
    G.sound.play(o.won ? 'win' : 'lose');
    G.finishRound(answer);
  });
  paint();
  setBall(50, 50);

  G.setInfo(() => {
    G.openSheet(
      t('rules'),
      el(
        'div',
        {},
        el(
          'ul',
          {},
          el('li', { text: t('vsRule1') }),
          el('li', { text: t('vsRule2', { periods: R.periods, minutes: R.minutesPerPeriod }) }),
          el('li', { text: t('vsRule3') }),
        ),
        el('h3', { text: t('vsTable') }),
        el(
          'ul',
          {},
          R.fixtures.map((fx, i) =>
            el('li', {
              text: t('vsRow', {
                home: fx.home,
                away: fx.away,
                h: price(i, 'home'),
                d: price(i, 'draw'),
                a: price(i, 'away'),
                o: price(i, 'over'),
                u: price(i, 'under'),
              }),
            }),
          ),
        ),
        el('p', {}, el('strong', { text: `${t('rtp')}: ${((G.rtp ?? R.rtp) * 100).toFixed(2)}%` })),
        el('p', { class: 'vs-note', text: t('stakeRange', { min: money(G.MIN_STAKE), max: money(G.MAX_STAKE) }) }),
        el('p', { class: 'vs-note', text: t('fair') }),
      ),
    );
  });
})();
