/*
 * Limbo: choose a target multiplier and play; the server draws the result (outcome.result) with
 * P(result >= target) = rtp / target, and the page counts up to it. A result at or above the target pays the
 * bet times the target. Chance and pay are computed from Game.rules (rtp, maxTarget).
 */
import type { LimboConfig, LimboOutcome } from '../games/limbo';
import { Game } from './kit/game';
import { historyStrip } from './originals/history';
import { openRules } from './originals/sheet';
import { applyTheme, ORIGINAL_STAKES, statsRow } from './originals/stats';
import './styles/originals.css';

(() => {
  const G = Game;
  if (!G) return;
  const { el, t, money } = G;
  const R = G.rules as LimboConfig | undefined;
  G.addStrings(
    {
      lbPlay: 'Play',
      lbTarget: 'Target multiplier',
      lbChance: 'Win chance',
      lbPayout: 'Win on hit',
      lbMultiplier: 'Multiplier',
      lbWon: '{result}× — you win {amount}',
      lbLost: '{result}× — under your {target}×',
      lbPickTarget: 'Set a target, then play',
      lbInvalid: 'Target from 1.01× to {max}×',
      lbHistory: 'Last results',
      lbRule1: 'Set a target multiplier from 1.01× to {max}× and your bet, then press Play.',
      lbRule2:
        'The game draws a result multiplier. If it reaches your target or more, you win your bet times the target; otherwise the bet is lost.',
      lbRule3: 'The chance of reaching a target is {rtp}% divided by the target (2× wins {two}% of the time).',
      lbExamples: 'Examples',
    },
    {
      lbPlay: 'Chơi',
      lbTarget: 'Hệ số mục tiêu',
      lbChance: 'Tỷ lệ thắng',
      lbPayout: 'Tiền thắng',
      lbMultiplier: 'Hệ số',
      lbWon: '{result}× — bạn thắng {amount}',
      lbLost: '{result}× — thấp hơn mục tiêu {target}×',
      lbPickTarget: 'Đặt mục tiêu rồi bấm Chơi',
      lbInvalid: 'Mục tiêu từ 1,01× đến {max}×',
      lbHistory: 'Kết quả gần đây',
      lbRule1: 'Đặt hệ số mục tiêu từ 1,01× đến {max}× và mức cược, rồi bấm Chơi.',
      lbRule2:
        'Trò chơi rút một hệ số kết quả. Nếu đạt mục tiêu trở lên, bạn thắng tiền cược nhân mục tiêu; nếu không, mất tiền cược.',
      lbRule3: 'Xác suất đạt mục tiêu bằng {rtp}% chia cho mục tiêu (2× thắng {two}% số lần).',
      lbExamples: 'Ví dụ',
    },
  );
  if (!R) return;
  applyTheme(R.theme.colors);

  const MIN = 1.01;
  const clamp = (x: number) => Math.min(R.maxTarget, Math.max(MIN, Math.round(x * 100) / 100));
  const chanceOf = (target: number) => (R.rtp / target) * 100;
  const fmtPct = (p: number) => (p >= 10 ? p.toFixed(2) : p.toPrecision(3));
  let target = clamp(Number(G.store.get<number>('limbo:target', 2)) || 2);

  const value = el('div', { class: 'lb-value', 'aria-live': 'polite', text: '1.00×' });
  const screen = el('div', { class: 'lb-screen' }, value);
  const history = historyStrip(G, t('lbHistory'), 12);
  const input = el('input', {
    type: 'number',
    inputmode: 'decimal',
    min: MIN,
    max: R.maxTarget,
    step: '0.01',
    value: target.toFixed(2),
    'aria-label': t('lbTarget'),
  });
  const quick = el('div', { class: 'lb-quick' });
  for (const q of [1.5, 2, 5, 10, 100]) {
    const b = el('button', { type: 'button', text: `${q}×` });
    b.addEventListener('click', () => setTarget(q));
    quick.append(b);
  }
  const half = el('button', { type: 'button', text: '÷2', 'aria-label': '÷2' });
  const double = el('button', { type: 'button', text: '×2', 'aria-label': '×2' });
  half.addEventListener('click', () => setTarget(target / 2));
  double.addEventListener('click', () => setTarget(target * 2));
  quick.append(half, double);
  const stats = statsRow(G, [t('lbChance'), t('lbPayout'), t('bet')]);
  const [chance, payout, stakeShown] = stats.values as [HTMLElement, HTMLElement, HTMLElement];
  const status = el('div', { class: 'og-status', 'aria-live': 'polite', text: t('lbPickTarget') });
  const stepper = G.stakeStepper({
    values: ORIGINAL_STAKES,
    initial: 10,
    onChange: () => paint(),
  });
  const play = el('button', { type: 'button', class: 'g-btn og-main', text: t('lbPlay') });
  G.stage.append(
    screen,
    history.node,
    el(
      'div',
      { class: 'og-panel' },
      el('label', { class: 'og-field' }, el('span', { text: t('lbTarget') }), input),
      quick,
    ),
    stats.node,
    status,
    el('div', { class: 'og-row' }, stepper.node, play),
  );

  const setTarget = (x: number) => {
    if (G.busy) return;
    target = clamp(x);
    input.value = target.toFixed(2);
    G.store.set('limbo:target', target);
    G.sound.play('click');
    paint();
  };
  input.addEventListener('change', () => {
    const x = Number(input.value);
    if (!Number.isFinite(x) || x < MIN || x > R.maxTarget) G.toast(t('lbInvalid', { max: R.maxTarget }), 'error');
    setTarget(Number.isFinite(x) ? x : 2);
  });
  const paint = () => {
    chance.textContent = `${fmtPct(chanceOf(target))}%`;
    payout.textContent = money(Math.floor((stepper.value * Math.round(target * 100)) / 100));
    stakeShown.textContent = money(stepper.value);
  };
  G.onLock((locked) => {
    stepper.setDisabled(locked);
    play.disabled = locked;
    input.disabled = locked;
    for (const b of quick.querySelectorAll('button')) b.disabled = locked;
  });

  /** Counts the screen up to the server's result (exponential, as the multiplier grows). */
  const countTo = (result: number) => {
    const length = G.reducedMotion() ? 0 : Math.min(900, 350 + Math.log(result) * 120);
    return new Promise<void>((resolve) => {
      if (length <= 0) {
        value.textContent = `${result.toFixed(2)}×`;
        resolve();
        return;
      }
      const start = performance.now();
      const frame = (now: number) => {
        const p = Math.min(1, (now - start) / length);
        const eased = 1 - (1 - p) ** 3;
        const shown = p < 1 ? Math.exp(Math.log(result) * eased) : result;
        value.textContent = `${(Math.floor(shown * 100) / 100).toFixed(2)}×`;
        if (p < 1) requestAnimationFrame(frame);
        else resolve();
      };
      requestAnimationFrame(frame);
    });
  };

  play.addEventListener('click', async () => {
    const answer = await G.play<LimboOutcome>({ stake: stepper.value, target });
    if (!answer) return;
    const o = answer.outcome;
    value.className = 'lb-value';
    status.className = 'og-status';
    status.textContent = '';
    G.sound.play('launch');
    await countTo(o.result);
    value.classList.add(o.won ? 'won' : 'lost');
    status.classList.toggle('lost', !o.won);
    status.textContent = o.won
      ? t('lbWon', { result: o.result.toFixed(2), amount: money(answer.win) })
      : t('lbLost', { result: o.result.toFixed(2), target: o.target.toFixed(2) });
    history.push(`${o.result.toFixed(2)}×`, o.won);
    G.sound.play(o.won ? 'win' : 'lose');
    G.finishRound(answer);
  });
  paint();

  G.setInfo(() =>
    openRules(G, {
      rules: [
        t('lbRule1', { max: R.maxTarget }),
        t('lbRule2'),
        t('lbRule3', { rtp: (R.rtp * 100).toFixed(2), two: fmtPct(chanceOf(2)) }),
      ],
      table: {
        title: t('lbExamples'),
        rows: [1.5, 2, 5, 10, 100, R.maxTarget].map((m) => [`${m}×`, `${fmtPct(chanceOf(m))}%`] as const),
      },
      rtp: R.rtp,
    }),
  );
})();
