/*
 * Keno: a board of Game.rules.numbers numbers; pick 1 to 10, play, and the server's draw (outcome.drawn) is
 * revealed ball by ball; hits light up and the paytable row for the picks (from Game.rules) shows the pay.
 */
import type { KenoConfig, KenoOutcome } from '../games/keno';
import { Game } from './kit/game';
import './styles/keno.css';

(() => {
  const G = Game;
  if (!G) return;
  const { el, t, money } = G;
  const R = G.rules as KenoConfig | undefined;
  G.addStrings(
    {
      knPlay: 'Play',
      knClear: 'Clear',
      knRandom: 'Random',
      knPickSome: 'Pick 1 to 10 numbers',
      knPicked: '{n} picked',
      knHits: '{hits} hits of {picks} · {amount}',
      knNoHits: '{hits} hits of {picks}',
      knNumber: 'Number {n}',
      knRule1: 'Pick 1 to 10 numbers from 1 to {numbers}; the game draws {drawn}.',
      knRule2: 'The table for the number of picks pays by hits (times your bet).',
      knPays: 'Pays for {n} picks',
      knHitsCol: '{k} hits',
    },
    {
      knPlay: 'Chơi',
      knClear: 'Xóa',
      knRandom: 'Ngẫu nhiên',
      knPickSome: 'Chọn từ 1 đến 10 số',
      knPicked: 'Đã chọn {n}',
      knHits: 'Trúng {hits}/{picks} · {amount}',
      knNoHits: 'Trúng {hits}/{picks}',
      knNumber: 'Số {n}',
      knRule1: 'Chọn từ 1 đến 10 số trong khoảng 1 đến {numbers}; trò chơi rút {drawn} số.',
      knRule2: 'Bảng trả thưởng theo số lượng số đã chọn trả theo số lần trúng (nhân tiền cược).',
      knPays: 'Trả thưởng khi chọn {n} số',
      knHitsCol: 'Trúng {k}',
    },
  );
  if (!R) return;
  const [c1, c2, c3] = R.theme.colors;
  document.body.style.setProperty('--kn-bg1', c1);
  document.body.style.setProperty('--kn-bg2', c2);
  document.body.style.setProperty('--kn-accent', c3);

  let picks = G.store
    .get<number[]>('keno:picks', [])
    .filter((n) => n >= 1 && n <= R.numbers)
    .slice(0, 10);
  const cells: HTMLButtonElement[] = [];
  const board = el('div', { class: 'kn-board' });
  for (let n = 1; n <= R.numbers; n++) {
    const cell = el('button', {
      type: 'button',
      class: 'kn-cell',
      text: String(n),
      'aria-label': t('knNumber', { n }),
    });
    cell.addEventListener('click', () => toggle(n));
    cells.push(cell);
    board.append(cell);
  }
  const status = el('div', { class: 'kn-status', 'aria-live': 'polite' });
  const payRow = el('div', { class: 'kn-payrow' });
  const stepper = G.stakeStepper({ values: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000], initial: 10 });
  const play = el('button', { type: 'button', class: 'g-btn kn-play', text: t('knPlay') });
  const clear = el('button', { type: 'button', class: 'g-btn', text: t('knClear') });
  const random = el('button', { type: 'button', class: 'g-btn', text: t('knRandom') });
  G.stage.append(
    board,
    payRow,
    status,
    el('div', { class: 'kn-controls' }, clear, random),
    el('div', { class: 'kn-controls' }, stepper.node, play),
  );
  let locked = false;
  G.onLock((value) => {
    locked = value;
    stepper.setDisabled(value);
    play.disabled = value || picks.length === 0;
    clear.disabled = value;
    random.disabled = value;
  });

  const paint = (drawn: readonly number[] = [], reset = true) => {
    cells.forEach((cell, i) => {
      const n = i + 1;
      if (reset) cell.classList.remove('drawn', 'hit');
      cell.classList.toggle('picked', picks.includes(n));
      cell.setAttribute('aria-pressed', String(picks.includes(n)));
      if (drawn.includes(n)) cell.classList.add(picks.includes(n) ? 'hit' : 'drawn');
    });
    status.textContent = picks.length ? t('knPicked', { n: picks.length }) : t('knPickSome');
    play.disabled = locked || picks.length === 0;
    const row = R.paytable[picks.length] ?? [];
    payRow.replaceChildren(
      ...row
        .map((m, k): [number, number] => [m, k])
        .filter(([m]) => m > 0)
        .map(([m, k]) => el('span', {}, el('b', { text: t('knHitsCol', { k }) }), ` ${m / 100}×`)),
    );
  };
  const toggle = (n: number) => {
    if (locked) return;
    if (picks.includes(n)) picks = picks.filter((x) => x !== n);
    else if (picks.length < 10) picks = [...picks, n];
    G.store.set('keno:picks', picks);
    G.sound.play('click');
    paint();
  };
  clear.addEventListener('click', () => {
    picks = [];
    paint();
  });
  random.addEventListener('click', () => {
    const count = Math.max(1, picks.length || 5);
    const pool = Array.from({ length: R.numbers }, (_, i) => i + 1);
    picks = [];
    while (picks.length < count) {
      const [n] = pool.splice(Math.floor(Math.random() * pool.length), 1);
      if (n === undefined) break;
      picks.push(n);
    }
    G.store.set('keno:picks', picks);
    paint();
  });
  play.addEventListener('click', async () => {
    const answer = await G.play<KenoOutcome>({ stake: stepper.value, picks });
    if (!answer) return;
    const o = answer.outcome;
    paint();
    const shown: number[] = [];
    for (const n of o.drawn) {
      shown.push(n);
      paint(shown, false);
      G.sound.play(picks.includes(n) ? 'chip' : 'tick');
      await G.wait(G.ms(180));
    }
    status.textContent =
      answer.win > 0
        ? t('knHits', { hits: o.hits.length, picks: picks.length, amount: money(answer.win) })
        : t('knNoHits', { hits: o.hits.length, picks: picks.length });
    G.sound.play(answer.win > 0 ? 'win' : 'lose');
    G.finishRound(answer);
  });
  paint();

  G.setInfo(() => {
    const n = Math.max(1, picks.length);
    const row = R.paytable[n] ?? [];
    G.openSheet(
      t('rules'),
      el(
        'div',
        {},
        el(
          'ul',
          {},
          el('li', { text: t('knRule1', { numbers: R.numbers, drawn: R.drawn }) }),
          el('li', { text: t('knRule2') }),
        ),
        el('h3', { text: t('knPays', { n }) }),
        el('p', {
          text: row
            .map((m, k) => (m > 0 ? `${t('knHitsCol', { k })}: ${m / 100}×` : ''))
            .filter(Boolean)
            .join(' · '),
        }),
        el('p', {}, el('strong', { text: `${t('rtp')}: ${(R.rtp * 100).toFixed(2)}%` })),
        el('p', { class: 'kn-note', text: t('stakeRange', { min: money(G.MIN_STAKE), max: money(G.MAX_STAKE) }) }),
        el('p', { class: 'kn-note', text: t('fair') }),
      ),
    );
  });
})();
