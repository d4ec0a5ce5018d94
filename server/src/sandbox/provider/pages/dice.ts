/*
 * Dice: a roll from 0.00 to 99.99. Choose a win chance (Game.rules.minChance to maxChance, whole percent) and
 * roll under or over the line; the pay is rtp / chance rounded down to the hundredth (the server's dicePays,
 * recomputed here from Game.rules). The marker slides to the server's roll (outcome.roll).
 */
import type { DiceConfig, DiceOutcome, DiceSide } from '../games/dice';
import { Game } from './kit/game';
import { historyStrip } from './originals/history';
import { openRules, timesText } from './originals/sheet';
import { applyTheme, ORIGINAL_STAKES, statsRow } from './originals/stats';
import './styles/originals.css';

(() => {
  const G = Game;
  if (!G) return;
  const { el, t, money } = G;
  const R = G.rules as DiceConfig | undefined;
  G.addStrings(
    {
      dcRoll: 'Roll',
      dcChance: 'Win chance',
      dcMultiplier: 'Pays',
      dcPayout: 'Win on hit',
      dcUnder: 'Roll under',
      dcOver: 'Roll over',
      dcSide: 'Roll under or over',
      dcLine: 'Win if the roll is {side} {line}',
      dcUnderWord: 'under',
      dcOverWord: 'at or over',
      dcWon: 'Rolled {roll} — you win {amount}',
      dcLost: 'Rolled {roll} — no win',
      dcHistory: 'Last rolls',
      dcRule1: 'Choose a win chance from {min}% to {max}% and whether to roll under or over the line, then press Roll.',
      dcRule2: 'The game rolls a number from 0.00 to 99.99. Under wins below the line; over wins at the line or above.',
      dcRule3: 'A win pays your bet times {rtp}% divided by the chance, rounded down to the hundredth.',
      dcExamples: 'Pays by chance',
    },
    {
      dcRoll: 'Đổ',
      dcChance: 'Tỷ lệ thắng',
      dcMultiplier: 'Trả',
      dcPayout: 'Tiền thắng',
      dcUnder: 'Dưới',
      dcOver: 'Trên',
      dcSide: 'Đổ dưới hoặc trên',
      dcLine: 'Thắng nếu kết quả {side} {line}',
      dcUnderWord: 'nhỏ hơn',
      dcOverWord: 'từ',
      dcWon: 'Ra {roll} — bạn thắng {amount}',
      dcLost: 'Ra {roll} — không thắng',
      dcHistory: 'Kết quả gần đây',
      dcRule1: 'Chọn tỷ lệ thắng từ {min}% đến {max}% và đổ dưới hay trên vạch, rồi bấm Đổ.',
      dcRule2:
        'Trò chơi đổ ra một số từ 0,00 đến 99,99. Dưới thắng khi nhỏ hơn vạch; trên thắng khi bằng hoặc lớn hơn vạch.',
      dcRule3: 'Thắng được trả tiền cược nhân {rtp}% chia cho tỷ lệ thắng, làm tròn xuống đến phần trăm.',
      dcExamples: 'Trả thưởng theo tỷ lệ thắng',
    },
  );
  if (!R) return;
  applyTheme(R.theme.colors);

  /** The pay in hundredths, as the server computes it (fairHundredths(rtp, chance / 100)). */
  const paysOf = (c: number) => Math.floor((R.rtp / (c / 100)) * 100 + 1e-9);
  const clampChance = (c: number) => Math.min(R.maxChance, Math.max(R.minChance, Math.round(c)));
  let chance = clampChance(Number(G.store.get<number>('dice:chance', R.defaultChance)) || R.defaultChance);
  let side: DiceSide = G.store.get<string>('dice:side', 'under') === 'over' ? 'over' : 'under';

  const win = el('div', { class: 'dc-win' });
  const marker = el('div', { class: 'dc-marker', hidden: true });
  const track = el('div', { class: 'dc-track' }, win, marker);
  const scale = el('div', { class: 'dc-scale' }, ...[0, 25, 50, 75, 100].map((n) => el('span', { text: String(n) })));
  const lineText = el('div', { class: 'og-note', style: 'text-align:center' });
  const slider = el('input', {
    type: 'range',
    class: 'dc-slider',
    min: R.minChance,
    max: R.maxChance,
    step: 1,
    value: chance,
    'aria-label': t('dcChance'),
  });
  slider.addEventListener('input', () => {
    chance = clampChance(Number(slider.value));
    G.store.set('dice:chance', chance);
    paint();
  });
  const under = el('button', { type: 'button', text: t('dcUnder') });
  const over = el('button', { type: 'button', text: t('dcOver') });
  under.addEventListener('click', () => setSide('under'));
  over.addEventListener('click', () => setSide('over'));
  const stats = statsRow(G, [t('dcChance'), t('dcMultiplier'), t('dcPayout')]);
  const [chanceOut, paysOut, payoutOut] = stats.values as [HTMLElement, HTMLElement, HTMLElement];
  const history = historyStrip(G, t('dcHistory'), 10);
  const status = el('div', { class: 'og-status', 'aria-live': 'polite' });
  const stepper = G.stakeStepper({
    values: ORIGINAL_STAKES,
    initial: 10,
    onChange: () => paint(),
  });
  const roll = el('button', { type: 'button', class: 'g-btn og-main', text: t('dcRoll') });
  G.stage.append(
    el('div', { class: 'og-panel' }, track, scale, lineText),
    history.node,
    el(
      'div',
      { class: 'og-panel' },
      el('div', { class: 'og-seg', role: 'group', 'aria-label': t('dcSide') }, under, over),
      slider,
    ),
    stats.node,
    status,
    el('div', { class: 'og-row' }, stepper.node, roll),
  );

  const setSide = (s: DiceSide) => {
    if (G.busy) return;
    side = s;
    G.store.set('dice:side', side);
    G.sound.play('click');
    paint();
  };
  const lineOf = () => (side === 'under' ? chance : 100 - chance);
  const paint = () => {
    const line = lineOf();
    win.style.left = side === 'under' ? '0' : `${line}%`;
    win.style.right = side === 'under' ? `${100 - line}%` : '0';
    under.setAttribute('aria-pressed', String(side === 'under'));
    over.setAttribute('aria-pressed', String(side === 'over'));
    lineText.textContent = t('dcLine', {
      side: t(side === 'under' ? 'dcUnderWord' : 'dcOverWord'),
      line: line.toFixed(2),
    });
    chanceOut.textContent = `${chance}%`;
    paysOut.textContent = timesText(paysOf(chance));
    payoutOut.textContent = money(Math.floor((stepper.value * paysOf(chance)) / 100));
  };
  G.onLock((locked) => {
    stepper.setDisabled(locked);
    roll.disabled = locked;
    slider.disabled = locked;
    under.disabled = locked;
    over.disabled = locked;
  });

  roll.addEventListener('click', async () => {
    const answer = await G.play<DiceOutcome>({ stake: stepper.value, chance, side });
    if (!answer) return;
    const o = answer.outcome;
    status.textContent = '';
    status.className = 'og-status';
    marker.hidden = false;
    marker.className = 'dc-marker';
    marker.textContent = '…';
    G.sound.play('spin');
    // Start the marker from the middle, then slide it to the server's roll.
    marker.style.transition = 'none';
    marker.style.left = '50%';
    void marker.offsetWidth;
    marker.style.transition = '';
    marker.style.left = `${o.roll}%`;
    marker.textContent = o.roll.toFixed(2);
    await G.wait(G.ms(650));
    marker.classList.add(o.won ? 'won' : 'lost');
    status.classList.toggle('lost', !o.won);
    status.textContent = o.won
      ? t('dcWon', { roll: o.roll.toFixed(2), amount: money(answer.win) })
      : t('dcLost', { roll: o.roll.toFixed(2) });
    history.push(o.roll.toFixed(2), o.won);
    G.sound.play(o.won ? 'win' : 'lose');
    G.finishRound(answer);
  });
  paint();

  G.setInfo(() => {
    const examples = [R.minChance, 10, 25, 50, 75, R.maxChance].filter((c) => c >= R.minChance && c <= R.maxChance);
    openRules(G, {
      rules: [
        t('dcRule1', { min: R.minChance, max: R.maxChance }),
        t('dcRule2'),
        t('dcRule3', { rtp: (R.rtp * 100).toFixed(2) }),
      ],
      table: { title: t('dcExamples'), rows: examples.map((c) => [`${c}%`, timesText(paysOf(c))] as const) },
      rtp: R.rtp,
    });
  });
})();
