/*
 * Race: pick a runner at the odds of Game.rules.odds (hundredths) and play; the lanes animate to the
 * finishing order the server drew (outcome.order, winner first). Each runner's finishing time follows its
 * place, so the animation ends exactly in the server's order.
 */
import type { RaceOutcome, RaceRules } from '../games/race';
import { Game } from './kit/game';
import './styles/race.css';

(() => {
  const G = Game;
  if (!G) return;
  const { el, t, money } = G;
  const R = G.rules as RaceRules | undefined;
  G.addStrings(
    {
      rcStart: 'Start race',
      rcPick: 'Pick a runner',
      rcOdds: 'Odds {odds}',
      rcRunner: '{name}, odds {odds}',
      rcWon: '{name} won! You win {amount}',
      rcLost: '{name} won; your {pick} came {place}',
      rcPlace: '#{n}',
      rcFinish: 'Finish',
      rcResult: 'Finishing order',
      rcRule1: 'Pick one runner and place your bet. If it wins the race, you are paid your bet times its odds.',
      rcRule2: 'Odds are fixed before the race from each runner’s chance to win; the rest of the order is for show.',
      rcTable: 'Runners, chance to win and odds',
      rcRow: '{name}: {chance}% · odds {odds}',
      rcHorse: 'Horse race',
      rcCycling: 'Cycling sprint',
      rcCarabao: 'Carabao race',
    },
    {
      rcStart: 'Bắt đầu đua',
      rcPick: 'Chọn một đấu thủ',
      rcOdds: 'Tỷ lệ {odds}',
      rcRunner: '{name}, tỷ lệ {odds}',
      rcWon: '{name} thắng! Bạn thắng {amount}',
      rcLost: '{name} thắng; {pick} của bạn về thứ {place}',
      rcPlace: '#{n}',
      rcFinish: 'Đích',
      rcResult: 'Thứ tự về đích',
      rcRule1: 'Chọn một đấu thủ và đặt cược. Nếu đấu thủ đó thắng, bạn nhận tiền cược nhân với tỷ lệ của nó.',
      rcRule2: 'Tỷ lệ được cố định trước cuộc đua theo cơ hội thắng của từng đấu thủ; các hạng còn lại chỉ để xem.',
      rcTable: 'Đấu thủ, cơ hội thắng và tỷ lệ',
      rcRow: '{name}: {chance}% · tỷ lệ {odds}',
      rcHorse: 'Đua ngựa',
      rcCycling: 'Đua xe đạp',
      rcCarabao: 'Đua trâu',
    },
  );
  if (!R) return;
  const [c1, c2, c3] = R.theme.colors;
  document.body.style.setProperty('--rc-bg1', c1);
  document.body.style.setProperty('--rc-bg2', c2);
  document.body.style.setProperty('--rc-accent', c3);
  document.body.classList.add(`rc-${R.theme.key}`);
  const odds = (i: number) => ((R.odds[i] ?? 0) / 100).toFixed(2);

  let pick = Math.min(R.runners.length - 1, Math.max(0, Number(G.store.get<number>(`race:${R.name}:pick`, 0)) || 0));
  const tokens: HTMLElement[] = [];
  const placeTags: HTMLElement[] = [];
  const track = el('div', { class: 'rc-track', role: 'img', 'aria-label': R.name });
  R.runners.forEach((runner, i) => {
    const token = el(
      'span',
      { class: 'rc-token', style: `--rc-color:${runner.color}` },
      el('span', { class: 'rc-bib', text: String(i + 1) }),
    );
    const tag = el('span', { class: 'rc-place' });
    tokens.push(token);
    placeTags.push(tag);
    track.append(el('div', { class: 'rc-lane' }, el('span', { class: 'rc-name', text: runner.name }), token, tag));
  });
  track.append(el('div', { class: 'rc-finish', 'aria-hidden': 'true' }));
  const picks = el('div', { class: 'rc-picks', role: 'radiogroup', 'aria-label': t('rcPick') });
  const pickButtons = R.runners.map((runner, i) => {
    const b = el(
      'button',
      {
        type: 'button',
        role: 'radio',
        class: 'rc-pick',
        style: `--rc-color:${runner.color}`,
        'aria-label': t('rcRunner', { name: runner.name, odds: odds(i) }),
      },
      el('span', { class: 'rc-dot', text: String(i + 1) }),
      el('span', { class: 'rc-pname', text: runner.name }),
      el('b', { class: 'rc-odds', text: odds(i) }),
    );
    b.addEventListener('click', () => {
      if (G.busy) return;
      pick = i;
      G.store.set(`race:${R.name}:pick`, i);
      G.sound.play('click');
      paintPicks();
    });
    picks.append(b);
    return b;
  });
  const status = el('div', { class: 'rc-status', 'aria-live': 'polite' });
  const stepper = G.stakeStepper({ values: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000], initial: 10 });
  const start = el('button', { type: 'button', class: 'g-btn rc-start', text: t('rcStart') });
  G.stage.append(track, status, picks, el('div', { class: 'rc-controls' }, stepper.node, start));
  G.onLock((locked) => {
    stepper.setDisabled(locked);
    start.disabled = locked;
    for (const b of pickButtons) b.disabled = locked;
  });

  const paintPicks = () => {
    pickButtons.forEach((b, i) => {
      b.classList.toggle('on', i === pick);
      b.setAttribute('aria-checked', String(i === pick));
    });
    status.textContent = t('rcRunner', { name: R.runners[pick]?.name ?? '', odds: odds(pick) });
  };
  const place = (i: number, p: number) => {
    tokens[i]?.style.setProperty('--rc-p', String(Math.max(0, Math.min(1, p))));
  };
  const reset = () => {
    R.runners.forEach((_, i) => {
      place(i, 0);
      const tag = placeTags[i];
      if (tag) tag.textContent = '';
      tokens[i]?.parentElement?.classList.remove('mine', 'first');
    });
  };

  /** Animates to the server's order: the runner in place k finishes at base·(1 + 0.035k). */
  const run = (order: readonly number[]) => {
    const total = G.ms(5200);
    const finishAt: number[] = new Array(R.runners.length);
    order.forEach((runner, k) => {
      finishAt[runner] = (total / (1 + 0.035 * (order.length - 1))) * (1 + 0.035 * k);
    });
    const wobble = R.runners.map(() => ({
      a: 0.04 + Math.random() * 0.05,
      f: 2 + Math.random() * 3,
      ph: Math.random() * 6,
    }));
    return new Promise<void>((resolve) => {
      const t0 = performance.now();
      let lastTick = 0;
      const frame = (now: number) => {
        const elapsed = now - t0;
        wobble.forEach((w, i) => {
          const s = Math.min(1, elapsed / (finishAt[i] ?? total));
          // The wobble vanishes at the start and at the line, so every runner crosses at its own time.
          place(i, s + w.a * Math.sin(w.f * s * Math.PI + w.ph) * s * (1 - s) * 4 * (1 - s));
        });
        if (elapsed - lastTick > 260) {
          lastTick = elapsed;
          G.sound.play('tick');
        }
        if (elapsed < total) requestAnimationFrame(frame);
        else resolve();
      };
      requestAnimationFrame(frame);
    });
  };

  start.addEventListener('click', async () => {
    const runner = pick;
    const answer = await G.play<RaceOutcome>({ stake: stepper.value, runner });
    if (!answer) return;
    const o = answer.outcome;
    reset();
    tokens[runner]?.parentElement?.classList.add('mine');
    await run(o.order);
    o.order.forEach((r, k) => {
      const tag = placeTags[r];
      if (tag) tag.textContent = t('rcPlace', { n: k + 1 });
    });
    const first = o.order[0] ?? 0;
    tokens[first]?.parentElement?.classList.add('first');
    const winner = R.runners[first]?.name ?? '';
    status.textContent = o.won
      ? t('rcWon', { name: winner, amount: money(answer.win) })
      : t('rcLost', { name: winner, pick: R.runners[runner]?.name ?? '', place: o.order.indexOf(runner) + 1 });
    G.sound.play(o.won ? 'win' : 'lose');
    G.finishRound(answer);
  });
  reset();
  paintPicks();

  G.setInfo(() => {
    const total = R.runners.reduce((s, r) => s + r.weight, 0);
    G.openSheet(
      t('rules'),
      el(
        'div',
        {},
        el('ul', {}, el('li', { text: t('rcRule1') }), el('li', { text: t('rcRule2') })),
        el('h3', { text: t('rcTable') }),
        el(
          'ul',
          {},
          R.runners.map((r, i) =>
            el('li', {
              text: t('rcRow', { name: r.name, chance: ((r.weight / total) * 100).toFixed(1), odds: odds(i) }),
            }),
          ),
        ),
        el('p', {}, el('strong', { text: `${t('rtp')}: ${((G.rtp ?? R.rtp) * 100).toFixed(2)}%` })),
        el('p', { class: 'rc-note', text: t('stakeRange', { min: money(G.MIN_STAKE), max: money(G.MAX_STAKE) }) }),
        el('p', { class: 'rc-note', text: t('fair') }),
      ),
    );
  });
})();
